import { redirect, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { articleFromPublication } from '../../../services/news/from-publication';
import { getTopicNews } from '../../../services/news/news-api';
import { listPublishedByTopicSlug } from '../../../services/publications';
import { resolveTopicSlug } from '../../../services/topics';
import { paths, topicNavigation } from '../../../lib/paths';
import { isReservedTopicSlug } from '../../../lib/topic-slug';
import { readerClient } from '../reader-client';
import { TopicPage, type TopicArticles } from './topic-page';

/**
 * Three requests at once: the topic (by its slug, or by an old slug of a renamed topic), its publications (one
 * request through the embedded topic's slug) and its external news. An unknown slug is not an error: no name, no
 * rows, no external mapping, hence the empty state. An old slug redirects to the topic's current address.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const slug = params.slug ?? '';
  const client = readerClient();
  const topic = client.then((ready) => resolveTopicSlug(ready, slug)).catch((error: unknown) => {
    console.error('Loading the topic failed', error);
    return null;
  });
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
  // The database never moves a navigation slug, so only another slug can be an old address worth waiting for; the
  // navigation's pages keep painting before their data.
  if (!isReservedTopicSlug(slug)) {
    const found = await topic;
    if (found && found.slug !== slug) throw redirect(paths.topic(found.slug), 301);
  }
  return { slug, topicName: topic.then((found) => found?.name ?? null), articles };
}

export function Component() {
  const { slug, topicName, articles } = useLoaderData<typeof loader>();
  const provisionalName = topicNavigation.find((topic) => topic.slug === slug)?.label ?? slug;
  // Keyed by slug: another topic starts with its filters cleared.
  return <TopicPage key={slug} provisionalName={provisionalName} topicName={topicName} articles={articles} />;
}
