import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { paths } from '../../../lib/paths';
import { Deferred } from '../components/deferred';
import { countArticleView, loadArticle } from './article-data';
import { ArticleUnavailable } from './article-unavailable';
import { ArticleSkeleton, ArticleView } from './article-view';
import { useBackToNews } from './use-back-to-news';

/**
 * A local publication by id. The view is counted here, in the loader, because a loader runs once per navigation
 * to this address (a link, the most-read list, a reload, back/forward): React's StrictMode double effects cannot
 * count it twice, and the most-read list needs no counting of its own.
 *
 * An unknown, unpublished or malformed id gives null, which the page renders as "not found"; only a failed load
 * rejects (shown and logged by <Deferred>).
 */
export function loader({ params }: LoaderFunctionArgs) {
  const id = params.id ?? '';
  countArticleView(id);
  return { id, article: loadArticle(id) };
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
