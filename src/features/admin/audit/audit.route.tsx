import { Form, Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { browserClient } from '../../../services/browser-client';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_SUBJECT_LABELS,
  isAuditAction,
  listAuditLog,
  type AuditAction,
  type AuditCursor,
  type AuditEntry,
} from '../../../services/audit-log';
import { formatSaoPauloDateTime } from '../../../lib/dates';
import type { ProfileRole } from '../../../types/database';
import { ROLE_LABELS } from '../auth/permissions';
import { paths } from '../../../lib/paths';
import { ErrorAlert } from '../../../components/ui/alert-message';
import { primaryButton, secondaryButton } from '../../../components/ui/buttons';
import { requireAdmin } from '../auth/admin-access';
import { AdminRouteError } from '../shared/admin-route-error';
import { DataTable, EmptyRow, cell, desktopCell } from '../shared/data-table';
import { PageHeader } from '../shared/page-header';
import { loadScreenData } from '../shared/route-data';

// 'Auditoria' (docs/decisions/0037): the audit log, newest first, a page at a time, optionally of one action.
// Administrators only (permissions.ts; the database shows anyone else no row). Kept a year by the database.

const LOAD_FAILURE = 'Erro ao carregar o registro de auditoria.';
const ACTION_PARAM = 'acao';
const CURSOR_PARAM = 'antes';

/** `?antes=<instant>~<id>`: the page after that entry. Anything else is the first page. */
export function readAuditCursor(url: URL): AuditCursor | null {
  const raw = url.searchParams.get(CURSOR_PARAM);
  const match = raw ? /^(.+)~(\d{1,18})$/.exec(raw) : null;
  if (!match?.[1] || !match[2] || Number.isNaN(Date.parse(match[1]))) return null;
  return { at: match[1], id: Number(match[2]) };
}

function readAction(url: URL): AuditAction | null {
  const raw = url.searchParams.get(ACTION_PARAM) ?? '';
  return isAuditAction(raw) ? raw : null;
}

function pageHref(action: AuditAction | null, after: AuditCursor | null): string {
  const params = new URLSearchParams();
  if (action) params.set(ACTION_PARAM, action);
  if (after) params.set(CURSOR_PARAM, `${after.at}~${after.id}`);
  const query = params.toString();
  return query ? `${paths.admin.audit()}?${query}` : paths.admin.audit();
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const action = readAction(url);
  const after = readAuditCursor(url);
  const page = await loadScreenData(LOAD_FAILURE, () => listAuditLog(browserClient(), { action, after }));
  return { action, first: after === null, ...page };
}

export function actionLabel(action: string): string {
  return isAuditAction(action) ? AUDIT_ACTION_LABELS[action] : action;
}

function roleLabel(role: unknown): string | null {
  return typeof role === 'string' && Object.hasOwn(ROLE_LABELS, role) ? ROLE_LABELS[role as ProfileRole] : null;
}

/**
 * What the entry is about: the kind of thing and its summary ('Notícia: <título>'). A role change names the roles in
 * the screen's words from its detail (the summary the database writes has their codes); a sign-in needs no subject.
 */
export function subjectLine(entry: Pick<AuditEntry, 'action' | 'subject_type' | 'summary' | 'detail'>): string {
  if (entry.action === 'sign_in') return entry.summary || '-';
  const kind = AUDIT_SUBJECT_LABELS[entry.subject_type];
  let summary = entry.summary;
  if (entry.action === 'role_change' && entry.detail && typeof entry.detail === 'object' && !Array.isArray(entry.detail)) {
    const from = roleLabel(entry.detail.from);
    const to = roleLabel(entry.detail.to);
    const name = summary.includes(': ') ? summary.slice(0, summary.lastIndexOf(': ')) : '';
    if (from && to) summary = name ? `${name}: ${from} → ${to}` : `${from} → ${to}`;
  }
  if (kind && summary) return `${kind}: ${summary}`;
  return summary || kind || '-';
}

const SYSTEM_ACTOR = 'Sistema';

function AuditTable({ rows }: { rows: readonly AuditEntry[] }) {
  return (
    <DataTable caption="Registro de auditoria" headers={['Quando', 'Quem', 'Ação', 'Sobre']} phoneHidden={['Quem', 'Ação', 'Sobre']}>
      {rows.length === 0 && <EmptyRow colSpan={4}>Nenhum registro encontrado</EmptyRow>}
      {rows.map((entry) => (
        <tr key={entry.id}>
          <td className={`${cell} md:whitespace-nowrap`}>
            {/* On a phone the other columns stand under the time, so nothing scrolls out of sight. */}
            <span className="font-semibold text-slate-900 md:hidden">{actionLabel(entry.action)} · </span>
            {formatSaoPauloDateTime(entry.at)}
            <span className="mt-1 flex flex-col gap-y-1 text-xs text-slate-600 md:hidden">
              <span>{entry.actor_name || SYSTEM_ACTOR}</span>
              <span className="break-words">{subjectLine(entry)}</span>
            </span>
          </td>
          <td className={`${cell} ${desktopCell}`}>{entry.actor_name || SYSTEM_ACTOR}</td>
          <td className={`${cell} ${desktopCell} font-medium`}>{actionLabel(entry.action)}</td>
          <td className={`${cell} ${desktopCell} break-words`}>{subjectLine(entry)}</td>
        </tr>
      ))}
    </DataTable>
  );
}

function ActionFilter({ action }: { action: AuditAction | null }) {
  return (
    <Form method="get" className="mb-4 flex flex-wrap items-end gap-3">
      <div>
        <label htmlFor="audit-action" className="mb-1 block text-sm font-medium text-slate-800">
          Ação
        </label>
        <select
          id="audit-action"
          name={ACTION_PARAM}
          defaultValue={action ?? ''}
          className="block rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900"
        >
          <option value="">Todas as ações</option>
          {Object.entries(AUDIT_ACTION_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className={primaryButton}>
        Filtrar
      </button>
    </Form>
  );
}

function AuditScreen({
  page,
  loadFailure,
}: {
  page?: { action: AuditAction | null; first: boolean; rows: AuditEntry[]; next: AuditCursor | null };
  loadFailure?: string;
}) {
  return (
    <>
      <PageHeader title="Auditoria" />
      <p className="-mt-3 mb-6 text-sm text-slate-700">
        Quem fez o quê e quando no painel: entradas, publicações, exclusões, correções, papéis e pedidos de dados
        pessoais. Os registros são guardados por um ano.
      </p>
      <ActionFilter action={page?.action ?? null} />
      {loadFailure && <ErrorAlert>{loadFailure}</ErrorAlert>}
      {page && (
        <>
          <AuditTable rows={page.rows} />
          <nav aria-label="Páginas do registro" className="mt-4 flex flex-wrap gap-3">
            {!page.first && (
              <Link to={pageHref(page.action, null)} className={secondaryButton}>
                Mais recentes
              </Link>
            )}
            {page.next && (
              <Link to={pageHref(page.action, page.next)} className={secondaryButton}>
                Mais antigos
              </Link>
            )}
          </nav>
        </>
      )}
    </>
  );
}

export function Component() {
  return <AuditScreen page={useLoaderData<typeof loader>()} />;
}

export function ErrorBoundary() {
  return <AdminRouteError onLoadFailure={(loadFailure) => <AuditScreen loadFailure={loadFailure} />} />;
}
