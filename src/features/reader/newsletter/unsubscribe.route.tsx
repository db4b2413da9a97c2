import { useParams } from 'react-router';
import { site } from '../../../config/site';
import { unsubscribe } from './token-data';
import { TokenActionPage, type TokenActionOutcome } from './token-action-page';

/** /newsletter/cancelar/:token: the visible link of every digest (mail apps use the one-click POST instead). */
export function Component() {
  const token = useParams().token ?? '';
  async function leave(): Promise<TokenActionOutcome> {
    const removed = await unsubscribe(token);
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
