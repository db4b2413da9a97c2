import { Form, useActionData, useLoaderData, useNavigation, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { browserClient } from '../../../services/browser-client';
import { getSession } from '../../../services/auth';
import { ServiceError } from '../../../services/errors';
import type { JobCounts, JobRunSummary } from '../../../services/scheduled-jobs';
import { loadSystemReport, runJobNow, type SystemJobReport, type SystemReport } from '../../../services/system-report';
import { formatSaoPauloDateTime } from '../../../lib/dates';
import { ErrorAlert, SuccessNotice } from '../../../components/ui/alert-message';
import { secondaryButton } from '../../../components/ui/buttons';
import { requireAdmin } from '../auth/admin-access';
import { AdminRouteError } from '../shared/admin-route-error';
import { DataTable, cell } from '../shared/data-table';
import { PageHeader } from '../shared/page-header';
import { actionFailure, loadScreenData } from '../shared/route-data';

// 'Sistema' (docs/decisions/0042): each scheduled job's last success, last failure and next run on this server, with
// 'Executar agora'; the version, the backend, the database's size and, on the one machine, the uploads folder's.
// Administrators only (permissions.ts; the site's API asks the database with the caller's own token).

const LOAD_FAILURE = 'Erro ao carregar o estado do sistema.';
const RUN_FAILURE = 'Não foi possível executar a tarefa agora. Tente novamente.';

async function accessToken(): Promise<string> {
  const session = await getSession(browserClient());
  if (!session) throw new ServiceError('no session', { status: 401 });
  return session.access_token;
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return loadScreenData(LOAD_FAILURE, async () => loadSystemReport(await accessToken()));
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  const value = (await request.formData()).get('job');
  const job = typeof value === 'string' ? value : '';
  try {
    const result = await runJobNow(job, await accessToken());
    // A plain answer, not actionFailure: the run is recorded, so the screen reads the jobs again and shows it.
    if (result.outcome === 'falha') return { failed: `A tarefa falhou: ${result.error ?? 'sem detalhe'}` };
    if (result.outcome === 'nada_a_fazer') return { notice: 'Executada: não havia nada a fazer agora.' };
    return { notice: `Executada com sucesso${countsText(result.counts) ? ` (${countsText(result.counts)})` : ''}.` };
  } catch (error) {
    console.error(error);
    return actionFailure(RUN_FAILURE);
  }
}

/** The counts' names as a newsroom says them; an unknown one is shown as it is. */
const COUNT_LABELS: Record<string, string> = {
  enviados: 'enviados',
  recusados: 'recusados',
  media_kit_requests: 'pedidos do mídia kit',
  news_tips: 'sugestões de pauta',
  newsletter_unconfirmed: 'inscrições não confirmadas',
  counters: 'contadores',
  audit_log: 'registros de auditoria',
  audience_marks: 'marcas de audiência',
  campanhas_encerradas: 'campanhas encerradas',
  dias_sem_exibicao: 'dias sem exibição',
  arquivos: 'arquivos',
  bytes: 'bytes',
};

export function countsText(counts: JobCounts): string {
  return Object.entries(counts)
    .map(([name, count]) => `${COUNT_LABELS[name] ?? name.replaceAll('_', ' ')}: ${count.toLocaleString('pt-BR')}`)
    .join(' · ');
}

/** Bytes as a newsroom reads them: '12,3 MB'. */
export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${value} bytes` : `${value.toLocaleString('pt-BR', { maximumFractionDigits: 1 })} ${units[unit]}`;
}

function Success({ run }: { run: JobRunSummary | null }) {
  if (!run) return <span className="text-slate-600">Nenhuma ainda</span>;
  const counts = countsText(run.counts);
  return (
    <span>
      {formatSaoPauloDateTime(run.finishedAt)}
      {counts && <span className="block text-xs text-slate-600">{counts}</span>}
    </span>
  );
}

function Failure({ run }: { run: JobRunSummary | null }) {
  if (!run) return <span className="text-slate-600">Nenhuma</span>;
  return (
    <span>
      {formatSaoPauloDateTime(run.finishedAt)}
      <span className="block break-words text-xs text-red-800">{run.error}</span>
    </span>
  );
}

function StateBadge({ job }: { job: SystemJobReport }) {
  const [label, tone] = job.disabled
    ? ['Desativado', 'bg-slate-200 text-slate-800']
    : job.failedTwice
      ? ['Falhou duas vezes seguidas', 'bg-red-100 text-red-800']
      : ['Ativo', 'bg-green-100 text-green-800'];
  return <span className={`inline-block rounded px-2 py-0.5 text-xs font-semibold ${tone}`}>{label}</span>;
}

function NextRun({ job }: { job: SystemJobReport }) {
  if (job.disabled) return <span className="text-slate-600">{job.disabled}</span>;
  return <span>{job.nextRunAt ? formatSaoPauloDateTime(job.nextRunAt) : '-'}</span>;
}

function RunNow({ job, busy }: { job: SystemJobReport; busy: boolean }) {
  if (job.disabled) return null;
  return (
    <Form method="post">
      <input type="hidden" name="job" value={job.name} />
      <button type="submit" className={secondaryButton} disabled={busy} aria-label={`Executar agora: ${job.label}`}>
        Executar agora
      </button>
    </Form>
  );
}

function JobsTable({ jobs }: { jobs: readonly SystemJobReport[] }) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  return (
    <DataTable
      caption="Tarefas agendadas"
      headers={['Tarefa', 'Último sucesso', 'Última falha', 'Próxima execução', 'Ações']}
      phoneHidden={[]}
    >
      {jobs.map((job) => (
        <tr key={job.name}>
          <td className={cell}>
            <span className="block font-semibold text-slate-900">{job.label}</span>
            <span className="block text-xs text-slate-600">{job.scheduleLabel}</span>
            <span className="mt-1 block">
              <StateBadge job={job} />
            </span>
          </td>
          <td className={cell}>
            <span className="font-semibold lg:hidden">Último sucesso: </span>
            <Success run={job.lastSuccess} />
          </td>
          <td className={cell}>
            <span className="font-semibold lg:hidden">Última falha: </span>
            <Failure run={job.lastFailure} />
          </td>
          <td className={cell}>
            <span className="font-semibold lg:hidden">Próxima execução: </span>
            <NextRun job={job} />
          </td>
          <td className={`${cell} lg:text-right`}>
            <RunNow job={job} busy={busy} />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

function Facts({ report }: { report: SystemReport }) {
  const facts: [string, string][] = [
    ['Versão', report.commit ? `${report.version} (${report.commit.slice(0, 12)})` : report.version],
    ['Backend', report.backend === 'embedded' ? 'Embutido (neste servidor)' : 'Hospedado (projeto Supabase)'],
    ['Tamanho do banco de dados', formatBytes(report.databaseBytes)],
  ];
  if (report.uploadsBytes !== null) facts.push(['Arquivos enviados', formatBytes(report.uploadsBytes)]);
  return (
    <dl className="mb-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {facts.map(([term, value]) => (
        <div key={term} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
          <dt className="text-sm font-medium text-slate-700">{term}</dt>
          <dd className="mt-1 break-words text-lg font-semibold text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function SystemScreen({ report, loadFailure }: { report?: SystemReport; loadFailure?: string }) {
  const result = useActionData<typeof action>();
  return (
    <>
      <PageHeader title="Sistema" />
      <p className="-mt-3 mb-6 text-sm text-slate-700">
        As tarefas agendadas deste servidor e o estado do site. Uma tarefa desativada não roda aqui pelo motivo indicado;
        as que falham duas vezes seguidas geram um aviso em todas as telas do painel para os administradores.
      </p>
      {loadFailure && <ErrorAlert>{loadFailure}</ErrorAlert>}
      {result && 'error' in result && (
        <div className="mb-4">
          <ErrorAlert>{result.error}</ErrorAlert>
        </div>
      )}
      {result && 'failed' in result && (
        <div className="mb-4">
          <ErrorAlert>{result.failed}</ErrorAlert>
        </div>
      )}
      {result && 'notice' in result && (
        <div className="mb-4">
          <SuccessNotice>{result.notice}</SuccessNotice>
        </div>
      )}
      {report && (
        <>
          <Facts report={report} />
          {!report.recording && (
            <div className="mb-4">
              <ErrorAlert>
                Este servidor não tem a chave de serviço do projeto (SUPABASE_SERVICE_ROLE_KEY): nenhuma tarefa agendada roda nele.
              </ErrorAlert>
            </div>
          )}
          <h2 className="mb-3 text-lg font-semibold text-slate-900">Tarefas agendadas</h2>
          <JobsTable jobs={report.jobs} />
        </>
      )}
    </>
  );
}

export function Component() {
  return <SystemScreen report={useLoaderData<typeof loader>()} />;
}

export function ErrorBoundary() {
  return <AdminRouteError onLoadFailure={(loadFailure) => <SystemScreen loadFailure={loadFailure} />} />;
}
