import { useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { getSession } from '../../../services/auth';
import { browserClient } from '../../../services/browser-client';
import { ServiceError } from '../../../services/errors';
import {
  countSubscribers,
  exportConfirmedSubscribers,
  getDigestSendTime,
  listDigestSends,
  listSubscribersPage,
  removeSubscriber,
  saveDigestSendTime,
  sendTestDigest,
  type DigestSend,
  type DigestSubscriber,
  type SubscriberCounts,
} from '../../../services/newsletter/admin';
import { requireAdmin } from '../auth/admin-access';
import { AdminRouteError } from '../shared/admin-route-error';
import { OffsetListBody, type OffsetListContent } from '../shared/offset-list-body';
import { readPageNumber, readSearch } from '../shared/offset-pager';
import { PageHeader } from '../shared/page-header';
import { actionFailure, loadScreenData, readJson } from '../shared/route-data';
import { useConfirmedAction } from '../shared/use-confirmed-action';
import { NewsletterTools, type ToolIntent } from './newsletter-tools';
import { SendHistory } from './send-history';
import { SubscriberList } from './subscriber-list';
import { subscribersCsv } from './subscribers-csv';

type RemoveIntent = { intent: 'remove'; id: string; email: string };

export const REMOVE_FAILURE = 'Erro ao remover o inscrito. Tente novamente.';
export const SAVE_TIME_FAILURE = 'Erro ao salvar o horário de envio. Tente novamente.';
export const TEST_FAILURE = 'Não foi possível enviar o teste. Verifique a configuração de e-mail do servidor e tente novamente.';
export const TEST_UNAVAILABLE = 'O envio de e-mails não está configurado neste servidor: o resumo e o teste não podem sair.';

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const page = readPageNumber(url);
  const q = readSearch(url);
  const client = browserClient();
  const [subscribers, counts, sends, sendTime] = await loadScreenData('Erro ao carregar a newsletter.', () =>
    Promise.all([listSubscribersPage(client, page, q), countSubscribers(client), listDigestSends(client), getDigestSendTime(client)]),
  );
  return { page, q, ...subscribers, counts, sends, sendTime };
}

async function sendTest(): Promise<string> {
  const session = await getSession(browserClient());
  if (!session) throw new ServiceError('no session', { status: 401 });
  return sendTestDigest(session.access_token);
}

export async function action({ request }: ActionFunctionArgs) {
  const body = await readJson<RemoveIntent | ToolIntent>(request);
  const client = browserClient();
  try {
    if (body.intent === 'remove') {
      await removeSubscriber(client, body.id);
      return { removed: body.email };
    }
    if (body.intent === 'save-time') {
      await saveDigestSendTime(client, body.time);
      return { notice: `Horário de envio salvo: ${body.time}.` };
    }
    return { notice: `Teste enviado para ${await sendTest()}.` };
  } catch (error) {
    console.error(error);
    if (body.intent === 'remove') return actionFailure(REMOVE_FAILURE);
    if (body.intent === 'save-time') return actionFailure(SAVE_TIME_FAILURE);
    return actionFailure(error instanceof ServiceError && error.status === 503 ? TEST_UNAVAILABLE : TEST_FAILURE);
  }
}

function useRemoveSubscriber() {
  const action = useConfirmedAction<DigestSubscriber, { removed: string }>({
    title: 'Remover inscrito',
    confirmLabel: 'Remover',
    message: (subscriber) =>
      `Tem certeza que deseja remover ${subscriber.email} do resumo diário? O endereço e o registro do consentimento serão apagados.`,
    body: (subscriber) => ({ intent: 'remove', id: subscriber.id, email: subscriber.email }) satisfies RemoveIntent,
    idOf: (subscriber) => subscriber.id,
  });
  return { ...action, notice: action.done ? `${action.done.removed} removido do resumo diário.` : null };
}

interface ScreenData {
  content: OffsetListContent<DigestSubscriber>;
  counts?: SubscriberCounts;
  sends?: readonly DigestSend[];
  sendTime?: string;
}

function NewsletterScreen({ content, counts, sends, sendTime }: ScreenData) {
  const removal = useRemoveSubscriber();
  const idle = { busyId: null, failure: null };
  return (
    <>
      <PageHeader title="Newsletter" />
      <div className="space-y-8">
        {counts && sendTime !== undefined && (
          <NewsletterTools
            counts={counts}
            sendTime={sendTime}
            exportCsv={async () => subscribersCsv(await exportConfirmedSubscribers(browserClient()))}
          />
        )}
        <section aria-labelledby="newsletter-lista" className="space-y-3">
          <h2 id="newsletter-lista" className="text-lg font-bold text-slate-900">
            Inscritos
          </h2>
          <OffsetListBody
            content={content}
            noun={['inscrito', 'inscritos']}
            confirmed={removal}
            rowActions={idle}
            searchFoundNothing="Nenhum inscrito encontrado."
            table={(subscribers, busyId) => <SubscriberList subscribers={subscribers} busyId={busyId} onRemove={removal.ask} />}
          />
        </section>
        {sends && (
          <section aria-labelledby="newsletter-historico" className="space-y-3">
            <h2 id="newsletter-historico" className="text-lg font-bold text-slate-900">
              Histórico de envios
            </h2>
            <SendHistory sends={sends} />
          </section>
        )}
      </div>
      {removal.dialog}
    </>
  );
}

export function Component() {
  const { page, q, rows, total, counts, sends, sendTime } = useLoaderData<typeof loader>();
  return <NewsletterScreen content={{ rows, paging: { page, total, q } }} counts={counts} sends={sends} sendTime={sendTime} />;
}

export function ErrorBoundary() {
  return <AdminRouteError onLoadFailure={(loadFailure) => <NewsletterScreen content={{ loadFailure }} />} />;
}
