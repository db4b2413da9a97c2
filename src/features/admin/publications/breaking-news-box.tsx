import { useState } from 'react';
import { useFetcher } from 'react-router';
import { TextField } from '../../../components/form/form-fields';
import { useValidatedForm, type FieldErrors } from '../../../components/form/use-validated-form';
import { ErrorAlert, SuccessNotice } from '../../../components/ui/alert-message';
import { primaryButton, secondaryButton } from '../../../components/ui/buttons';
import { formatSaoPauloDateTime, fromSaoPauloInput, toSaoPauloInput } from '../../../lib/dates';
import { JSON_SUBMIT, type ActionFailure, type ActionNotice } from '../shared/route-data';
import { MAX_URGENT_HOURS } from '../../../services/breaking-news-admin';

// Breaking news ('Plantão', docs/product.md §12, decision 0034): on a saved story's form, the editor marks it urgent
// until an end time, changes that time or ends it early. Its own small form and save, apart from the story's: marking
// a story urgent is news of the minute, not an edit of the story.

const HOUR_MS = 3_600_000;
/** How long a new mark lasts unless the editor says otherwise. */
const DEFAULT_URGENT_HOURS = 2;

/** What the box sends to the form route's action (publication-form.route.tsx). */
export type BreakingNewsIntent = { intent: 'mark-urgent'; urgentUntil: string } | { intent: 'end-urgent' };

type UrgentValues = {
  /** 'Urgente até': São Paulo wall time, as a datetime-local input's value. */
  urgentUntil: string;
};

/** The urgent story now (this one or another), as the route loaded it. */
export interface UrgentStory {
  id: string;
  title: string;
  urgent_until: string;
}

export const URGENT_MESSAGES = {
  required: 'Informe a data e a hora do fim do plantão',
  invalid: 'Data e hora inválidas',
  past: 'Escolha uma data e hora no futuro (horário de São Paulo)',
  tooFar: `O plantão pode durar no máximo ${MAX_URGENT_HOURS} horas`,
  notVisible: 'Só uma publicação já publicada (não agendada nem rascunho) pode ser urgente',
} as const;

/** The checks of 'Urgente até'; `now` is the form's clock (a test's fixed one). */
export function validateUrgentUntil(values: UrgentValues, visible: boolean, now: Date): FieldErrors<UrgentValues> {
  if (!visible) return { urgentUntil: URGENT_MESSAGES.notVisible };
  const at = fromSaoPauloInput(values.urgentUntil);
  if (!values.urgentUntil.trim()) return { urgentUntil: URGENT_MESSAGES.required };
  if (!at) return { urgentUntil: URGENT_MESSAGES.invalid };
  if (at.getTime() <= now.getTime()) return { urgentUntil: URGENT_MESSAGES.past };
  if (at.getTime() > now.getTime() + MAX_URGENT_HOURS * HOUR_MS) return { urgentUntil: URGENT_MESSAGES.tooFar };
  return {};
}

export function BreakingNewsBox({
  storyId,
  visible,
  urgent,
  now = () => new Date(),
}: {
  storyId: string;
  /** The saved story is published and its time has come: only such a story may be urgent. */
  visible: boolean;
  urgent: UrgentStory | null;
  now?: () => Date;
}) {
  const fetcher = useFetcher<ActionFailure | ActionNotice | null>();
  const running = urgent !== null && Date.parse(urgent.urgent_until) > now().getTime() ? urgent : null;
  const thisOne = running?.id === storyId ? running : null;
  const other = running && !thisOne ? running : null;
  const answer = fetcher.state === 'idle' ? fetcher.data : null;
  // Which button sent the last request: a failed 'Encerrar plantão' says so itself (the form shows a mark's failure).
  const [lastIntent, setLastIntent] = useState<BreakingNewsIntent['intent'] | null>(null);
  const endFailure = lastIntent === 'end-urgent' && answer && 'error' in answer ? answer.error : null;
  const { formRef, field, failure, submit } = useValidatedForm<UrgentValues>({
    initialValues: {
      urgentUntil: toSaoPauloInput(thisOne ? thisOne.urgent_until : new Date(now().getTime() + DEFAULT_URGENT_HOURS * HOUR_MS)),
    },
    validate: (values) => validateUrgentUntil(values, visible, now()),
    save: {
      submit: (values) => {
        const until = fromSaoPauloInput(values.urgentUntil);
        if (!until) return;
        setLastIntent('mark-urgent');
        void fetcher.submit({ intent: 'mark-urgent', urgentUntil: until.toISOString() } satisfies BreakingNewsIntent, JSON_SUBMIT);
      },
      pending: fetcher.state !== 'idle',
      failure: answer && 'error' in answer ? answer.error : null,
    },
  });
  const busy = fetcher.state !== 'idle';

  return (
    <form ref={formRef} onSubmit={(event) => void submit(event)} noValidate className="mb-6 space-y-3 rounded-md border border-red-200 bg-red-50/40 p-4">
      <h2 className="text-sm font-semibold text-slate-900">Plantão</h2>
      <p className="text-sm text-slate-700">
        {thisOne
          ? `Urgente até ${formatSaoPauloDateTime(thisOne.urgent_until)} (horário de São Paulo): a faixa de plantão leva a esta publicação em todas as páginas do site.`
          : 'Marque como urgente para uma faixa de plantão levar a esta publicação em todas as páginas do site até o horário escolhido.'}
      </p>
      {other && (
        <p className="text-sm text-slate-700">{`Ao marcar, esta publicação substitui “${other.title}” no plantão.`}</p>
      )}
      <div className="max-w-xs">
        <TextField
          label="Urgente até (horário de São Paulo)"
          type="datetime-local"
          required
          hint={`No máximo ${MAX_URGENT_HOURS} horas a partir de agora; a faixa sai sozinha nesse horário.`}
          {...field('urgentUntil')}
        />
      </div>
      {(failure ?? endFailure) && <ErrorAlert>{failure ?? endFailure}</ErrorAlert>}
      {answer && 'notice' in answer && <SuccessNotice>{answer.notice}</SuccessNotice>}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={primaryButton} disabled={busy}>
          {busy ? 'Salvando...' : thisOne ? 'Alterar horário do plantão' : 'Marcar como urgente'}
        </button>
        {thisOne && (
          <button
            type="button"
            className={secondaryButton}
            disabled={busy}
            onClick={() => {
              setLastIntent('end-urgent');
              void fetcher.submit({ intent: 'end-urgent' } satisfies BreakingNewsIntent, JSON_SUBMIT);
            }}
          >
            Encerrar plantão
          </button>
        )}
      </div>
    </form>
  );
}
