import { useLoaderData } from 'react-router';
import { listPublishedJobs } from '../../../services/jobs';
import { articleFromPublication } from '../../../services/news/from-publication';
import { getNationalNews, getTopicNews } from '../../../services/news/news-api';
import { COMMUNITY_OBITUARIES_LIMIT, listPublishedObituaries } from '../../../services/obituaries';
import { listMostRead, listPublishedByTopicSlug } from '../../../services/publications';
import { awaitedLater } from '../components/deferred';
import { readerClient } from '../reader-client';
import { HOME_SECTION_SIZE, HomePage, type HomeData } from './home-page';

/**
 * Starts every request of the home page at once and returns them unresolved: no request waits for another (the
 * local section filters by topic slug in the same request), and each section shows its skeleton until its own data.
 */
export function loader(): HomeData {
  const client = readerClient();
  return {
    localArticles: awaitedLater(
      client
        .then((ready) => listPublishedByTopicSlug(ready, 'local', HOME_SECTION_SIZE))
        .then((rows) => rows.map(articleFromPublication)),
    ),
    nationalArticles: getNationalNews(),
    sportsArticles: getTopicNews('esportes'),
    technologyArticles: getTopicNews('tecnologia'),
    mostRead: awaitedLater(client.then((ready) => listMostRead(ready)).then((rows) => rows.map(articleFromPublication))),
    jobs: awaitedLater(client.then((ready) => listPublishedJobs(ready))),
    obituaries: awaitedLater(client.then((ready) => listPublishedObituaries(ready, COMMUNITY_OBITUARIES_LIMIT))),
  };
}

export function Component() {
  return <HomePage data={useLoaderData<typeof loader>()} />;
}
