import { useLocation, useSearchParams } from 'react-router';
import { findBuiltInArticle } from '../../../services/news/sample-articles';
import { paths } from '../../../lib/paths';
import { usePageOrigin } from '../../../lib/page-origin';
import { articleFromState } from '../components/article-link';
import { ArticleUnavailable } from './article-unavailable';
import { ArticleLayout } from './article-layout';
import { useBackToNews } from './use-back-to-news';
import type { ReaderRouteHandle } from '../../../lib/reader-page-meta';
import { externalArticlePage } from './external-article.page';

export const handle: ReaderRouteHandle = { page: externalArticlePage };

/**
 * External and built-in articles. The article travels in navigation state, which the browser keeps across reloads
 * and back/forward; a built-in one is also found by its id, so its address can be shared. An external story opened
 * without state (a copied address) cannot be rebuilt, and says so. Their text is plain (no stored HTML): no sanitiser
 * comes with this page.
 */
export function Component() {
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const back = useBackToNews();
  const origin = usePageOrigin();
  const builtInId = searchParams.get('id');
  const article = articleFromState(location.state) ?? (builtInId ? findBuiltInArticle(builtInId) : null);

  if (!article) {
    return (
      <ArticleUnavailable
        title="Notícia indisponível"
        message="Esta notícia externa não está mais disponível por este endereço. Volte à página inicial para ver as últimas notícias."
        back={back}
      />
    );
  }
  const shareUrl = article.url ?? new URL(paths.externalArticle(article.id), origin).href;
  return <ArticleLayout key={article.id} article={article} bodyHtml={null} shareUrl={shareUrl} back={back} />;
}
