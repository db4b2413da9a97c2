import { SITE_DEFAULTS } from '../config/site-defaults';

// The institutional pages' titles and descriptions (page-meta.ts re-exports them). A module of their own: page-meta.ts
// is part of every reader page's first load, and only these pages' own chunks (and the edge handler) read these.

export const advertisingMeta = (siteName: string) => ({
  title: `Anuncie no ${siteName}`,
  description: `Anuncie no ${siteName}: mais de 50 mil leitores mensais em ${SITE_DEFAULTS.city} e região.`,
});

export const tipLineMeta = (siteName: string) => ({
  title: 'Envie sua notícia',
  description: `Viu algo acontecer em ${SITE_DEFAULTS.city}? Envie sua sugestão de pauta, com fotos, para a redação do ${siteName}.`,
});

export const accessibilityMeta = (siteName: string) => ({
  title: 'Acessibilidade',
  description: `Como o ${siteName} busca a acessibilidade (WCAG 2.2 nível AA), seus limites conhecidos e como relatar uma barreira.`,
});

export const privacyMeta = (siteName: string) => ({
  title: 'Política de Privacidade',
  description: `Quais dados o ${siteName} coleta, por quê, por quanto tempo, com quem compartilha e como exercer seus direitos (LGPD).`,
});
