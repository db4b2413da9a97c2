import { useState } from 'react';
import { useFetcher } from 'react-router';
import { Copy, Link2 } from 'lucide';
import { Icon } from '../../../components/ui/icon';
import { primaryButton, secondaryButton } from '../../../components/ui/buttons';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorAlert } from '../../../components/ui/alert-message';
import { paths } from '../../../lib/paths';
import { JSON_SUBMIT, type ActionFailure } from '../shared/route-data';

export type ReportLinkIntent = { intent: 'renew-report-link' } | { intent: 'revoke-report-link' };

/** The report's full address, to send the advertiser: this site's origin, where the admin runs too. */
export function reportUrl(token: string): string {
  return new URL(paths.adReport(token), globalThis.location.origin).href;
}

type Copied = 'copied' | 'failed' | null;

/**
 * The advertiser's report link: made on demand, copied to send by e-mail or WhatsApp, renewed (the old address stops
 * working) or revoked. Renewing an existing link and revoking it are confirmed: the advertiser loses the address.
 */
export function ReportLinkPanel({ token }: { token: string | null }) {
  const fetcher = useFetcher<ActionFailure | null>();
  const [confirming, setConfirming] = useState<ReportLinkIntent['intent'] | null>(null);
  const [copied, setCopied] = useState<{ token: string; result: Copied } | null>(null);
  const busy = fetcher.state !== 'idle';
  const failure = !busy && fetcher.data && 'error' in fetcher.data ? fetcher.data.error : null;
  const send = (intent: ReportLinkIntent['intent']) => void fetcher.submit({ intent }, JSON_SUBMIT);

  async function copy(url: string, forToken: string) {
    try {
      await navigator.clipboard.writeText(url);
      setCopied({ token: forToken, result: 'copied' });
    } catch {
      setCopied({ token: forToken, result: 'failed' });
    }
  }

  const copyResult = token && copied?.token === token ? copied.result : null;
  return (
    <section aria-labelledby="report-link-heading" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id="report-link-heading" className="text-lg font-semibold text-slate-900">
        Relatório do anunciante
      </h2>
      <p className="text-sm text-slate-700">
        Um endereço difícil de adivinhar, sem login, onde o anunciante acompanha impressões e cliques. Quem tiver o link vê
        os números desta campanha e nada mais.
      </p>
      {failure && <ErrorAlert>{failure}</ErrorAlert>}
      {token ? (
        <>
          <label className="block text-sm font-medium text-slate-800">
            Link do relatório
            <input
              readOnly
              value={reportUrl(token)}
              onFocus={(event) => event.currentTarget.select()}
              className="mt-1 block w-full rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-xs text-slate-800"
            />
          </label>
          <div className="flex flex-wrap items-center gap-2">
            <button type="button" className={primaryButton} onClick={() => void copy(reportUrl(token), token)}>
              <Icon node={Copy} className="h-4 w-4" />
              Copiar link
            </button>
            <button type="button" className={secondaryButton} disabled={busy} onClick={() => setConfirming('renew-report-link')}>
              Gerar novo link
            </button>
            <button type="button" className={secondaryButton} disabled={busy} onClick={() => setConfirming('revoke-report-link')}>
              Revogar link
            </button>
            <span role="status" className="text-sm text-slate-700">
              {copyResult === 'copied' && 'Link copiado.'}
              {copyResult === 'failed' && 'Não foi possível copiar: selecione o link e copie.'}
            </span>
          </div>
        </>
      ) : (
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-sm text-slate-600">Nenhum link ativo.</p>
          <button type="button" className={primaryButton} disabled={busy} onClick={() => send('renew-report-link')}>
            <Icon node={Link2} className="h-4 w-4" />
            Gerar link do relatório
          </button>
        </div>
      )}
      <ConfirmDialog
        open={confirming !== null}
        title={confirming === 'revoke-report-link' ? 'Revogar link do relatório' : 'Gerar novo link'}
        message={
          confirming === 'revoke-report-link'
            ? 'O anunciante não poderá mais abrir o relatório pelo link atual. Deseja revogar o link?'
            : 'O link atual deixará de funcionar e o anunciante precisará do novo. Deseja gerar um novo link?'
        }
        confirmLabel={confirming === 'revoke-report-link' ? 'Revogar' : 'Gerar novo link'}
        onConfirm={() => {
          if (confirming) send(confirming);
          setConfirming(null);
        }}
        onCancel={() => setConfirming(null)}
      />
    </section>
  );
}

