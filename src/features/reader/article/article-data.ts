import { importOnce } from '../../../lib/import-once';
import { isUuid } from '../../../lib/uuid';
import type { NewsArticle } from '../../../services/news';
import { storyFromPublication } from '../../../services/news/from-publication';
import type { StoryDetails } from '../../../services/news/local-article';
import { incrementViews } from '../../../services/publications';
import { awaitedLater } from '../components/deferred';
import { articlesFrom, withReaderClient } from '../reader-data';
import { pickCampaign, type AdPick } from '../ads/ad-rotation';
import type { PublicPublication } from '../../../services/publications';
import { browserSources, type ReaderSources } from '../reader-sources';

/**
 * Counts one view of a publication. The database ignores drafts and unknown ids; a malformed id is not even sent.
 * A failed count is logged and never shown: the reader came for the article, not for the counter.
 */
export function countArticleView(id: string): void {
  if (!isUuid(id)) return;
  withReaderClient(browserSources, (client) => incrementViews(client, id)).catch((error: unknown) => console.error('Counting the view failed', error));
}

/** A local story with its body made for reading (readable-body.ts), as the page renders it and its head describes it. */
export type ReadableArticle = NewsArticle & StoryDetails & { bodyHtml: string; adBreak: number | null; correctionsHtml: string; updatedHtml: string };

const readableBody = importOnce(() => import('./readable-body'));
const publishedStory = importOnce(() => import('../../../services/published-story'));
const relatedStories = importOnce(() => import('./related-stories'));

/** The story as its page shows it: its body made for reading, its corrections and its update line. */
async function readableArticle(
  found: PublicPublication | null,
  pageOrigin: string,
  bodyMaker: ReturnType<typeof readableBody>,
  sanitizer: ReturnType<ReaderSources['richTextSanitizer']>,
): Promise<ReadableArticle | null> {
  if (!found) return null;
  const article = storyFromPublication(found);
  const maker = await bodyMaker;
  return {
    ...article,
    ...maker.readableBodyWithAdBreak(article.content, pageOrigin, await sanitizer),
    correctionsHtml: maker.correctionsHtml(found.publication_corrections ?? []),
    updatedHtml: maker.updatedHtml(article.modifiedAt),
  };
}

/**
 * A local publication as an article (null for an unknown, unpublished or malformed id: "not found" is an expected
 * answer that the page renders and nobody needs in the console; only a failed load rejects), and 'Leia também': three other published stories of its topic, newest first, in
 * one request once the story has said which topic it is (an empty list without a topic, or for a missing story). The
 * block's code (./related-stories) comes with that request, not with the page's first load: it is below the story.
 */
export function loadArticleWithRelated(
  sources: ReaderSources,
  id: string,
  pageOrigin: string,
): { article: Promise<ReadableArticle | null>; related: Promise<NewsArticle[]> } {
  // Asked for with the story, not after it: a reader's browser runs this loader only on a navigation within the app
  // (a page it was served hydrates the server's data, whose body the server made), so the sanitiser is no part of
  // the page's first load.
  const bodyMaker = readableBody();
  const sanitizer = sources.richTextSanitizer();
  // The read comes with the loader too (published-story.ts): a page the server rendered hydrates without it.
  const reader = publishedStory();
  const publication = withReaderClient(sources, async (client) => (await reader).getPublishedPublication(client, id));
  const related = publication.then((found) => {
    const topicId = found?.topics?.id;
    if (!found || !topicId) return [];
    return relatedStories().then((block) => block.loadRelatedArticles(sources, topicId, found.id));
  });
  return {
    article: awaitedLater(publication.then((found) => readableArticle(found, pageOrigin, bodyMaker, sanitizer))),
    related: awaitedLater(related),
  };
}

const storyPageService = importOnce(() => import('../../../services/story-page'));

/**
 * The server's render: the story, 'Leia também' and the campaigns of its banner space in one request (rpc
 * story_page), each the same as its own request gives (decision 0051). The service arrives with the server's render
 * only: no browser loads it.
 */
export function loadStoryPageAtOnce(
  sources: ReaderSources,
  id: string,
  pageOrigin: string,
): { article: Promise<ReadableArticle | null>; related: Promise<NewsArticle[]>; ad: Promise<AdPick> } {
  const bodyMaker = readableBody();
  const sanitizer = sources.richTextSanitizer();
  const page = storyPageService().then(({ getStoryPage }) => withReaderClient(sources, (client) => getStoryPage(client, id)));
  return {
    article: awaitedLater(page.then(({ story }) => readableArticle(story, pageOrigin, bodyMaker, sanitizer))),
    related: awaitedLater(page.then(({ related }) => articlesFrom(related))),
    // As loadAdPick: an advert that cannot be read leaves its placeholder, and the page still renders.
    ad: awaitedLater(
      page.then(
        ({ campaigns }) => pickCampaign(campaigns),
        (error: unknown) => {
          console.error('Reading the campaigns of banner-materia failed', error);
          return null;
        },
      ),
    ),
  };
}
