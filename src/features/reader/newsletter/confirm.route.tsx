import { useParams } from 'react-router';
import { site } from '../../../config/site';
import { confirmSubscription } from './token-data';
import { TokenActionPage, type TokenActionOutcome } from './token-action-page';
import type { ReaderRouteHandle } from '../../../lib/reader-page-meta';
import { newsletterConfirmPage } from './newsletter.page';

export const handle: ReaderRouteHandle = { page: newsletterConfirmPage };

/** /newsletter/confirmar/:token: the double opt-in's link. */
export function Component() {
  const token = useParams().token ?? '';
  async function confirm(): Promise<TokenActionOutcome> {
    if ((await confirmSubscription(token)) === 'confirmada') {
      return {
        heading: 'Inscrição confirmada!',
        body: (
          <p>
            A partir da próxima manhã você recebe o resumo com as notícias de Porto Ferreira. Para deixar de receber, use o link no fim
            de qualquer e-mail do resumo.
          </p>
        ),
      };
    }
    return {
      heading: 'Este link de confirmação não vale mais',
      body: (
        <p>
          Ele vale por 7 dias e só para um endereço que ainda está na lista. Inscreva-se de novo no formulário no rodapé desta página.
        </p>
      ),
    };
  }
  return (
    <TokenActionPage
      title="Confirme sua inscrição"
      intro={<p>Falta um clique para receber o resumo diário do {site.name} no seu e-mail.</p>}
      button="Confirmar inscrição"
      busyButton="Confirmando..."
      failure="Não foi possível confirmar agora. Por favor, tente novamente."
      act={confirm}
    />
  );
}
