import type { NewsArticle } from '../../../services/news';
import { listRelatedStories } from '../../../services/related-stories';
import { ArticleCard } from '../components/article-card';
import { Deferred } from '../components/deferred';
import { articlesFrom, withReaderClient } from '../reader-data';
import type { ReaderSources } from '../reader-sources';

/** Three columns inside the story's 768 px column from 640 px on, else the screen's width. */
const RELATED_CARD_SIZES = '(min-width: 640px) 240px, calc(100vw - 32px)';

/**
 * 'Leia também' at the end of a story: other stories of its topic as cards. Nothing while they load (it is below the
 * story, out of the first screen), nothing when there are none, and nothing when they fail: the story is what the
 * reader came for (the failure is still logged).
 */
export function RelatedStories({ related }: { related: Promise<NewsArticle[]> }) {
  return (
    <Deferred promise={related} fallback={null} errorElement={null}>
      {(articles) => <RelatedList articles={articles} />}
    </Deferred>
  );
}

export function RelatedList({ articles }: { articles: readonly NewsArticle[] }) {
  if (articles.length === 0) return null;
  return (
    <section aria-labelledby="leia-tambem-titulo" className="mx-auto mt-12 max-w-3xl border-t border-slate-200 pt-8">
      <h2 id="leia-tambem-titulo" className="mb-4 font-serif text-2xl font-bold text-slate-900">
        Leia também
      </h2>
      <div className="grid gap-6 sm:grid-cols-3">
        {articles.map((article) => (
          <ArticleCard key={article.id} article={article} imageSizes={RELATED_CARD_SIZES} />
        ))}
      </div>
    </section>
  );
}

/** The topic's other stories as cards' articles: one request. */
export function loadRelatedArticles(sources: ReaderSources, topicId: string, excludeId: string): Promise<NewsArticle[]> {
  return withReaderClient(sources, (client) => listRelatedStories(client, { topicId, excludeId })).then(articlesFrom);
}
