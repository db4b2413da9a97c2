import { useParams } from 'react-router';
import { SUPPORT_REMINDER_STOP_API } from '../../../lib/pix/support-form';
import { useDocumentMeta } from '../components/use-document-meta';
import type { ReaderRouteHandle } from '../../../lib/reader-page-meta';
import { supportStopPage } from './support.page';

export const handle: ReaderRouteHandle = { page: supportStopPage };

/** /apoie/lembrete/:token: the reminder e-mail's visible stop link; one button, a plain form (no JavaScript needed). */
export function Component() {
  const token = useParams().token ?? '';
  useDocumentMeta('Parar os lembretes de apoio');
  return (
    <div className="mx-auto max-w-2xl space-y-4">
      <h1 className="font-serif text-3xl font-bold text-slate-900">Parar os lembretes de apoio</h1>
      <p className="text-slate-700">Você deixará de receber o e-mail mensal com o código Pix, e seu endereço será apagado da lista de lembretes.</p>
      <form method="post" action={`${SUPPORT_REMINDER_STOP_API}${encodeURIComponent(token)}`}>
        <button type="submit" className="rounded-md bg-brand-800 px-6 py-3 font-semibold text-white hover:bg-brand-700">
          Parar os lembretes
        </button>
      </form>
    </div>
  );
}
