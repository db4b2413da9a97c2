import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigation } from 'react-router';
import { browserClient } from '../../../services/browser-client';
import { failingJobs } from '../../../services/scheduled-jobs';
import { paths } from '../../../lib/paths';

// The panel's warning (docs/decisions/0042): on every screen, to administrators only, when a scheduled job's two
// newest runs failed. Read again on each screen change and after each save ('Executar agora' included), so a job that
// recovered stops being named and one that just failed again is.

/** The jobs' names as the 'Sistema' screen labels them; a job this build does not know is named as recorded. */
const JOB_LABELS: Record<string, string> = {
  newsletter_confirmations: 'E-mails de confirmação da newsletter',
  newsletter_digest: 'Resumo diário da newsletter',
  retention: 'Retenção de dados pessoais',
  ad_campaigns_daily: 'Fechamento diário das campanhas',
  backup: 'Cópia de segurança',
};

/** 'A tarefa “X” falhou…', or 'As tarefas “X” e “Y” falharam…'. */
export function failingSentence(labels: readonly string[]): string {
  const quoted = labels.map((label) => `“${label}”`);
  if (quoted.length === 1) return `A tarefa ${quoted[0]} falhou duas vezes seguidas.`;
  return `As tarefas ${quoted.slice(0, -1).join(', ')} e ${quoted.at(-1)} falharam duas vezes seguidas.`;
}

export function FailingJobsWarning() {
  const { pathname } = useLocation();
  const idle = useNavigation().state === 'idle';
  const [failing, setFailing] = useState<string[]>([]);
  useEffect(() => {
    if (!idle) return undefined;
    let current = true;
    failingJobs(browserClient())
      .then((names) => current && setFailing(names))
      // The warning is a courtesy: a screen never fails because it could not be read.
      .catch((error: unknown) => console.error(error));
    return () => {
      current = false;
    };
  }, [pathname, idle]);
  if (failing.length === 0) return null;
  return (
    <div role="status" className="mb-6 rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900">
      <p className="font-semibold">Atenção: tarefa agendada falhando</p>
      <p className="mt-1">
        {failingSentence(failing.map((name) => JOB_LABELS[name] ?? name))}{' '}
        <Link to={paths.admin.system()} className="font-semibold underline">
          Ver detalhes em Sistema
        </Link>
      </p>
    </div>
  );
}
