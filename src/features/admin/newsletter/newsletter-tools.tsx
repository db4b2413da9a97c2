import { useState } from 'react';
import { useFetcher } from 'react-router';
import { ErrorAlert, SuccessNotice } from '../../../components/ui/alert-message';
import { primaryButton, secondaryButton } from '../../../components/ui/buttons';
import { todayInputValue } from '../../../lib/dates';
import type { SubscriberCounts } from '../../../services/newsletter/admin';
import { JSON_SUBMIT, type ActionFailure, type ActionNotice } from '../shared/route-data';
import { csvFileName } from './subscribers-csv';

/** The intents of the screen's tools, answered by the route's action. */
export type ToolIntent = { intent: 'save-time'; time: string } | { intent: 'send-test' };

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

function Outcome({ answer }: { answer: ActionFailure | ActionNotice | null | undefined }) {
  if (!answer) return null;
  return 'error' in answer ? <ErrorAlert>{answer.error}</ErrorAlert> : <SuccessNotice>{answer.notice}</SuccessNotice>;
}

/** 'Horário de envio': when the morning digest goes, São Paulo time. What was typed stays when saving fails. */
function SendTimeForm({ sendTime }: { sendTime: string }) {
  const fetcher = useFetcher<ActionFailure | ActionNotice>();
  const [time, setTime] = useState(sendTime);
  const [error, setError] = useState<string | null>(null);
  const busy = fetcher.state !== 'idle';
  return (
    <fetcher.Form
      noValidate
      className="space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (!TIME.test(time)) {
          setError('Informe um horário válido, como 07:00.');
          return;
        }
        setError(null);
        void fetcher.submit({ intent: 'save-time', time } satisfies ToolIntent, JSON_SUBMIT);
      }}
    >
      <label htmlFor="newsletter-send-time" className="block text-sm font-medium text-slate-800">
        Horário de envio (horário de Brasília)
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <input
          id="newsletter-send-time"
          type="time"
          step={60}
          value={time}
          onChange={(event) => setTime(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'newsletter-send-time-error' : 'newsletter-send-time-hint'}
          className={`rounded-md border px-3 py-2 text-slate-900 ${error ? 'border-red-600' : 'border-slate-300'}`}
        />
        <button type="submit" className={primaryButton} disabled={busy}>
          {busy ? 'Salvando...' : 'Salvar horário'}
        </button>
      </div>
      {error ? (
        <p id="newsletter-send-time-error" className="text-sm text-red-700">
          {error}
        </p>
      ) : (
        <p id="newsletter-send-time-hint" className="text-xs text-slate-600">
          Todo dia nesse horário, se houver notícias novas desde o resumo anterior.
        </p>
      )}
      {!busy && <Outcome answer={fetcher.data} />}
    </fetcher.Form>
  );
}

interface NewsletterToolsProps {
  counts: SubscriberCounts;
  sendTime: string;
  /** Every confirmed subscriber as CSV, read when the button is pressed. */
  exportCsv: () => Promise<string>;
}

export function NewsletterTools({ counts, sendTime, exportCsv }: NewsletterToolsProps) {
  const test = useFetcher<ActionFailure | ActionNotice>();
  const [exporting, setExporting] = useState(false);
  const [exportFailed, setExportFailed] = useState(false);
  const testing = test.state !== 'idle';

  async function download() {
    setExporting(true);
    setExportFailed(false);
    try {
      const blob = new Blob([await exportCsv()], { type: 'text/csv;charset=utf-8' });
      const link = document.createElement('a');
      link.href = URL.createObjectURL(blob);
      link.download = csvFileName(todayInputValue());
      link.click();
      URL.revokeObjectURL(link.href);
    } catch (error) {
      console.error('Exporting the subscribers failed', error);
      setExportFailed(true);
    } finally {
      setExporting(false);
    }
  }

  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <section aria-labelledby="newsletter-inscritos" className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
        {/* Not 'Inscritos': the list's section below has that name, and two regions may not share one. */}
        <h2 id="newsletter-inscritos" className="text-sm font-semibold text-slate-600">
          Total de inscritos
        </h2>
        <p className="mt-1 text-3xl font-bold text-slate-900">{counts.confirmed}</p>
        <p className="text-sm text-slate-600">
          confirmados · {counts.pending} aguardando confirmação (apagados após 7 dias)
        </p>
        <button type="button" className={`${secondaryButton} mt-3`} onClick={() => void download()} disabled={exporting}>
          {exporting ? 'Exportando...' : 'Exportar CSV'}
        </button>
        {exportFailed && (
          <div className="mt-2">
            <ErrorAlert>Erro ao exportar os inscritos. Tente novamente.</ErrorAlert>
          </div>
        )}
      </section>
      <section aria-labelledby="newsletter-horario" className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="newsletter-horario" className="mb-2 text-sm font-semibold text-slate-600">
          Envio diário
        </h2>
        <SendTimeForm sendTime={sendTime} />
      </section>
      <section aria-labelledby="newsletter-teste" className="space-y-2 rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="newsletter-teste" className="text-sm font-semibold text-slate-600">
          Teste
        </h2>
        <p className="text-sm text-slate-700">Receba no seu e-mail o resumo como ele sairia agora.</p>
        <button
          type="button"
          className={secondaryButton}
          disabled={testing}
          onClick={() => void test.submit({ intent: 'send-test' } satisfies ToolIntent, JSON_SUBMIT)}
        >
          {testing ? 'Enviando...' : 'Enviar teste'}
        </button>
        {!testing && <Outcome answer={test.data} />}
      </section>
    </div>
  );
}
