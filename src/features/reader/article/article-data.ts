import { isUuid } from '../../../lib/uuid';
import type { NewsArticle } from '../../../services/news';
import { articleFromPublication } from '../../../services/news/from-publication';
import { getPublishedPublication, incrementViews } from '../../../services/publications';
import { deferredRequest, withReaderClient } from '../reader-data';

/**
 * A local publication as an article. An unknown, unpublished or malformed id resolves to null, not an error: "not
 * found" is an expected answer that the page renders and nobody needs in the console. Only a failed load rejects.
 */
export function loadArticle(id: string): Promise<NewsArticle | null> {
  return deferredRequest((client) =>
    getPublishedPublication(client, id).then((publication) => (publication ? articleFromPublication(publication) : null)),
  );
}

/**
 * Counts one view of a publication. The database ignores drafts and unknown ids; a malformed id is not even sent.
 * A failed count is logged and never shown: the reader came for the article, not for the counter.
 */
export function countArticleView(id: string): void {
  if (!isUuid(id)) return;
  withReaderClient((client) => incrementViews(client, id)).catch((error: unknown) => console.error('Counting the view failed', error));
}
