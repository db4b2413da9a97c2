import { redirect, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { paths, topicNavigation } from '../../../lib/paths';
import { isReservedTopicSlug } from '../../../lib/topic-slug';
import type { LoaderHeadData, ReaderRouteHandle } from '../../../lib/reader-page-meta';
import { topicPage } from './topic.page';
import { keepTopicPage, loadTopicLocalPage, loadTopicPage } from './topic-data';
import { TopicPage } from './topic-page';
import { readerSources } from '../reader-sources';

/**
 * The topic, its publications and its external news, asked for at once (see loadTopicPage). An old slug of a
 * renamed topic redirects to the topic's current address.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const slug = params.slug ?? '';
  const { topic, topicName, articles } = loadTopicPage(readerSources(context), slug);
  // The database never moves a navigation slug, so only another slug can be an old address worth waiting for; the
  // navigation's pages keep painting before their data.
  if (!isReservedTopicSlug(slug)) {
    const found = await topic;
    if (found && found.slug !== slug) throw redirect(paths.topic(found.slug), 301);
  }
  return { slug, topic, topicName, articles };
}

/** A topic the server rendered with its data: a revisit shows that data at once, as if this visit had loaded it. */
export const handle: ReaderRouteHandle<LoaderHeadData<typeof loader>> = {
  page: topicPage,
  hydratedFromServer: ({ data }) => {
    const { slug, topic, articles } = data as Partial<Awaited<ReturnType<typeof loader>>> & { slug: string };
    keepTopicPage(slug, topic, articles);
  },
};

export function Component() {
  const { slug, topicName, articles } = useLoaderData<typeof loader>();
  const provisionalName = topicNavigation.find((topic) => topic.slug === slug)?.label ?? slug;
  // Keyed by slug: another topic starts with its filters cleared.
  return (
    <TopicPage
      key={slug}
      provisionalName={provisionalName}
      topicName={topicName}
      articles={articles}
      loadLocalPage={(filter, after) => loadTopicLocalPage(slug, filter, after)}
    />
  );
}
