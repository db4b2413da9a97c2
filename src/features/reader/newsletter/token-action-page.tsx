import { useState, type ReactNode } from 'react';
import { ErrorAlert } from '../../../components/ui/alert-message';
import { useHydrated } from '../../../lib/use-hydrated';
import { BackToHomeLink } from '../components/back-to-home-link';
import { useDocumentMeta } from '../components/use-document-meta';

// The page an e-mailed link opens (confirm a sign-up, leave the list): it acts only when the reader presses its one
// button, so a mail server that opens links to scan them confirms or cancels nothing.

export interface TokenActionOutcome {
  heading: string;
  body: ReactNode;
}

interface TokenActionPageProps {
  title: string;
  intro: ReactNode;
  button: string;
  busyButton: string;
  failure: string;
  act: () => Promise<TokenActionOutcome>;
}

export function TokenActionPage({ title, intro, button, busyButton, failure, act }: TokenActionPageProps) {
  useDocumentMeta(title);
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const [outcome, setOutcome] = useState<TokenActionOutcome | null>(null);

  async function run() {
    setBusy(true);
    setFailed(false);
    try {
      setOutcome(await act());
    } catch (error) {
      console.error(`${title} failed`, error);
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mx-auto max-w-xl space-y-6 py-4">
      <BackToHomeLink />
      <section className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm" aria-live="polite">
        {outcome ? (
          <>
            <h1 className="font-serif text-2xl font-bold text-slate-900">{outcome.heading}</h1>
            <div className="mt-3 space-y-2 text-slate-700">{outcome.body}</div>
          </>
        ) : (
          <>
            <h1 className="font-serif text-2xl font-bold text-slate-900">{title}</h1>
            <div className="mt-3 space-y-2 text-slate-700">{intro}</div>
            {failed && (
              <div className="mt-4">
                <ErrorAlert>{failure}</ErrorAlert>
              </div>
            )}
            <button
              type="button"
              onClick={() => void run()}
              disabled={!hydrated || busy}
              className="mt-5 rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
            >
              {busy ? busyButton : button}
            </button>
          </>
        )}
      </section>
    </div>
  );
}
