import { useState } from 'react';
import { replace, useLoaderData, useLocation, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { browserClient } from '../../../services/browser-client';
import { isUniqueViolation } from '../../../services/errors';
import { createTopic, deleteTopic, isReservedTopicSlugError, listTopics, updateTopic, type TopicWithDate } from '../../../services/topic-admin';
import type { Topic } from '../../../services/topics';
import { paths } from '../../../lib/paths';
import { topicSlugFor } from '../../../lib/topic-slug';
import { requireAdmin } from '../auth/admin-access';
import { AdminRouteError } from '../shared/admin-route-error';
import { ListBody, type ListContent } from '../shared/list-body';
import { PageHeader } from '../shared/page-header';
import { actionFailure, loadScreenData, readJson } from '../shared/route-data';
import { useDeleteConfirmation } from '../shared/use-delete-confirmation';
import { useRowActionFetcher } from '../shared/use-row-action-fetcher';
import { useSaveFetcher } from '../shared/use-save-fetcher';
import { TopicForm } from './topic-form';
import { DELETE_TOPIC_MESSAGE, TopicTable } from './topic-table';

type DeleteIntent = { intent: 'delete'; id: string };
type TopicIntent = { intent: 'create'; name: string } | { intent: 'update'; topic: Topic; name: string } | DeleteIntent;

/** The topic's save failure, in the red box (docs/product.md §20); a duplicate slug (23505) says which slug is taken. */
export function topicSaveErrorMessage(error: unknown, slug: string): string {
  if (isUniqueViolation(error)) return `Já existe um tópico com o slug "${slug}". Escolha outro nome.`;
  if (isReservedTopicSlugError(error)) return 'O slug deste tópico é usado na navegação do site e não pode ser alterado.';
  return 'Erro ao salvar tópico. Tente novamente.';
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return loadScreenData('Erro ao carregar os tópicos.', () => listTopics(browserClient()));
}

export async function action({ request }: ActionFunctionArgs) {
  const body = await readJson<TopicIntent>(request);
  const client = browserClient();
  try {
    if (body.intent === 'delete') await deleteTopic(client, body.id);
    else if (body.intent === 'update') await updateTopic(client, body.topic, { name: body.name });
    else await createTopic(client, { name: body.name });
  } catch (error) {
    if (body.intent === 'delete') {
      console.error(error);
      return actionFailure('Erro ao excluir tópico. Tente novamente.');
    }
    // A taken slug is an expected answer to what was typed: explained in the red box, not logged.
    if (!isUniqueViolation(error)) console.error(error);
    return actionFailure(topicSaveErrorMessage(error, topicSlugFor(body.name, body.intent === 'update' ? body.topic : null)));
  }
  // This page again, as a new visit: the screen starts afresh (an empty form that creates) over the reloaded list.
  return replace(paths.admin.topics());
}

/** docs/product.md §2 topics: the create/edit form above the table; without the table (a load failure) the form still works. */
function TopicsScreen({ content }: { content: ListContent<readonly TopicWithDate[]> }) {
  const [editing, setEditing] = useState<TopicWithDate | null>(null);
  const save = useSaveFetcher<TopicIntent>();
  const rows = useRowActionFetcher<DeleteIntent>();
  const deletion = useDeleteConfirmation({
    message: DELETE_TOPIC_MESSAGE,
    busyId: rows.busyId,
    remove: (id) => rows.run({ intent: 'delete', id }),
  });

  return (
    <>
      <PageHeader title="Tópicos" />
      <div className="space-y-6">
        <TopicForm
          key={editing?.id ?? 'new'}
          editing={editing}
          save={{
            ...save,
            submit: ({ name }) =>
              save.submit(editing ? { intent: 'update', topic: { id: editing.id, name: editing.name, slug: editing.slug }, name } : { intent: 'create', name }),
          }}
          onCancel={() => setEditing(null)}
        />
        <ListBody
          actionFailure={rows.failure}
          content={content}
          table={(topics) => <TopicTable topics={topics} onEdit={setEditing} onDelete={(topic) => deletion.ask(topic.id)} busyId={rows.busyId} />}
        />
      </div>
      {deletion.dialog}
    </>
  );
}

// Keyed by the location: a successful save or delete answers with this page again (a new location), which starts
// the screen afresh; a failed one leaves it, and what was typed, as it was.
export function Component() {
  return <TopicsScreen key={useLocation().key} content={{ rows: useLoaderData<typeof loader>() }} />;
}

export function ErrorBoundary() {
  const { key } = useLocation();
  return <AdminRouteError onLoadFailure={(loadFailure) => <TopicsScreen key={key} content={{ loadFailure }} />} />;
}
