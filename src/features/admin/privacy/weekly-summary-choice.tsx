import { useContext, useEffect, useId, useState } from 'react';
import { ErrorAlert } from '../../../components/ui/alert-message';
import { browserClient } from '../../../services/browser-client';
import { getWeeklySummaryChoice, setWeeklySummaryChoice } from '../../../services/audience';
import { isEditorRole } from '../auth/permissions';
import { AdminSessionContext } from '../layout/admin-session-context';

// 'Minha conta': an Administrador's or Editor's own choice to receive the weekly audience summary by e-mail (issue 38,
// docs/decisions/0053). Off until they tick it; the database lets each account change only its own.

export const SUMMARY_LOAD_FAILED = 'Não foi possível carregar sua preferência do resumo semanal.';
export const SUMMARY_SAVE_FAILED = 'Não foi possível salvar sua preferência. Nada mudou: tente novamente.';

type State = { status: 'loading' } | { status: 'ready'; wanted: boolean; saving: boolean; saved: boolean; failure: string | null };

export function WeeklySummaryChoice() {
  const session = useContext(AdminSessionContext);
  if (!session || !isEditorRole(session.role)) return null;
  return <Choice profileId={session.user.id} />;
}

function Choice({ profileId }: { profileId: string }) {
  const [state, setState] = useState<State>({ status: 'loading' });
  const id = useId();

  useEffect(() => {
    let cancelled = false;
    getWeeklySummaryChoice(browserClient(), profileId).then(
      (wanted) => {
        if (!cancelled) setState({ status: 'ready', wanted, saving: false, saved: false, failure: null });
      },
      (error: unknown) => {
        console.error(error);
        if (!cancelled) setState({ status: 'ready', wanted: false, saving: false, saved: false, failure: SUMMARY_LOAD_FAILED });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [profileId]);

  async function change(wanted: boolean) {
    setState({ status: 'ready', wanted, saving: true, saved: false, failure: null });
    try {
      await setWeeklySummaryChoice(browserClient(), profileId, wanted);
      setState({ status: 'ready', wanted, saving: false, saved: true, failure: null });
    } catch (error) {
      console.error(error);
      setState({ status: 'ready', wanted: !wanted, saving: false, saved: false, failure: SUMMARY_SAVE_FAILED });
    }
  }

  return (
    <section aria-labelledby={`${id}-titulo`} className="max-w-2xl space-y-3 rounded-lg bg-white p-6 shadow-sm">
      <h2 id={`${id}-titulo`} className="text-lg font-semibold text-slate-900">
        Resumo semanal da audiência
      </h2>
      <p className="text-sm text-slate-700">
        Toda segunda-feira de manhã, um e-mail com as matérias mais lidas da semana anterior, de onde vieram os leitores e os números da
        newsletter.
      </p>
      {state.status === 'loading' ? (
        <p className="text-sm text-slate-700">Carregando…</p>
      ) : (
        <>
          <label htmlFor={id} className="flex items-center gap-2 text-sm font-medium text-slate-900">
            <input
              id={id}
              type="checkbox"
              className="h-4 w-4 rounded border-slate-400"
              checked={state.wanted}
              disabled={state.saving}
              onChange={(event) => void change(event.target.checked)}
            />
            Receber o resumo semanal por e-mail
          </label>
          <p role="status" className="text-sm text-green-800">
            {state.saved ? (state.wanted ? 'Pronto: você vai receber o resumo semanal.' : 'Pronto: você não vai mais receber o resumo semanal.') : ''}
          </p>
          {state.failure && <ErrorAlert>{state.failure}</ErrorAlert>}
        </>
      )}
    </section>
  );
}
