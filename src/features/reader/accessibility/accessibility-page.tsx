import { site } from '../../../config/site';
import { accessibilityMeta } from '../../../lib/page-meta';
import { BackToHomeLink } from '../components/back-to-home-link';
import { useDocumentMeta } from '../components/use-document-meta';
import { StatementSection } from '../components/statement-section';

/** The date of the last review of this statement; update it with the statement (docs/decisions/0036). */
export const ACCESSIBILITY_REVIEWED_ON = '27 de novembro de 2026';

/**
 * 'Acessibilidade' (LBI, Lei 13.146/2015, art. 63): the standard the site aims at, what it does, its known limits and
 * how to report a barrier. Static text only: no data, no form, so its route chunk stays small.
 */
export function AccessibilityPage() {
  const meta = accessibilityMeta(site.name);
  useDocumentMeta(meta.title, meta.description);
  const email = site.contact.email;
  // The barrier report goes to the newspaper's public contact (src/config/site.ts): the only contact the site has.
  const reportHref = `mailto:${email}?subject=${encodeURIComponent('Barreira de acessibilidade')}`;
  return (
    <div className="space-y-8">
      <BackToHomeLink />
      <header className="max-w-3xl">
        <h1 className="font-serif text-3xl font-bold text-slate-900 sm:text-4xl">Acessibilidade</h1>
        <p className="mt-3 text-lg text-slate-700">
          O {site.name} quer ser lido por todas as pessoas, inclusive por quem usa leitor de tela, navega só pelo teclado,
          amplia a tela ou prefere menos animação. Esta página diz o que fazemos, o que ainda não está bom e como nos avisar.
        </p>
      </header>
      <div className="max-w-3xl space-y-10 text-slate-800 [&_li]:ml-5 [&_li]:list-disc [&_ul]:space-y-2">
        <StatementSection id="acess-padrao" title="O padrão que seguimos">
          <p>
            Buscamos atender às Diretrizes de Acessibilidade para Conteúdo Web (WCAG) 2.2, nível AA, do W3C, como pede a Lei
            Brasileira de Inclusão (Lei 13.146/2015, art. 63). Isso vale para as páginas de leitura e para o painel da redação.
          </p>
        </StatementSection>
        <StatementSection id="acess-recursos" title="O que o site oferece">
          <ul>
            <li>
              <strong>Teclado:</strong> tudo pode ser usado sem mouse, com Tab, Shift+Tab, Enter e Espaço. O primeiro link de
              cada página, &ldquo;Pular para o conteúdo&rdquo;, leva direto ao texto principal.
            </li>
            <li>
              <strong>Foco visível:</strong> o elemento selecionado pelo teclado ganha um contorno bem visível.
            </li>
            <li>
              <strong>Menus e janelas:</strong> o menu do celular e as janelas de diálogo abrem e fecham pelo teclado; a tecla
              Esc fecha e devolve o foco ao botão que os abriu.
            </li>
            <li>
              <strong>Contraste:</strong> textos e botões seguem o contraste mínimo do nível AA.
            </li>
            <li>
              <strong>Ampliação:</strong> as páginas funcionam com zoom de até 200% e em telas de 320 pixels de largura, sem
              rolagem lateral.
            </li>
            <li>
              <strong>Menos movimento:</strong> se o seu sistema pede para reduzir animações, o site desliga animações,
              transições e a rolagem suave.
            </li>
            <li>
              <strong>Textos alternativos:</strong> fotos de notícias, obituários e anúncios têm descrição para leitores de
              tela; ícones decorativos são ignorados por eles.
            </li>
            <li>
              <strong>Estrutura:</strong> títulos em ordem, regiões da página nomeadas (cabeçalho, navegação, conteúdo
              principal, rodapé) e formulários com rótulos e mensagens de erro ligadas a cada campo.
            </li>
            <li>
              <strong>Áreas de toque:</strong> botões e links isolados têm pelo menos 24 por 24 pixels.
            </li>
          </ul>
          <p>
            Verificamos isso a cada mudança com testes automáticos em um navegador real: navegação só por teclado, tela de 320
            pixels, zoom de 200%, movimento reduzido e a ferramenta axe, nas páginas do site e nas telas do painel.
          </p>
        </StatementSection>
        <StatementSection id="acess-limites" title="Limites conhecidos">
          <p>Testes automáticos não encontram tudo. Sabemos destes limites:</p>
          <ul>
            <li>
              <strong>Vídeos:</strong> o player de vídeo é do YouTube, de outra empresa; seus controles e legendas dependem
              dele. Sempre oferecemos também um link para assistir no próprio YouTube.
            </li>
            <li>
              <strong>Notícias de outras fontes:</strong> os destaques que vêm de agências e outros veículos chegam prontos; não
              controlamos o texto nem as imagens deles.
            </li>
            <li>
              <strong>Descrição de imagens:</strong> a redação escreve a descrição de cada foto, mas imagens antigas ou
              enviadas com pressa podem ter uma descrição curta ou genérica.
            </li>
            <li>
              <strong>Anúncios:</strong> as peças são imagens enviadas pelos anunciantes; o texto dentro delas só chega ao
              leitor de tela pela descrição cadastrada.
            </li>
            <li>
              <strong>Leitores de tela:</strong> testamos com ferramentas automáticas e com o teclado; ainda não fizemos uma
              avaliação completa com pessoas que usam leitores de tela.
            </li>
          </ul>
        </StatementSection>
        <StatementSection id="acess-contato" title="Encontrou uma barreira?">
          <p>
            Se algo no site impede ou dificulta a sua leitura, conte para nós. Diga a página, o que aconteceu e, se puder, o
            navegador e a tecnologia assistiva que você usa. Respondemos e corrigimos o quanto antes.
          </p>
          <p>
            E-mail:{' '}
            <a href={reportHref} className="break-all font-semibold text-brand-800 underline hover:text-brand-700">
              {email}
            </a>
          </p>
          <p>
            Telefone:{' '}
            <a href={`tel:${site.contact.phone.replace(/[^\d+]/g, '')}`} className="font-semibold text-brand-800 underline hover:text-brand-700">
              {site.contact.phone}
            </a>
          </p>
          <p className="text-sm text-slate-600">Declaração revisada em {ACCESSIBILITY_REVIEWED_ON}.</p>
        </StatementSection>
      </div>
    </div>
  );
}
