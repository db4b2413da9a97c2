import { useContext, type ReactNode } from 'react';
import { useLoaderData, useLocation, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { SelectOptions } from '../../../components/form/form-fields';
import { Pager, pageSummary } from '../../../components/ui/pager';
import { browserClient } from '../../../services/browser-client';
import type { Client } from '../../../services/client';
import { type AdminListPage, type AdminListQuery, type PageCursor, type StatusFilter } from '../../../services/admin-paging';
import { requireAdmin } from '../auth/admin-access';
import { AdminRouteError } from './admin-route-error';
import { ListSearchForm } from './list-search-form';
import { ListBody, type ListContent } from './list-body';
import { NewItemLink, PageHeader } from './page-header';
import { ResourceTable, type Column, type PublishableRow, type RowPermissions } from './resource-table';
import { AdminSessionContext, type AdminSession } from '../layout/admin-session-context';
import { listHref, readListLocation, toServiceQuery, type ListLocation } from './list-query';
import { actionFailure, loadScreenData, readJson } from './route-data';
import { useDeleteConfirmation } from './use-delete-confirmation';
import { useRowActionFetcher } from './use-row-action-fetcher';
import { listWords } from './resource-words';
import type { AdminResource } from './admin-resource';

// Paging, search and filter (the issue "The whole archive within reach"). The address holds everything:
// `?q=&status=all|published|draft&page=N&after=<date>,<id>` ('Próxima') or `&before=<date>,<id>` ('Anterior').
// Keyset, not offset: each page asks the database for the rows after (or before) one row in the (date desc, id desc)
// order its index carries, so page 300 costs what page 1 does; offset would read and skip every earlier row. The
// price: a page number alone cannot be opened (a typed `?page=9` without a cursor shows page 1), there is no jump to
// an arbitrary page, and the 'de 14' comes from a count (publications: `count: estimated`, exact up to 1,000 rows and the planner's estimate beyond, since
// an exact count reads the whole table; obituaries and jobs: exact). A search answers no total ('Página 2'). The small
// tables (media-kit requests, accounts) use plain offset paging instead (offset-pager.tsx).

/** What a resource (publications, obituaries, jobs) tells the generic list besides its name and paths: its columns and services. */
export interface ResourceList<Row extends PublishableRow> {
  /** What a row is called in its buttons' accessible names ('Excluir: <title>'). */
  rowLabel: (row: Row) => string;
  columns: readonly Column<Row>[];
  /** Where a row stands in the list's order (its date column and id): the keyset cursor of the page links. */
  cursorOf: (row: Row) => PageCursor;
  /** Status filter options besides Todas, Publicadas and Rascunhos (publications: 'Agendadas'). */
  extraStatuses?: readonly { value: StatusFilter; label: string }[];
  /** One more on/off action of a row (publications: the lead story), with its own buttons and failure messages. */
  rowSwitch?: RowSwitch<Row>;
  /**
   * What the signed-in account may do to a row (decision 0037: a reporter edits and deletes only its own drafts);
   * every button by default. The database refuses the rest anyway: this only keeps them off the screen.
   */
  rowPermissions?: (row: Row, session: AdminSession | null) => RowPermissions;
  service: {
    /** One page, searched (`q`) and filtered (`status`) by the database. */
    list: (client: Client, query: AdminListQuery) => Promise<AdminListPage<Row>>;
    setPublished: (client: Client, id: string, published: boolean) => Promise<void>;
    remove: (client: Client, id: string) => Promise<void>;
  };
}

/** Everything the list screen reads of a resource: its name, paths and words (AdminResource) and its list's own parts. */
type ListedResource<Row extends PublishableRow> = AdminResource & ResourceList<Row>;

/** A resource's own row action: an on/off switch of a row (the lead story), run by the list's action. */
export interface RowSwitch<Row> {
  /** Switches the row; answers what the list should say once done (another row lost the mark), or null. */
  set: (client: Client, id: string, on: boolean) => Promise<string | null>;
  /** The failure's message ('Só uma publicação já publicada … pode ser a manchete.'). */
  failureFor: (error: unknown) => string;
  /** Its buttons in the row (before edit, publish and delete); `run(on)` sends the switch. */
  render: (row: Row, run: (on: boolean) => void, busy: boolean, session: AdminSession | null) => ReactNode;
}

/** What the list's row buttons send to its action. */
type RowIntent =
  | { intent: 'set-published'; id: string; published: boolean }
  | { intent: 'delete'; id: string }
  | { intent: 'switch'; id: string; on: boolean };

/**
 * The list page: the header with its 'Nova …' link, the failure of the last row action, and the table, whose publish
 * toggles and deletes (after the confirmation) go through the route's action; the router then reloads the list.
 */
function ResourceListScreen<Row extends PublishableRow>({
  resource,
  location,
  content,
  paging,
}: {
  resource: ListedResource<Row>;
  location: ListLocation;
  content: ListContent<readonly Row[]>;
  paging?: { total: number | null; hasMore: boolean; pageSize: number };
}) {
  const words = listWords(resource.noun);
  // Null outside the admin layout (a screen test of the list alone): every button, as before roles.
  const session = useContext(AdminSessionContext);
  const actions = useRowActionFetcher<RowIntent>();
  const deletion = useDeleteConfirmation({
    message: words.deleteConfirmation,
    busyId: actions.busyId,
    remove: (id) => actions.run({ intent: 'delete', id }),
  });

  return (
    <>
      <PageHeader title={resource.title} actions={<NewItemLink to={resource.paths.newItem()} label={words.newItem} />} />
      <div className="space-y-4">
        <ListFilters location={location} extraStatuses={resource.extraStatuses} />
        <ListBody
          actionFailure={actions.failure}
          actionNotice={actions.notice}
          content={content}
          table={(rows) => (
            <ResourceTable
              caption={resource.title}
              columns={resource.columns.filter((column) => !column.forRole || !session || column.forRole(session.role))}
              rows={rows}
              emptyText={location.q || location.status !== 'all' ? 'Nenhum resultado encontrado.' : words.emptyText}
              rowLabel={resource.rowLabel}
              editPath={resource.paths.edit}
              busyId={actions.busyId}
              onTogglePublished={(row) => actions.run({ intent: 'set-published', id: row.id, published: !row.published })}
              onDelete={(row) => deletion.ask(row.id)}
              rowExtras={
                resource.rowSwitch &&
                ((row) =>
                  resource.rowSwitch?.render(row, (on) => actions.run({ intent: 'switch', id: row.id, on }), actions.busyId === row.id, session))
              }
              permissions={resource.rowPermissions && ((row) => resource.rowPermissions?.(row, session) ?? { edit: true, publish: true, remove: true })}
            />
          )}
        />
        {paging && 'rows' in content && <ListPager resource={resource} location={location} rows={content.rows} paging={paging} />}
      </div>
      {deletion.dialog}
    </>
  );
}

/** Every list's status filter; a resource may add its own (ResourceList.extraStatuses). */
const STATUS_OPTIONS: readonly { value: StatusFilter; label: string }[] = [
  { value: 'all', label: 'Todas' },
  { value: 'published', label: 'Publicadas' },
  { value: 'draft', label: 'Rascunhos' },
];

/** The search box and the status filter: a GET form, so they land in the address (`?q=&status=`) and start at page 1. */
function ListFilters({ location, extraStatuses = [] }: { location: ListLocation; extraStatuses?: ResourceList<PublishableRow>['extraStatuses'] }) {
  return (
    <ListSearchForm q={location.q} resetKey={`${location.q}|${location.status}`}>
      <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
        Status
        <select
          name="status"
          defaultValue={location.status}
          className="rounded-md border border-slate-300 px-3 py-2 text-sm font-normal text-slate-900"
        >
          <SelectOptions options={[...STATUS_OPTIONS, ...extraStatuses]} />
        </select>
      </label>
    </ListSearchForm>
  );
}

/** 'Página 2 de 14 · 327 publicações' with its 'Anterior' / 'Próxima' links (keyset cursors of the shown rows). */
function ListPager<Row extends PublishableRow>({
  resource,
  location,
  rows,
  paging,
}: {
  resource: ListedResource<Row>;
  location: ListLocation;
  rows: readonly Row[];
  paging: { total: number | null; hasMore: boolean; pageSize: number };
}) {
  const { pathname } = useLocation();
  const first = rows.at(0);
  const last = rows.at(-1);
  const previousHref =
    location.page <= 1 ? null : listHref(pathname, location, location.page - 1, location.page - 1 > 1 && first ? { before: resource.cursorOf(first) } : null);
  const nextHref = paging.hasMore && last ? listHref(pathname, location, location.page + 1, { after: resource.cursorOf(last) }) : null;
  if (previousHref === null && nextHref === null && rows.length === 0) return null;
  return (
    <Pager
      summary={pageSummary(location.page, paging.pageSize, paging.total, [resource.noun.singular, resource.noun.plural])}
      previousHref={previousHref}
      nextHref={nextHref}
    />
  );
}

/** A list route module's exports (`loader`, `action`, `Component`, `ErrorBoundary`) for one resource. */
export function resourceListRoute<Row extends PublishableRow>(resource: AdminResource, list: ResourceList<Row>) {
  const listed: ListedResource<Row> = { ...resource, ...list };
  const messages = listWords(listed.noun);

  async function loader({ request }: LoaderFunctionArgs) {
    await requireAdmin(request);
    const location = readListLocation(new URL(request.url));
    const page = await loadScreenData(messages.loadFailure, () => listed.service.list(browserClient(), toServiceQuery(location)));
    return { location, page };
  }

  async function action({ request }: ActionFunctionArgs) {
    const body = await readJson<RowIntent>(request);
    try {
      if (body.intent === 'switch') {
        const notice = (await listed.rowSwitch?.set(browserClient(), body.id, body.on)) ?? null;
        return notice === null ? null : { notice };
      }
      if (body.intent === 'delete') await listed.service.remove(browserClient(), body.id);
      else await listed.service.setPublished(browserClient(), body.id, body.published);
      return null;
    } catch (error) {
      // docs/product.md §20 only logs these failures; the product's rule that the unexpected is visible wins, so the list shows it too.
      console.error(error);
      if (body.intent === 'switch') return actionFailure(listed.rowSwitch?.failureFor(error) ?? messages.toggleFailure);
      return actionFailure(body.intent === 'delete' ? messages.deleteFailure : messages.toggleFailure);
    }
  }

  function Component() {
    const { location, page } = useLoaderData<typeof loader>();
    return <ResourceListScreen resource={listed} location={location} content={{ rows: page.rows }} paging={page} />;
  }

  function ErrorBoundary() {
    const { pathname, search } = useLocation();
    const location = readListLocation(new URL(`${pathname}${search}`, 'http://localhost'));
    return (
      <AdminRouteError
        onLoadFailure={(loadFailure) => <ResourceListScreen resource={listed} location={location} content={{ loadFailure }} />}
      />
    );
  }

  return { loader, action, Component, ErrorBoundary };
}
