import { useCallback, useState } from 'react';
import { browserClient } from '../../../services/browser-client';
import { createTopic, deleteTopic, listTopics, updateTopic, type TopicWithDate } from '../../../services/topics';
import { ErrorAlert, LoadingMessage } from '../../../components/ui/alert-message';
import { AdminRouteError } from '../shared/admin-route-error';
import { PageHeader } from '../shared/page-header';
import { useAsyncData } from '../shared/use-async-data';
import { useDeleteConfirmation } from '../shared/use-delete-confirmation';
import { TopicForm } from './topic-form';
import { DELETE_TOPIC_MESSAGE, TopicTable } from './topic-table';

export function Component() {
  const load = useCallback(() => listTopics(browserClient()), []);
  const { state, reload } = useAsyncData(load);
  const [editing, setEditing] = useState<TopicWithDate | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const deletion = useDeleteConfirmation<TopicWithDate>({
    message: DELETE_TOPIC_MESSAGE,
    remove: (topic) => deleteTopic(browserClient(), topic.id),
    onDone: () => {
      setFailure(null);
      setEditing(null);
      reload();
    },
    onError: () => setFailure('Erro ao excluir tópico. Tente novamente.'),
  });

  return (
    <>
      <PageHeader title="Tópicos" />
      <div className="space-y-6">
        <TopicForm
          key={editing?.id ?? 'new'}
          editing={editing}
          onSubmit={async (name) => {
            if (editing) await updateTopic(browserClient(), editing, { name });
            else await createTopic(browserClient(), { name });
            setFailure(null);
            setEditing(null);
            reload();
          }}
          onCancel={() => setEditing(null)}
        />
        {failure && <ErrorAlert>{failure}</ErrorAlert>}
        {state.status === 'loading' && <LoadingMessage />}
        {state.status === 'error' && <ErrorAlert>Erro ao carregar os tópicos.</ErrorAlert>}
        {state.status === 'success' && <TopicTable topics={state.data} onEdit={setEditing} onDelete={deletion.ask} />}
      </div>
      {deletion.dialog}
    </>
  );
}

export const ErrorBoundary = AdminRouteError;
