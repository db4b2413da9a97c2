import type { DataClient } from '../../services/client';
import { COMMUNITY_JOBS_LIMIT, listPublishedJobs } from '../../services/jobs';
import { articleFromPublication } from '../../services/news/from-publication';
import type { NewsArticle } from '../../services/news';
import { getNationalNews, getTopicNews } from '../../services/news/news-api';
import { COMMUNITY_OBITUARIES_LIMIT, listPublishedObituaries } from '../../services/obituaries';
import { getLeadPublication, listMostRead, listPublishedByTopicSlug, MOST_READ_LIMIT, type PublicationSummary } from '../../services/publications';
import { FEATURED_ARTICLE } from '../../services/news/featured-article';
import type * as SearchService from '../../services/search';
import { weatherOptions, type ReaderSources } from './reader-sources';
import { getWeather } from '../../services/weather/weather';
import { awaitedLater } from './components/deferred';
import { importOnce } from '../../lib/import-once';
import { HOME_SECTION_SIZE, type HomeData } from './home/home-page';
import { cachedRequest, keepAnswer, keptAnswer, type Later } from './page-cache';
import { loadAdPick, pickCampaign, type AdPick } from './ads/ad-rotation';
import type { HomeAdSpace, HomeSections } from '../../services/home-sections';
import type { AdSpace } from '../../types/database';

// The reader's door to its data: route loaders call these functions (the home page's here, the other pages' in their
// own folder's *-data.ts, so a page's data code arrives with the page) and get view models back. Each function starts
// all of its requests at once; a promise that a page shows through <Deferred> comes back unresolved and already marked
// handled (awaitedLater), so a loader returns it as it is.

/** Runs a request with the sources' client; a request that throws at once still answers with a rejection. */
export function withReaderClient<T>(sources: ReaderSources, request: (client: DataClient) => Promise<T>): Promise<T> {
  return Promise.resolve().then(() => request(sources.client()));
}

const searchService = importOnce(() => import('../../services/search'));

/**
 * Runs a search or archive request once the search service is there. The service is loaded on first use, so the
 * home page's entry chunk carries none of it.
 */
export function withSearchService<T>(
  sources: ReaderSources,
  request: (client: DataClient, search: typeof SearchService) => Promise<T>,
): Promise<T> {
  return searchService().then((search) => request(sources.client(), search));
}

/** A request whose answer a page shows through <Deferred>; see `awaitedLater` for why it is marked handled. */
export function deferredRequest<T>(sources: ReaderSources, request: (client: DataClient) => Promise<T>): Promise<T> {
  return awaitedLater(withReaderClient(sources, request));
}

/**
 * An answer a reader's revisit shows at once from the page cache while it asks again (page-cache.ts). Elsewhere
 * nothing is kept: the server's render answers every reader from one process, and what it showed one reader is no
 * answer for the next.
 */
export function cachedFor<T>(sources: ReaderSources, key: string, request: () => Promise<T>, keep?: (value: T) => boolean): Later<T> {
  return sources.rendering === 'browser' ? cachedRequest(key, request, keep) : awaitedLater(request());
}

/** A section's request with the sources' client, kept as cachedFor says. */
export function cachedSection<T>(sources: ReaderSources, key: string, request: (client: DataClient) => Promise<T>): Later<T> {
  return cachedFor(sources, key, () => withReaderClient(sources, request));
}

export function articlesFrom(rows: readonly PublicationSummary[]): NewsArticle[] {
  return rows.map(articleFromPublication);
}

/** The page cache's key of each home section. */
const HOME_KEYS = {
  lead: 'home:lead',
  localArticles: 'home:local',
  nationalArticles: 'home:national',
  sportsArticles: 'home:esportes',
  technologyArticles: 'home:tecnologia',
  mostRead: 'home:most-read',
  jobs: 'home:jobs',
  obituaries: 'home:obituaries',
  adPrincipal: 'home:ad:banner-principal',
  adLateral: 'home:ad:banner-lateral',
  weather: 'home:weather',
} as const satisfies Record<keyof HomeData, string>;

/**
 * The home page's hero (docs/decisions/0014): the newsroom's lead story, else the sample (also when the request
 * fails). The build has no data: it prerenders the sample, and the page carries it as the route's data. A page
 * hydrating finds what its HTML shows already kept (keepHomeSections, from the page's data block), so this answers
 * with it at once and asks the database in the background, as on any revisit.
 */
function loadLead(sources: ReaderSources): Later<NewsArticle> {
  if (sources.rendering === 'build') return FEATURED_ARTICLE;
  return cachedSection(sources, HOME_KEYS.lead, (client) =>
    getLeadPublication(client).then(
      (row) => (row ? articleFromPublication(row) : FEATURED_ARTICLE),
      () => FEATURED_ARTICLE,
    ),
  );
}

