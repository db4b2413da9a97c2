import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { articleFromPublication } from '../../../services/news/from-publication';
import { getPublishedPublication, incrementViews } from '../../../services/publications';
import { paths } from '../../../lib/paths';
import { isUuid } from '../../../lib/uuid';
import { Deferred, awaitedLater } from '../components/deferred';
import { readerClient } from '../reader-client';
import { ArticleUnavailable } from './article-unavailable';
import { ArticleSkeleton, ArticleView } from './article-view';
import { useBackToNews } from './use-back-to-news';

/**
 * A local publication by id. The view is counted here, in the loader, because a loader runs once per navigation
 * to this address (a link, the most-read list, a reload, back/forward): React's StrictMode double effects cannot
 * count it twice, and the most-read list needs no counting of its own. The database ignores drafts and unknown ids.
 *
 * An unknown, unpublished or malformed id resolves to null, not an error: "not found" is an expected answer that
 * the page renders and nobody needs in the console. Only a failed load rejects (shown and logged by <Deferred>).
 */
export function loader({ params }: LoaderFunctionArgs) {
  const id = params.id ?? '';
  const client = readerClient();
  if (isUuid(id)) {
    client
      .then((ready) => incrementViews(ready, id))
      .catch((error: unknown) => console.error('Counting the view failed', error));
  }
  const article = client
    .then((ready) => getPublishedPublication(ready, id))
    .then((publication) => (publication ? articleFromPublication(publication) : null));
  return { id, article: awaitedLater(article) };
}

export function Component() {
  const { id, article } = useLoaderData<typeof loader>();
  const back = useBackToNews();
  return (
    <Deferred
      promise={article}
      fallback={<ArticleSkeleton />}
      errorElement={
        <ArticleUnavailable
          title="Não foi possível carregar a notícia"
          message="Verifique sua conexão e tente novamente em instantes."
          onBack={back}
        />
      }
    >
      {(loaded) =>
        loaded ? (
          <ArticleView key={id} article={loaded} shareUrl={new URL(paths.article(id), window.location.origin).href} onBack={back} />
        ) : (
          <ArticleUnavailable
            title="Notícia não encontrada"
            message="A notícia que você procura não existe ou não está mais publicada."
            onBack={back}
          />
        )
      }
    </Deferred>
  );
}
