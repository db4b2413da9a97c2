import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { articleFromPublication } from '../../../services/news/from-publication';
import { getTopicNews } from '../../../services/news/news-api';
import { listPublishedByTopicSlug } from '../../../services/publications';
import { getTopicBySlug } from '../../../services/topics';
import { topicNavigation } from '../../../lib/paths';
import { readerClient } from '../reader-client';
import { TopicPage, type TopicArticles } from './topic-page';

/**
 * Three requests at once: the topic's name, its publications (one request through the embedded topic's slug) and
 * its external news. An unknown slug is not an error: no name, no rows, no external mapping, hence the empty state.
 */
export function loader({ params }: LoaderFunctionArgs) {
  const slug = params.slug ?? '';
  const client = readerClient();
  const local = client.then((ready) => listPublishedByTopicSlug(ready, slug)).then(
    (rows) => ({ articles: rows.map(articleFromPublication), failed: false }),
    (error: unknown) => {
      console.error('Loading the topic publications failed', error);
      return { articles: [], failed: true };
    },
  );
  const articles: Promise<TopicArticles> = Promise.all([local, getTopicNews(slug)]).then(([own, external]) => ({
    articles: [...own.articles, ...external],
    localFailed: own.failed,
  }));
  const topicName = client.then((ready) => getTopicBySlug(ready, slug)).then(
    (topic) => topic?.name ?? null,
    (error: unknown) => {
      console.error('Loading the topic failed', error);
      return null;
    },
  );
  return { slug, topicName, articles };
}

export function Component() {
  const { slug, topicName, articles } = useLoaderData<typeof loader>();
  const provisionalName = topicNavigation.find((topic) => topic.slug === slug)?.label ?? slug;
  // Keyed by slug: another topic starts with its filters cleared.
  return <TopicPage key={slug} provisionalName={provisionalName} topicName={topicName} articles={articles} />;
}
