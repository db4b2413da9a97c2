import type { ReactNode } from 'react';
import { env } from '../../../config/env';
import { site } from '../../../config/site';
import { paths } from '../../../lib/paths';
import { privacyMeta } from '../../../lib/page-meta';
import type { SiteSettings } from '../../../services/site-settings';
import { BackToHomeLink } from '../components/back-to-home-link';
import { Deferred, type Later } from '../components/deferred';
import { useDocumentMeta } from '../components/use-document-meta';
import { StatementSection } from '../components/statement-section';

// 'Política de Privacidade' (LGPD, Lei 13.709/2018; docs/decisions/0039). Written from what the site really collects:
// every form, counter and third party named here is in the migrations and the code. The controller, the privacy
// contact and the periods come from the site settings, which administrators keep on 'Configurações'.

const months = (n: number) => (n === 1 ? '1 mês' : `${n} meses`);
const days = (n: number) => (n === 1 ? '1 dia' : `${n} dias`);

/** A value still on its way: the space it will take, and words for a screen reader. */
function Pending() {
  return (
    <span className="inline-block h-4 w-20 animate-pulse rounded bg-slate-200 align-middle" role="img" aria-label="carregando" />
  );
}


function PolicyBody({ settings }: { settings: SiteSettings | null }) {
  const value = (render: (s: SiteSettings) => ReactNode) => (settings ? render(settings) : <Pending />);
  const contact = settings?.privacy_email ? (
    <a href={`mailto:${settings.privacy_email}`} className="font-medium text-brand-800 underline [overflow-wrap:anywhere]">
      {settings.privacy_email}
    </a>
  ) : settings ? (
    <>
      o e-mail de contato do jornal,{' '}
      <a href={`mailto:${site.contact.email}`} className="font-medium text-brand-800 underline [overflow-wrap:anywhere]">
        {site.contact.email}
      </a>
    </>
  ) : (
    <Pending />
  );

  return (
    <>
      <StatementSection id="controlador" title="Quem cuida dos seus dados">
        <p>
          O controlador dos dados pessoais tratados neste site é{' '}
          {value((s) => (s.controller_name ? <strong>{s.controller_name}</strong> : <>a empresa responsável pelo {site.name}</>))}
          {settings?.controller_address ? `, ${settings.controller_address}` : ''}.
        </p>
        <p>
          Pedidos sobre seus dados, dúvidas sobre esta política e o contato com o encarregado pelo tratamento de dados: {contact}.
        </p>
      </StatementSection>

      <StatementSection id="o-que-coletamos" title="O que coletamos, por quê e por quanto tempo">
        <p>
          Para ler o site você não precisa se identificar. Só guardamos dados pessoais quando você mesmo os envia em um dos
          formulários abaixo.
        </p>
        {/* One block per form rather than a table: at 320 px four columns cannot fit (WCAG 1.4.10). */}
        <ul className="space-y-4">
          <li className="rounded-md border border-slate-200 p-4">
            <h3 className="font-semibold text-slate-900"><a href={paths.advertising()} className="text-brand-800 underline">Anuncie</a> (pedido de mídia kit)</h3>
            <dl className="mt-2 space-y-2 text-sm">
              <div>
                <dt className="font-medium text-slate-900">Dados</dt>
                <dd>Nome, empresa, e-mail, telefone, espaço de interesse e mensagem.</dd>
              </div>
              <div>
                <dt className="font-medium text-slate-900">Para quê e base legal</dt>
                <dd>Responder ao seu pedido de proposta comercial: procedimentos preliminares de contrato, a seu pedido (art. 7º, V).</dd>
              </div>
              <div>
                <dt className="font-medium text-slate-900">Por quanto tempo</dt>
                <dd>Até a equipe responder e por mais {value((s) => months(s.media_kit_retention_months))}; depois, apagado.</dd>
              </div>
            </dl>
          </li>
          <li className="rounded-md border border-slate-200 p-4">
            <h3 className="font-semibold text-slate-900">Resumo diário por e-mail</h3>
            <dl className="mt-2 space-y-2 text-sm">
              <div>
                <dt className="font-medium text-slate-900">Dados</dt>
                <dd>Seu e-mail, o texto do consentimento que você marcou, a página e o momento em que se inscreveu.</dd>
              </div>
              <div>
                <dt className="font-medium text-slate-900">Para quê e base legal</dt>
                <dd>Enviar o resumo das notícias: consentimento (art. 7º, I), confirmado pelo link que enviamos.</dd>
              </div>
              <div>
                <dt className="font-medium text-slate-900">Por quanto tempo</dt>
                <dd>Até você cancelar: o link &ldquo;cancelar inscrição&rdquo; de cada e-mail apaga o endereço na hora. Sem confirmação, o
                  endereço é apagado em {value((s) => days(s.unconfirmed_newsletter_days))}.</dd>
              </div>
            </dl>
          </li>
          <li className="rounded-md border border-slate-200 p-4">
            <h3 className="font-semibold text-slate-900"><a href={paths.tipLine()} className="text-brand-800 underline">Envie sua notícia</a></h3>
            <dl className="mt-2 space-y-2 text-sm">
              <div>
                <dt className="font-medium text-slate-900">Dados</dt>
                <dd>O relato, o local, até 3 fotos (guardadas em área privada, sem endereço público) e, se você quiser, seu nome e um
                  contato; o texto do consentimento e o momento do envio.</dd>
              </div>
              <div>
                <dt className="font-medium text-slate-900">Para quê e base legal</dt>
                <dd>Avaliar a sugestão de pauta e, se preciso, falar com você: consentimento (art. 7º, I).</dd>
              </div>
              <div>
                <dt className="font-medium text-slate-900">Por quanto tempo</dt>
                <dd>Até a redação analisar a sugestão e por mais {value((s) => months(s.news_tip_retention_months))}; depois, apagada com as
                  fotos.</dd>
              </div>
            </dl>
          </li>
          <li className="rounded-md border border-slate-200 p-4">
            <h3 className="font-semibold text-slate-900"><a href={paths.support()} className="text-brand-800 underline">Apoie com Pix</a></h3>
            <dl className="mt-2 space-y-2 text-sm">
              <div>
                <dt className="font-medium text-slate-900">Dados</dt>
                <dd>O valor, o identificador e o momento de cada código Pix gerado e, se você quiser, seu nome e e-mail, o pedido de
                  lembrete mensal e o texto do consentimento. O pagamento acontece no seu banco: não vemos seus dados bancários.</dd>
              </div>
              <div>
                <dt className="font-medium text-slate-900">Para quê e base legal</dt>
                <dd>Conferir o apoio no extrato, agradecer e enviar o lembrete que você pediu: consentimento (art. 7º, I).</dd>
              </div>
              <div>
                <dt className="font-medium text-slate-900">Por quanto tempo</dt>
                <dd>Códigos não pagos expiram em 7 dias e são apagados 30 dias depois; nome e e-mail de um apoio recebido, 12 meses
                  depois dele (o valor e a data ficam na contabilidade); o lembrete mensal, até você pará-lo pelo link do e-mail.</dd>
              </div>
            </dl>
          </li>
          <li className="rounded-md border border-slate-200 p-4">
            <h3 className="font-semibold text-slate-900">Contas da redação (painel)</h3>
            <dl className="mt-2 space-y-2 text-sm">
              <div>
                <dt className="font-medium text-slate-900">Dados</dt>
                <dd>Nome, e-mail, senha (guardada só como resumo criptográfico), função e o registro de atividades no painel (entradas,
                  publicações, alterações).</dd>
              </div>
              <div>
                <dt className="font-medium text-slate-900">Para quê e base legal</dt>
                <dd>Dar acesso ao painel e responder por quem publicou o quê: execução de contrato (art. 7º, V) e legítimo interesse na
                  segurança do site (art. 7º, IX).</dd>
              </div>
              <div>
                <dt className="font-medium text-slate-900">Por quanto tempo</dt>
                <dd>Enquanto a conta existir; o registro de atividades, 1 ano. Notícias assinadas continuam publicadas, como obra
                  jornalística, mesmo depois de a conta ser apagada.</dd>
              </div>
            </dl>
          </li>
          <li className="rounded-md border border-slate-200 p-4">
            <h3 className="font-semibold text-slate-900">Contadores</h3>
            <dl className="mt-2 space-y-2 text-sm">
              <div>
                <dt className="font-medium text-slate-900">Dados</dt>
                <dd>Um resumo criptográfico (hash com chave secreta) do endereço de internet do seu aparelho. O endereço em si não é
                  guardado.</dd>
              </div>
              <div>
                <dt className="font-medium text-slate-900">Para quê e base legal</dt>
                <dd>Contar cada leitura uma vez e limitar abusos dos formulários: legítimo interesse (art. 7º, IX).</dd>
              </div>
              <div>
                <dt className="font-medium text-slate-900">Por quanto tempo</dt>
                <dd>Leituras de notícia: 6 horas. Exibições e cliques de anúncios: 1 hora. Envios do mídia kit e inscrições no resumo:
                  24 horas. Sugestões de pauta e fotos: 1 hora.</dd>
              </div>
            </dl>
          </li>
        </ul>
        <p>
          Quem vê esses dados: Administradores e Editores da redação veem os pedidos de mídia kit (para responder) e as sugestões
          de pauta (para apurar) e os apoios por Pix (para conferir no extrato); só Administradores veem as inscrições no resumo e as contas. Repórteres não veem nenhum desses
          dados. Não vendemos nem cedemos dados pessoais.
        </p>
      </StatementSection>

      <StatementSection id="audiencia" title="Medição de audiência, sem cookie">
        <p>
          Para saber o que é lido, de onde vêm os leitores e se o site está rápido, cada página enviada ao seu navegador avisa o
          próprio site, depois de carregada, que foi vista. Nenhum serviço de terceiros participa e nada fica guardado no seu
          navegador.
        </p>
        <dl className="space-y-2 text-sm">
          <div>
            <dt className="font-medium text-slate-900">O que é contado</dt>
            <dd>
              A página vista (e a notícia, se for uma); de onde você veio, só pelo nome do site de origem (por exemplo
              &ldquo;whatsapp&rdquo;, &ldquo;google&rdquo; ou o endereço de outro site, nunca a página exata) e as etiquetas de campanha
              do link (utm); o tipo de aparelho pela largura da tela (celular, tablet ou computador); até onde o texto da notícia foi
              lido (25, 50, 75 ou 100%); quanto tempo a página ficou visível; e a velocidade que você experimentou (LCP, INP e CLS,
              as Core Web Vitals, de uma amostra das visitas).
            </dd>
          </div>
          <div>
            <dt className="font-medium text-slate-900">Como contamos leitores sem identificar ninguém</dt>
            <dd>
              Para contar leitores distintos, o servidor calcula um resumo criptográfico (hash) do endereço de internet e do navegador
              com uma chave aleatória que muda todo dia: o endereço e o navegador nunca são guardados, e o resumo de um dia não pode
              ser ligado ao do dia seguinte. Esses resumos e as chaves são apagados em até 48 horas. O que fica depois disso são só
              totais por dia (por página ou notícia, origem e tipo de aparelho), que não dizem nada sobre uma pessoa.
            </dd>
          </div>
          <div>
            <dt className="font-medium text-slate-900">Quando não contamos</dt>
            <dd>
              Se o seu navegador envia o sinal Global Privacy Control (GPC), nada é enviado nem contado. Também não contamos robôs de
              busca, prévias de links nem páginas carregadas antecipadamente pelo navegador e não abertas.
            </dd>
          </div>
          <div>
            <dt className="font-medium text-slate-900">Base legal e quem vê</dt>
            <dd>
              Legítimo interesse (art. 7º, IX) em saber como o jornal é lido. Só Administradores e Editores veem os totais, no
              painel. Como nada do que guardamos identifica você, não há dado pessoal seu nessa medição para consultar ou apagar.
            </dd>
          </div>
        </dl>
      </StatementSection>

      <StatementSection id="cookies" title="Cookies e o que fica no seu navegador">
        <p>
          O site não usa cookies de rastreamento, nem ferramentas de análise de terceiros, nem redes de anúncios: os anúncios são
          servidos pelo próprio site, e a medição de audiência acima não usa cookie. Leitores não recebem nenhum cookie.
        </p>
        <p>
          Quem entra no painel da redação tem a sessão guardada no armazenamento local do próprio navegador (localStorage), só
          para continuar conectado; sair do painel a apaga.
        </p>
      </StatementSection>

      <StatementSection id="terceiros" title="Serviços de terceiros">
        <ul className="list-disc space-y-2 pl-6">
          <li>
            <strong>Vídeos do YouTube:</strong> o vídeo de uma notícia só é carregado, do endereço youtube-nocookie.com, quando você
            clica para assisti-lo. Antes disso, nenhuma informação vai para o YouTube.
          </li>
          <li>
            <strong>Previsão do tempo e notícias de outros veículos:</strong> quem consulta esses serviços é o nosso servidor; seu
            navegador não fala com eles.
          </li>
          <li>
            <strong>Envio de e-mails:</strong> a confirmação e o resumo diário saem pelo provedor de e-mail (SMTP) contratado pelo
            jornal, que recebe o endereço de destino.
          </li>
          <li>
            <strong>Hospedagem e banco de dados:</strong> o site, os dados e as fotos ficam nos servidores do provedor de hospedagem
            contratado pelo jornal, que pode manter registros técnicos de acesso pelo prazo que a lei exige (Marco Civil da
            Internet, art. 15: 6 meses).
          </li>
          {env.errorReportsDsn ? (
            <li>
              <strong>Relatórios de erro (Sentry):</strong> quando algo falha no site ou no painel da redação, uma descrição técnica
              do erro (a mensagem, o endereço da página sem parâmetros, o navegador e um código da requisição) vai para a Sentry
              (Functional Software, Inc., nos Estados Unidos), que a guarda por conta do jornal para corrigirmos o problema. O
              relatório não leva seu endereço IP, e-mail, cookies, senhas nem o que você digitou em formulários.
            </li>
          ) : null}
          <li>
            <strong>Links externos</strong> (WhatsApp, Instagram, compartilhamento): só levam você a esses serviços quando você
            clica.
          </li>
        </ul>
      </StatementSection>

      <StatementSection id="direitos" title="Seus direitos">
        <p>Pela LGPD (art. 18), você pode pedir a qualquer momento:</p>
        <ul className="list-disc space-y-1 pl-6">
          <li>a confirmação de que tratamos dados seus e o acesso a eles;</li>
          <li>a correção de dados incompletos, inexatos ou desatualizados;</li>
          <li>a anonimização, o bloqueio ou a eliminação de dados desnecessários ou tratados em desacordo com a lei;</li>
          <li>a portabilidade dos dados (entregamos uma cópia em arquivo JSON);</li>
          <li>a eliminação dos dados tratados com o seu consentimento, e a revogação desse consentimento;</li>
          <li>a informação sobre com quem compartilhamos seus dados e sobre a possibilidade de não dar o consentimento.</li>
        </ul>
        <p>
          Para qualquer um deles, escreva para {contact} a partir do e-mail em questão. Respondemos em até 15 dias. Para deixar de
          receber o resumo diário, basta o link &ldquo;cancelar inscrição&rdquo; de qualquer e-mail. Contas da redação baixam os
          próprios dados e excluem a conta em &ldquo;Minha conta&rdquo;, no painel.
        </p>
        <p>
          Se não ficar satisfeito, você pode reclamar à Autoridade Nacional de Proteção de Dados (ANPD), em{' '}
          <a href="https://www.gov.br/anpd" className="text-brand-800 underline" rel="noopener noreferrer">
            gov.br/anpd
          </a>
          .
        </p>
      </StatementSection>

    </>
  );
}

export function PrivacyPage({ settings }: { settings: Later<SiteSettings> }) {
  const meta = privacyMeta(site.name);
  useDocumentMeta(meta.title, meta.description);
  return (
    <div className="space-y-8">
      <BackToHomeLink />
      <header className="max-w-3xl">
        <h1 className="font-serif text-3xl font-bold text-slate-900 sm:text-4xl">Política de Privacidade</h1>
        <p className="mt-3 text-lg text-slate-700">
          O que o {site.name} sabe sobre você, por quê, por quanto tempo e como pedir acesso, correção ou eliminação.
        </p>
      </header>
      <article className="max-w-3xl space-y-8 text-slate-800">
        <Deferred
          promise={settings}
          fallback={<PolicyBody settings={null} />}
          errorElement={
            <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-red-900">
              Não foi possível carregar a política agora. Tente recarregar a página ou escreva para {site.contact.email}.
            </p>
          }
        >
          {(loaded) => <PolicyBody settings={loaded} />}
        </Deferred>
      </article>
    </div>
  );
}
