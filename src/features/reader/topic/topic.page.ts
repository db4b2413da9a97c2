import { mainFeed, notFoundAnswer, pageAnswer, siteHead, topicFeed, type ReaderPageHandle } from '../../../lib/reader-page-meta';
import { topicMeta } from '../../../lib/page-meta';
import { paths } from '../../../lib/paths';
import type { Topic } from '../../../services/topics';

/** /topic/:slug: a topic's page and feed; an unknown topic is a 404, a renamed topic's old slug redirects. */
export const topicPage: ReaderPageHandle<{ topic: Topic | null }> = {
  rendering: 'request',
  head: ({ site, params, data: { topic } }) => {
    if (!topic) return notFoundAnswer(site, null);
    // A renamed topic's old address: the app redirects too, but a crawler should learn the new one.
    if (topic.slug !== params.slug) return { kind: 'redirect', location: paths.topic(topic.slug) };
    const meta = topicMeta(topic.name);
    return pageAnswer(
      siteHead(site, paths.topic(topic.slug), { shareTitle: meta.title, description: meta.description, feeds: [mainFeed(site), topicFeed(site, topic)] }),
    );
  },
};
