import { SITE_DEFAULTS } from '../../config/site-defaults';

/** '/apoie''s head: its title and its description for link previews. */
export const supportMeta = (siteName: string) => ({
  title: `Apoie o jornalismo de ${SITE_DEFAULTS.city}`,
  description: `Apoie o ${siteName} com um Pix de qualquer valor: sem cadastro, sem cartão, direto para a conta da redação.`,
});

/** The page's text when the newsroom has not written its own (Administrador → Configurações → Apoie). */
export const DEFAULT_SUPPORT_TEXT = (siteName: string) =>
  [
    `O ${siteName} faz jornalismo local: acompanhamos a Câmara, a prefeitura, as escolas, a saúde e o dia a dia de ${SITE_DEFAULTS.city}. Nenhuma notícia daqui fica atrás de um paywall.`,
    'Esse trabalho custa apuração, deslocamento e horas de reportagem. A publicidade paga uma parte; a outra vem de leitores como você.',
    'Se o que publicamos é útil para você, apoie com um Pix de qualquer valor. Sem cadastro e sem cartão: o dinheiro vai direto para a conta da redação.',
  ].join('\n\n');
