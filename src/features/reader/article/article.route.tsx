import { useAsyncError, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { NotFoundError } from '../../../services/errors';
import { articleFromPublication } from '../../../services/news/from-publication';
import { getPublishedPublication, incrementViews } from '../../../services/publications';
import { paths } from '../../../lib/paths';
import { Deferred, awaitedLater } from '../components/deferred';
import { readerClient } from '../reader-client';
import { ArticleUnavailable } from './article-unavailable';
import { ArticleSkeleton, ArticleView } from './article-view';
import { useBackToNews } from './use-back-to-news';

/**
 * A local publication by id. The view is counted here, in the loader, because a loader runs once per navigation
 * to this address (a link, the most-read list, a reload, back/forward): React's StrictMode double effects cannot
 * count it twice, and the most-read list needs no counting of its own. The database ignores drafts and unknown ids.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function loader({ params }: LoaderFunctionArgs) {
  const id = params.id ?? '';
  const client = readerClient();
  if (UUID.test(id)) {
    client
      .then((ready) => incrementViews(ready, id))
      .catch((error: unknown) => console.error('Counting the view failed', error));
  }
  return { id, article: awaitedLater(client.then((ready) => getPublishedPublication(ready, id)).then(articleFromPublication)) };
}

export function Component() {
  const { id, article } = useLoaderData<typeof loader>();
  const back = useBackToNews();
  return (
    <Deferred promise={article} fallback={<ArticleSkeleton />} errorElement={<ArticleLoadError onBack={back} />}>
      {(loaded) => <ArticleView key={id} article={loaded} shareUrl={new URL(paths.article(id), window.location.origin).href} onBack={back} />}
    </Deferred>
  );
}

function ArticleLoadError({ onBack }: { onBack: () => void }) {
  const error = useAsyncError();
  return error instanceof NotFoundError ? (
    <ArticleUnavailable
      title="Notícia não encontrada"
      message="A notícia que você procura não existe ou não está mais publicada."
      onBack={onBack}
    />
  ) : (
    <ArticleUnavailable
      title="Não foi possível carregar a notícia"
      message="Verifique sua conexão e tente novamente em instantes."
      onBack={onBack}
    />
  );
}
