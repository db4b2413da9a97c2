import { useParams } from 'react-router';
import { site } from '../../../config/site';
import { unsubscribe } from './token-data';
import { TokenActionPage, type TokenActionOutcome } from './token-action-page';
import type { ReaderRouteHandle } from '../../../lib/reader-page-meta';
import { newsletterUnsubscribePage } from './newsletter.page';

export const handle: ReaderRouteHandle = { page: newsletterUnsubscribePage };

/** /newsletter/cancelar/:token: the visible link of every digest (mail apps use the one-click POST instead). */
export function Component() {
  const token = useParams().token ?? '';
  async function leave(): Promise<TokenActionOutcome> {
    const result = await unsubscribe(token);
    if (result === 'invalido') {
      // Not a link the site writes (a mail app may keep a character after it): the address may still be on the list.
      return {
        heading: 'Este link de cancelamento é inválido.',
        body: (
          <p>
            Seu endereço não foi apagado. Abra o link do fim do e-mail do resumo exatamente como ele é, sem nenhum sinal depois dele, ou
            copie o endereço inteiro para o navegador.
          </p>
        ),
      };
    }
    const removed = result === 'cancelada';
    return {
      heading: removed ? 'Inscrição cancelada' : 'Este endereço já não está na lista',
      body: (
        <p>
          {removed ? 'Seu e-mail foi apagado da lista do resumo diário: você não receberá mais nenhum e-mail dele.' : 'Nenhum resumo será enviado a ele.'}{' '}
          Você pode se inscrever de novo quando quiser, no rodapé de qualquer página.
        </p>
      ),
    };
  }
  return (
    <TokenActionPage
      title="Cancelar inscrição"
      intro={<p>Você deixará de receber o resumo diário do {site.name}, e seu endereço será apagado da nossa lista.</p>}
      button="Cancelar inscrição"
      busyButton="Cancelando..."
      failure="Não foi possível cancelar agora. Por favor, tente novamente."
      act={leave}
    />
  );
}
