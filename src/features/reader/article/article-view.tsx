import type { NewsArticle } from '../../../services/news';
import { usePageOrigin } from '../../../lib/page-origin';
import { ArticleLayout } from './article-layout';
import { readableBody } from './readable-body';
import { sanitizeRichText } from '../../../lib/rich-text/sanitize';
import type { BackTarget } from './use-back-to-news';

interface ArticleViewProps {
  article: NewsArticle;
  /**
   * The address readers share: this page for local and built-in articles, the original story for external ones. null
   * when readers cannot open the story yet (the preview of a draft or a scheduled story): no share buttons, no 'Copiar
   * link', since they would hand out an address that answers 'not found'.
   */
  shareUrl: string | null;
  back: BackTarget;
}

/**
 * An article as stored, as the admin's preview shows a draft: a local story's HTML is sanitised here, as it renders,
 * by DOMPurify in the page's DOM (the panel is never rendered on the server). The reader's pages render ArticleLayout:
 * a story's body made by its loader (article-data.ts), an external article's plain text.
 */
export function ArticleView({ article, shareUrl, back }: ArticleViewProps) {
  const origin = usePageOrigin();
  const bodyHtml = article.origin === 'local' ? readableBody(article.content, origin, sanitizeRichText) : null;
  return <ArticleLayout article={article} bodyHtml={bodyHtml} shareUrl={shareUrl} back={back} />;
}
