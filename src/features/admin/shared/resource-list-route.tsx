import { useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { browserClient } from '../../../services/browser-client';
import type { Client } from '../../../services/client';
import { requireAdmin } from '../auth/admin-access';
import { AdminRouteError } from './admin-route-error';
import { ListBody, type ListContent } from './list-body';
import { NewItemLink, PageHeader } from './page-header';
import { ResourceTable, type Column, type PublishableRow } from './resource-table';
import { actionFailure, loadScreenData, readJson } from './route-data';
import { useDeleteConfirmation } from './use-delete-confirmation';
import { useRowActionFetcher } from './use-row-action-fetcher';

/** What a resource (publications, obituaries, jobs) tells the generic list: its words, columns and services. */
export interface ResourceList<Row extends PublishableRow> {
  /** The page's heading and the table's caption ('Vagas de Emprego'). */
  title: string;
  newItem: { label: string; path: () => string };
  editPath: (id: string) => string;
  /** What a row is called in its buttons' accessible names ('Excluir: <title>'). */
  rowLabel: (row: Row) => string;
  columns: readonly Column<Row>[];
  /** The empty table's line ('Nenhuma vaga cadastrada'). */
  emptyText: string;
  messages: {
    loadFailure: string;
    toggleFailure: string;
    deleteFailure: string;
    /** The delete dialog's question. */
    deleteConfirmation: string;
  };
  service: {
    list: (client: Client) => Promise<Row[]>;
    setPublished: (client: Client, id: string, published: boolean) => Promise<void>;
    remove: (client: Client, id: string) => Promise<void>;
  };
}

/** What the list's row buttons send to its action. */
type RowIntent = { intent: 'set-published'; id: string; published: boolean } | { intent: 'delete'; id: string };

/**
 * The list page: the header with its 'Nova …' link, the failure of the last row action, and the table, whose publish
 * toggles and deletes (after the confirmation) go through the route's action; the router then reloads the list.
 */
function ResourceListScreen<Row extends PublishableRow>({ resource, content }: { resource: ResourceList<Row>; content: ListContent<readonly Row[]> }) {
  const actions = useRowActionFetcher<RowIntent>();
  const deletion = useDeleteConfirmation({
    message: resource.messages.deleteConfirmation,
    busyId: actions.busyId,
    remove: (id) => actions.run({ intent: 'delete', id }),
  });

  return (
    <>
      <PageHeader title={resource.title} actions={<NewItemLink to={resource.newItem.path()} label={resource.newItem.label} />} />
      <div className="space-y-4">
        <ListBody
          actionFailure={actions.failure}
          content={content}
          table={(rows) => (
            <ResourceTable
              caption={resource.title}
              columns={resource.columns}
              rows={rows}
              emptyText={resource.emptyText}
              rowLabel={resource.rowLabel}
              editPath={resource.editPath}
              busyId={actions.busyId}
              onTogglePublished={(row) => actions.run({ intent: 'set-published', id: row.id, published: !row.published })}
              onDelete={(row) => deletion.ask(row.id)}
            />
          )}
        />
      </div>
      {deletion.dialog}
    </>
  );
}

/** A list route module's exports (`loader`, `action`, `Component`, `ErrorBoundary`) for one resource. */
export function resourceListRoute<Row extends PublishableRow>(resource: ResourceList<Row>) {
  async function loader({ request }: LoaderFunctionArgs) {
    await requireAdmin(request);
    return loadScreenData(resource.messages.loadFailure, () => resource.service.list(browserClient()));
  }

  async function action({ request }: ActionFunctionArgs) {
    const body = await readJson<RowIntent>(request);
    try {
      if (body.intent === 'delete') await resource.service.remove(browserClient(), body.id);
      else await resource.service.setPublished(browserClient(), body.id, body.published);
      return null;
    } catch (error) {
      // docs/product.md §20 only logs these failures; the product's rule that the unexpected is visible wins, so the list shows it too.
      console.error(error);
      return actionFailure(body.intent === 'delete' ? resource.messages.deleteFailure : resource.messages.toggleFailure);
    }
  }

  function Component() {
    return <ResourceListScreen resource={resource} content={{ rows: useLoaderData<typeof loader>() }} />;
  }

  function ErrorBoundary() {
    return <AdminRouteError onLoadFailure={(loadFailure) => <ResourceListScreen resource={resource} content={{ loadFailure }} />} />;
  }

  return { loader, action, Component, ErrorBoundary };
}