/** A banner space's creative: a revisit keeps the one the page showed while that campaign still serves (ad-rotation.ts). */
function cachedAd(sources: ReaderSources, key: string, space: AdSpace): Later<AdPick> {
  return cachedFor(sources, key, () => loadAdPick(sources, space, sources.rendering === 'browser' ? (keptAnswer<AdPick>(key) ?? null) : null));
}

/**
 * Every section of the home page, each still on its way: no request waits for another (the local section filters
 * by topic slug in the same request), and each section shows its skeleton until its own data. The server's render,
 * which waits for all of them anyway, reads the site's own sections in one request (loadHomeSectionsAtOnce).
 */
export function loadHomeSections(sources: ReaderSources): HomeData {
  const { api } = sources;
  const external = {
    nationalArticles: cachedFor(sources, HOME_KEYS.nationalArticles, () => getNationalNews(api)),
    sportsArticles: cachedFor(sources, HOME_KEYS.sportsArticles, () => getTopicNews('esportes', api)),
    technologyArticles: cachedFor(sources, HOME_KEYS.technologyArticles, () => getTopicNews('tecnologia', api)),
    weather: cachedFor(sources, HOME_KEYS.weather, () => getWeather(weatherOptions(api))),
  };
  if (sources.rendering === 'server') return { ...loadHomeSectionsAtOnce(sources), ...external };
  return {
    ...external,
    lead: loadLead(sources),
    localArticles: cachedSection(sources, HOME_KEYS.localArticles, (client) =>
      listPublishedByTopicSlug(client, 'local', HOME_SECTION_SIZE).then(articlesFrom),
    ),
    mostRead: cachedSection(sources, HOME_KEYS.mostRead, (client) => listMostRead(client).then(articlesFrom)),
    jobs: cachedSection(sources, HOME_KEYS.jobs, (client) => listPublishedJobs(client)),
    obituaries: cachedSection(sources, HOME_KEYS.obituaries, (client) => listPublishedObituaries(client, COMMUNITY_OBITUARIES_LIMIT)),
    adPrincipal: cachedAd(sources, HOME_KEYS.adPrincipal, 'banner-principal'),
    adLateral: cachedAd(sources, HOME_KEYS.adLateral, 'banner-lateral'),
  };
}

const homeSectionsService = importOnce(() => import('../../services/home-sections'));

/**
 * The server's render: the site's own sections in one request (rpc home_page_sections), each section the same as
 * its own request gives (decision 0051). The service arrives with the server's render only: no browser loads it.
 */
function loadHomeSectionsAtOnce(sources: ReaderSources): Omit<HomeData, 'nationalArticles' | 'sportsArticles' | 'technologyArticles' | 'weather'> {
  const sections = homeSectionsService().then(({ getHomeSections }) =>
    withReaderClient(sources, (client) =>
      getHomeSections(client, { local: HOME_SECTION_SIZE, mostRead: MOST_READ_LIMIT, jobs: COMMUNITY_JOBS_LIMIT, obituaries: COMMUNITY_OBITUARIES_LIMIT }),
    ),
  );
  const section = <T>(pick: (found: HomeSections) => T): Promise<T> => awaitedLater(sections.then(pick));
  // As loadAdPick: an advert that cannot be read leaves its placeholder, and the page still renders.
  const ad = (space: HomeAdSpace): Promise<AdPick> =>
    section((found) => pickCampaign(found.campaigns[space])).catch((error: unknown) => {
      console.error(`Reading the campaigns of ${space} failed`, error);
      return null;
    });
  return {
    lead: section((found) => (found.lead ? articleFromPublication(found.lead) : FEATURED_ARTICLE)).catch(() => FEATURED_ARTICLE),
    localArticles: section((found) => articlesFrom(found.local)),
    mostRead: section((found) => articlesFrom(found.mostRead)),
    jobs: section((found) => found.jobs),
    obituaries: section((found) => found.obituaries),
    adPrincipal: ad('banner-principal'),
    adLateral: ad('banner-lateral'),
  };
}

/**
 * What a home page's HTML was rendered from (all of it when the server rendered it, decision 0019; the hero alone when
 * it was prerendered), kept as if this visit had loaded it: hydration and the way back show it at once.
 */
export function keepHomeSections(data: Partial<HomeData>): void {
  for (const section of Object.keys(HOME_KEYS) as (keyof HomeData)[]) {
    const value = data[section];
    if (value !== undefined && !(value instanceof Promise)) keepAnswer(HOME_KEYS[section], value);
  }
}
