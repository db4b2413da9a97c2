import { Form, Link, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { ErrorAlert } from '../../../components/ui/alert-message';
import { primaryButton, secondaryButton } from '../../../components/ui/buttons';
import { formatSaoPauloDateTime, todayInputValue } from '../../../lib/dates';
import { paths } from '../../../lib/paths';
import { formatCents, parseReais } from '../../../lib/pix/support-form';
import { browserClient } from '../../../services/browser-client';
import { getSupportSettings } from '../../../services/support/support';
import {
  listSupportIntents,
  markSupportReceived,
  SUPPORT_LIST_LIMIT,
  supportMonthTotals,
  type MonthTotal,
  type SupportIntentFilter,
  type SupportIntentRow,
  type SupportIntentStatus,
} from '../../../services/support/support-admin';
import { requireAdmin } from '../auth/admin-access';
import { AdminRouteError } from '../shared/admin-route-error';
import { cell, CellLabel, DataTable, EmptyRow } from '../shared/data-table';
import { PageHeader } from '../shared/page-header';
import { actionFailure, loadScreenData, readJson } from '../shared/route-data';
import { useRowActionFetcher } from '../shared/use-row-action-fetcher';
import { supportCsv } from './support-csv';

// 'Apoios' (docs/decisions/0054): every Pix code readers were shown, to find in the bank statement by transaction id,
// amount or day and mark received (which sends the thank-you when an address was given); the month's totals against
// the goal; a CSV. Editors and administrators (the database's policy).

export const SUPPORT_TITLE = 'Apoios';
const LOAD_FAILURE = 'Erro ao carregar os apoios.';
const MARK_FAILURE = 'Erro ao marcar o apoio como recebido. Tente novamente.';

const STATUS_PARAM: Record<SupportIntentFilter['status'], string> = { pendente: 'pendentes', recebido: 'recebidos', expirado: 'expirados', todos: 'todos' };
const STATUS_LABEL: Record<SupportIntentStatus, string> = { pendente: 'Pendente', recebido: 'Recebido', expirado: 'Expirado' };
const STATUS_STYLE: Record<SupportIntentStatus, string> = {
  pendente: 'bg-amber-100 text-amber-900',
  recebido: 'bg-green-100 text-green-900',
  expirado: 'bg-slate-200 text-slate-700',
};

interface Search {
  status: SupportIntentFilter['status'];
  txid: string;
  amount: string;
  day: string;
}

function searchOf(url: URL): Search {
  const asked = url.searchParams.get('situacao');
  const status = (Object.keys(STATUS_PARAM) as SupportIntentFilter['status'][]).find((key) => STATUS_PARAM[key] === asked) ?? 'pendente';
  const day = url.searchParams.get('dia') ?? '';
  return { status, txid: url.searchParams.get('txid') ?? '', amount: url.searchParams.get('valor') ?? '', day: /^\d{4}-\d{2}-\d{2}$/.test(day) ? day : '' };
}

type MarkIntent = { intent: 'mark-received'; id: string };

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const search = searchOf(new URL(request.url));
  const amountCents = search.amount.trim() ? parseReais(search.amount) : null;
  return loadScreenData(LOAD_FAILURE, async () => {
    const client = browserClient();
    const [rows, months, settings] = await Promise.all([
      listSupportIntents(client, { status: search.status, txid: search.txid, amountCents, day: search.day || null }),
      supportMonthTotals(client, new Date()),
      getSupportSettings(client),
    ]);
    return { search, amountInvalid: search.amount.trim() !== '' && amountCents === null, rows, months, goalCents: settings.monthlyGoalCents };
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const body = await readJson<MarkIntent>(request);
  try {
    await markSupportReceived(browserClient(), body.id);
    return null;
  } catch (error) {
    console.error(error);
    return actionFailure(MARK_FAILURE);
  }
}

const monthLabel = (month: string) =>
  new Intl.DateTimeFormat('pt-BR', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T12:00:00Z`));

function MonthTotals({ months, goalCents }: { months: MonthTotal[]; goalCents: number | null }) {
  const current = months[0];
  return (
    <section aria-labelledby="totais" className="space-y-3">
      <h2 id="totais" className="text-lg font-semibold text-slate-900">
        Totais por mês
      </h2>
      {current && goalCents !== null && (
        <p className="text-slate-800">
          Este mês: <strong>{formatCents(current.receivedCents)}</strong> de {formatCents(goalCents)} ({Math.round((current.receivedCents / goalCents) * 100)}% da meta)
        </p>
      )}
      <DataTable caption="Apoios recebidos por mês" headers={['Mês', 'Recebido', 'Apoios', 'Meta']}>
        {months.map((month) => (
          <tr key={month.month}>
            <td className={`${cell} font-semibold`}>{monthLabel(month.month)}</td>
            <td className={cell}>
              <CellLabel>Recebido</CellLabel>
              {formatCents(month.receivedCents)}
            </td>
            <td className={cell}>
              <CellLabel>Apoios</CellLabel>
              {month.receivedCount}
            </td>
            <td className={cell}>
              <CellLabel>Meta</CellLabel>
              {goalCents === null ? 'sem meta' : `${Math.round((month.receivedCents / goalCents) * 100)}%`}
            </td>
          </tr>
        ))}
      </DataTable>
    </section>
  );
}

function Filters({ search, amountInvalid }: { search: Search; amountInvalid: boolean }) {
  const field = 'block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900';
  return (
    <Form method="get" role="search" aria-label="Buscar apoios" className="grid gap-3 rounded-lg bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-5 lg:items-end">
      <label className="text-sm font-medium text-slate-800">
        Situação
        <select name="situacao" defaultValue={STATUS_PARAM[search.status]} className={field}>
          <option value="pendentes">Pendentes</option>
          <option value="recebidos">Recebidos</option>
          <option value="expirados">Expirados</option>
          <option value="todos">Todos</option>
        </select>
      </label>
      <label className="text-sm font-medium text-slate-800">
        Identificador (txid)
        <input name="txid" defaultValue={search.txid} autoComplete="off" className={field} />
      </label>
      <label className="text-sm font-medium text-slate-800">
        Valor (R$)
        <input name="valor" defaultValue={search.amount} inputMode="decimal" aria-invalid={amountInvalid || undefined} aria-describedby={amountInvalid ? 'valor-erro' : undefined} className={field} />
        {amountInvalid && (
          <span id="valor-erro" className="mt-1 block text-sm font-normal text-red-700">
            Digite um valor como 25 ou 25,00.
          </span>
        )}
      </label>
      <label className="text-sm font-medium text-slate-800">
        Dia
        <input name="dia" type="date" defaultValue={search.day} className={field} />
      </label>
      <div className="flex gap-2">
        <button type="submit" className={primaryButton}>
          Buscar
        </button>
        <Link to={paths.admin.support()} className={secondaryButton}>
          Limpar
        </Link>
      </div>
    </Form>
  );
}

function IntentRows({ rows, busyId, onMark }: { rows: SupportIntentRow[]; busyId: string | null; onMark: (row: SupportIntentRow) => void }) {
  return (
    <DataTable caption="Códigos Pix mostrados a leitores" headers={['Data', 'Valor', 'Identificador', 'Apoiador', 'Situação', 'Ações']}>
      {rows.length === 0 && <EmptyRow colSpan={6}>Nenhum apoio encontrado com esses filtros.</EmptyRow>}
      {rows.map((row) => (
        <tr key={row.id}>
          <td className={cell}>{formatSaoPauloDateTime(row.createdAt)}</td>
          <td className={`${cell} font-semibold`}>{formatCents(row.amountCents)}</td>
          <td className={`${cell} break-all font-mono text-xs`}>{row.txid}</td>
          <td className={cell}>
            {row.supporterName ?? row.supporterEmail ? (
              <>
                {row.supporterName && <span className="block">{row.supporterName}</span>}
                {row.supporterEmail && <span className="block text-slate-600">{row.supporterEmail}</span>}
              </>
            ) : (
              <span className="text-slate-500">Anônimo</span>
            )}
            {row.monthly && <span className="mt-1 inline-block rounded bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">Mensal</span>}
          </td>
          <td className={cell}>
            <span className={`rounded px-2 py-0.5 text-xs font-semibold ${STATUS_STYLE[row.status]}`}>{STATUS_LABEL[row.status]}</span>
            {row.receivedAt && <span className="mt-1 block text-xs text-slate-600">em {formatSaoPauloDateTime(row.receivedAt)}</span>}
          </td>
          <td className={`${cell} lg:text-right`}>
            {row.status !== 'recebido' && (
              <button type="button" className={secondaryButton} disabled={busyId === row.id} onClick={() => onMark(row)} aria-label={`Marcar como recebido o apoio ${row.txid} de ${formatCents(row.amountCents)}`}>
                {busyId === row.id ? 'Marcando...' : 'Marcar como recebido'}
              </button>
            )}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

function download(rows: readonly SupportIntentRow[]) {
  const blob = new Blob([supportCsv(rows)], { type: 'text/csv;charset=utf-8' });
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = `apoios-${todayInputValue()}.csv`;
  link.click();
  URL.revokeObjectURL(link.href);
}

export function Component() {
  const { search, amountInvalid, rows, months, goalCents } = useLoaderData<typeof loader>();
  const marking = useRowActionFetcher<MarkIntent>();
  return (
    <div className="space-y-6">
      <PageHeader
        title={SUPPORT_TITLE}
        actions={
          <button type="button" className={secondaryButton} onClick={() => download(rows)} disabled={rows.length === 0}>
            Baixar CSV
          </button>
        }
      />
      <MonthTotals months={months} goalCents={goalCents} />
      <section aria-labelledby="lista-apoios" className="space-y-3">
        <h2 id="lista-apoios" className="text-lg font-semibold text-slate-900">
          Códigos gerados
        </h2>
        <p className="text-sm text-slate-600">
          Marque um apoio como recebido quando ele aparecer no extrato do banco: se o apoiador deixou o e-mail, o agradecimento sai em seguida.
          Códigos pendentes expiram depois de 7 dias.
        </p>
        <Filters search={search} amountInvalid={amountInvalid} />
        {marking.failure && <ErrorAlert>{marking.failure}</ErrorAlert>}
        <IntentRows rows={rows} busyId={marking.busyId} onMark={(row) => marking.run({ intent: 'mark-received', id: row.id })} />
        {rows.length >= SUPPORT_LIST_LIMIT && <p className="text-sm text-slate-600">Mostrando os {SUPPORT_LIST_LIMIT} mais recentes: use os filtros para achar os anteriores.</p>}
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError header={<PageHeader title={SUPPORT_TITLE} />} />;
}
