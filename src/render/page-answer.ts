import { APP_SHELL_FILE, prerenderedPageFor } from './prerendered-pages';
import type { MatchedPage, ReaderPageId } from '../app/route-table';
import { imageRenditions, OG_HEIGHT, OG_WIDTH } from '../lib/image-renditions';
import {
  advertisingMeta,
  DEFAULT_DESCRIPTION,
  documentTitle,
  obituariesMeta,
  searchMeta,
  storyNotFoundMeta,
  tipLineMeta,
  privacyMeta,
  accessibilityMeta,
  topicMeta,
} from '../lib/page-meta';
import { correctionsMeta } from '../lib/corrections-meta';
import { jobMeta, jobNotFoundMeta, jobsMeta, obituaryMeta, obituaryNotFoundMeta } from '../lib/community-meta';
import { getPublishedJob } from '../services/job-board';
import type { Job } from '../services/jobs';
import { getPublishedObituary } from '../services/obituary-notice';
import { paths } from '../lib/paths';
import { storySlug } from '../lib/story-slug';
import { getPublishedPublication } from '../services/published-story';
import { publishedStory, type StoryDetails } from '../services/news/local-article';
import type { NewsArticle } from '../services/news/news-article';
import type { Obituary } from '../services/obituaries';
import type { LoadedPage } from './server-rendered';
import { resolveTopicSlug, type Topic } from '../services/topics';
import type { HeadImage, PageHead } from './page-head';
import { absolute, brandImage, FEED_PATH, publisher, topicFeedPath, type SiteContext } from './site-context';

/** What a page address is answered with: its built HTML under its own head, or a redirect to its current address. */
export type PageAnswer =
  | {
      kind: 'page';
      status: 200 | 404;
      file: string;
      head: PageHead | null;
      noindex: boolean;
      home?: true;
      /** Someone's own page behind a secret address (an advertiser's report): no shared cache may keep it. */
      private?: true;
    }
  | { kind: 'redirect'; location: string };

const DEFAULT_ROBOTS = null;
const NOINDEX = 'noindex, follow';
/** A story may be shown with its large picture (Google Discover shows large pictures only then; og.jpg is 1200 px). */
const STORY_ROBOTS = 'max-image-preview:large';

function mainFeed(site: SiteContext) {
  return { title: `${site.siteName}: últimas notícias`, url: absolute(site, FEED_PATH) };
}

/** A head with the site's defaults, for the pages that only change a few of them. */
function pageHead(site: SiteContext, path: string | null, fields: Omit<Partial<PageHead>, 'shareTitle'> & { shareTitle: string | null }): PageHead {
  return {
    title: documentTitle(fields.shareTitle, site.siteName),
    description: DEFAULT_DESCRIPTION,
    canonical: path === null ? null : absolute(site, path),
    siteName: site.siteName,
    type: 'website',
    image: brandImage(site),
    article: null,
    robots: DEFAULT_ROBOTS,
    feeds: [mainFeed(site)],
    jsonLd: [],
    ...fields,
    shareTitle: fields.shareTitle ?? site.siteName,
  };
}

function page(file: string, head: PageHead, status: 200 | 404 = 200): Extract<PageAnswer, { kind: 'page' }> {
  return { kind: 'page', status, file, head, noindex: head.robots?.includes('noindex') ?? false };
}

/** A story as its page shows it (the article loader's, or read here where no render runs). */
type Story = NewsArticle & StoryDetails;

/**
 * A story's picture for link previews: its 1200×630 JPEG rendition, else the newspaper's own; described by the
 * newsroom's alternative text, else (stories saved before it existed) by the title.
 */
function storyImage(site: SiteContext, story: Story): HeadImage {
  const og = imageRenditions(story.imageUrl)?.og;
  const alt = story.imageAlt?.trim() || story.title;
  return og ? { url: absolute(site, og), width: OG_WIDTH, height: OG_HEIGHT, alt } : brandImage(site);
}

function storyHead(site: SiteContext, story: Story): PageHead {
  const canonical = absolute(site, paths.article(story.id, story.title));
  const description = story.description.trim() || story.title;
  const image = storyImage(site, story);
  const section = story.topic?.name ?? null;
  const modified = story.modifiedAt ?? story.publishedAt;
  return pageHead(site, null, {
    shareTitle: story.title,
    description,
    canonical,
    type: 'article',
    image,
    robots: STORY_ROBOTS,
    article: { publishedTime: story.publishedAt, modifiedTime: modified, section },
    feeds: story.topic ? [mainFeed(site), topicFeed(site, story.topic)] : [mainFeed(site)],
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'NewsArticle',
        headline: story.title,
        description,
        image: [image.url],
        datePublished: story.publishedAt,
        dateModified: modified,
        ...(section ? { articleSection: section } : {}),
        // The journalist who signed the story (docs/product.md §6), else the newsroom.
        author: [story.byline ? { '@type': 'Person', name: story.byline } : { '@type': 'Organization', name: 'Redação', url: `${site.origin}/` }],
        // A sponsored story names who paid for it (schema.org CreativeWork.sponsor); the headline stays the story's.
        ...(story.sponsorName ? { sponsor: { '@type': 'Organization', name: story.sponsorName } } : {}),
        publisher: publisher(site),
        mainEntityOfPage: { '@type': 'WebPage', '@id': canonical },
        inLanguage: 'pt-BR',
      },
    ],
  });
}

function topicFeed(site: SiteContext, topic: { name: string; slug: string }) {
  return { title: `${site.siteName}: ${topic.name}`, url: absolute(site, topicFeedPath(topic.slug)) };
}

function notFound(site: SiteContext, title: string | null): PageAnswer {
  return page(prerenderedPageFor('/__not-found')?.file ?? APP_SHELL_FILE, pageHead(site, null, { shareTitle: title, robots: 'noindex' }), 404);
}

/**
 * What the page's own loader brought for this request (src/render/render-request.tsx runs it), so the head and the
 * render share one read; null where no render ran (a HEAD request, a host without one), and the caller reads itself.
 */
function fromLoader<T>(loaded: LoadedPage | null, routeId: ReaderPageId, field: string): Promise<T> | null {
  if (loaded?.routeId !== routeId) return null;
  const data = loaded.loaderData[routeId];
  if (typeof data !== 'object' || data === null || !(field in data)) return null;
  return Promise.resolve((data as Record<string, unknown>)[field] as T);
}

async function storyPage(site: SiteContext, loaded: LoadedPage | null, id: string, slug: string | undefined, search: string): Promise<PageAnswer> {
  const story = await (fromLoader<Story | null>(loaded, 'article', 'article') ??
    getPublishedPublication(site.client, id).then((row) => row && publishedStory(row, site.siteName)));
  if (!story) return notFound(site, storyNotFoundMeta.title);
  if ((slug ?? '') !== storySlug(story.title)) return { kind: 'redirect', location: `${paths.article(story.id, story.title)}${search}` };
  return page(prerenderedPageFor(paths.article(story.id, story.title))!.file, storyHead(site, story));
}

async function topicPage(site: SiteContext, loaded: LoadedPage | null, slug: string): Promise<PageAnswer> {
  // The loader's lookup answers null for a failed one too (the page still shows its news): only a found topic is
  // taken from it.
  const topic = (await fromLoader<Topic | null>(loaded, 'topic', 'topic')) ?? (await resolveTopicSlug(site.client, slug));
  if (!topic) return notFound(site, null);
  // A renamed topic's old address: the app would redirect too, but a crawler should learn the new one.
  if (topic.slug !== slug) return { kind: 'redirect', location: paths.topic(topic.slug) };
  const meta = topicMeta(topic.name);
  return page(
    prerenderedPageFor(paths.topic(topic.slug))!.file,
    pageHead(site, paths.topic(topic.slug), {
      shareTitle: meta.title,
      description: meta.description,
      feeds: [mainFeed(site), topicFeed(site, topic)],
    }),
  );
}

function homePage(site: SiteContext): PageAnswer {
  return homeMarked(page(
    prerenderedPageFor(paths.home())!.file,
    pageHead(site, paths.home(), {
      shareTitle: null,
      jsonLd: [
        {
          '@context': 'https://schema.org',
          '@type': 'WebSite',
          name: site.siteName,
          url: `${site.origin}/`,
          inLanguage: 'pt-BR',
          potentialAction: {
            '@type': 'SearchAction',
            target: { '@type': 'EntryPoint', urlTemplate: `${site.origin}${paths.search.pattern}?q={search_term_string}` },
            'query-input': 'required name=search_term_string',
          },
        },
        { '@context': 'https://schema.org', ...publisher(site) },
      ],
    }),
  ));
}

/** The home page: the handler puts the lead story into its HTML (src/render/lead-story-html.ts). */
function homeMarked(answer: PageAnswer): PageAnswer {
  return answer.kind === 'page' ? { ...answer, home: true } : answer;
}

/** schema.org's employmentType for a contract type; the rest is OTHER. */
const EMPLOYMENT_TYPE: Record<string, string> = {
  CLT: 'FULL_TIME',
  PJ: 'CONTRACTOR',
  Estágio: 'INTERN',
  Temporário: 'TEMPORARY',
  Freelancer: 'CONTRACTOR',
};

function jobHead(site: SiteContext, job: Job): PageHead {
  const meta = jobMeta(job);
  const canonical = absolute(site, paths.job(job.id, job.title));
  return pageHead(site, null, {
    shareTitle: meta.title,
    description: meta.description,
    canonical,
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'JobPosting',
        title: job.title,
        description: job.description?.trim() || meta.description,
        datePosted: job.created_at,
        // The last day is open until its end in São Paulo (the read policy's rule).
        ...(job.expires_at ? { validThrough: `${job.expires_at}T23:59:59-03:00` } : {}),
        employmentType: EMPLOYMENT_TYPE[job.contract_type] ?? 'OTHER',
        hiringOrganization: { '@type': 'Organization', name: job.company },
        jobLocation: {
          '@type': 'Place',
          address: { '@type': 'PostalAddress', addressLocality: job.location, addressRegion: 'SP', addressCountry: 'BR' },
        },
        url: canonical,
      },
    ],
  });
}

/** A job's page: open jobs only (the read policy hides drafts and expired ones); a stale slug redirects. */
async function jobPage(site: SiteContext, loaded: LoadedPage | null, id: string, slug: string | undefined, search: string): Promise<PageAnswer> {
  const job = await (fromLoader<Job | null>(loaded, 'job', 'job') ?? getPublishedJob(site.client, id));
  if (!job) return notFound(site, jobNotFoundMeta.title);
  if ((slug ?? '') !== storySlug(job.title)) return { kind: 'redirect', location: `${paths.job(job.id, job.title)}${search}` };
  return page(prerenderedPageFor(paths.job(job.id, job.title))!.file, jobHead(site, job));
}

/** An obituary's page: published ones only; its photo's link-preview rendition when it has one; a stale slug redirects. */
async function obituaryPage(site: SiteContext, loaded: LoadedPage | null, id: string, slug: string | undefined, search: string): Promise<PageAnswer> {
  const obituary = await (fromLoader<Obituary | null>(loaded, 'obituary', 'obituary') ?? getPublishedObituary(site.client, id));
  if (!obituary) return notFound(site, obituaryNotFoundMeta.title);
  const address = paths.obituary(obituary.id, obituary.name);
  if ((slug ?? '') !== storySlug(obituary.name)) return { kind: 'redirect', location: `${address}${search}` };
  const meta = obituaryMeta(obituary);
  const og = imageRenditions(obituary.photo_url)?.og;
  return page(
    prerenderedPageFor(address)!.file,
    pageHead(site, address, {
      shareTitle: meta.title,
      description: meta.description,
      image: og ? { url: absolute(site, og), width: OG_WIDTH, height: OG_HEIGHT, alt: `Foto de ${obituary.name}` } : brandImage(site),
    }),
  );
}

/**
 * An advertiser's private figures behind its token: never indexed or followed, never kept by a shared cache, and 404
 * once the loader has found no report there (an unknown or revoked link).
 */
async function adReportPage(site: SiteContext, loaded: LoadedPage | null, path: string): Promise<PageAnswer> {
  const report = await (fromLoader<unknown>(loaded, 'ad-report', 'report')?.catch(() => undefined) ?? undefined);
  const found = report !== null;
  const head = pageHead(site, null, { shareTitle: found ? 'Relatório da campanha' : 'Relatório não encontrado', robots: 'noindex, nofollow' });
  return { ...page(prerenderedPageFor(path)!.file, head, found ? 200 : 404), private: true };
}

/**
 * The answer for a page address (GET or HEAD), matched by the app's own route table (src/app/route-table.ts) as the
 * router matches it in the browser. The reader's routes get their own head; the admin panel gets the plain app page,
 * never indexed; any other address is a 404 page that the app renders as "not found".
 */
export async function answerPage(site: SiteContext, url: URL, matched: MatchedPage, loaded: LoadedPage | null = null): Promise<PageAnswer> {
  if (matched.area === 'admin') return { kind: 'page', status: 200, file: APP_SHELL_FILE, head: null, noindex: true };
  const { id, slug } = matched.params;
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
  switch (matched.id) {
    case 'home':
      return homePage(site);
    case 'obituaries':
      return page(prerenderedPageFor(path)!.file, pageHead(site, path, { shareTitle: obituariesMeta.title, description: obituariesMeta.description }));
    case 'jobs':
      return page(prerenderedPageFor(path)!.file, pageHead(site, path, { shareTitle: jobsMeta.title, description: jobsMeta.description }));
    case 'corrections':
      return page(prerenderedPageFor(path)!.file, pageHead(site, path, { shareTitle: correctionsMeta.title, description: correctionsMeta.description }));
    case 'job':
      return jobPage(site, loaded, id ?? '', slug, url.search);
    case 'obituary':
      return obituaryPage(site, loaded, id ?? '', slug, url.search);
    case 'advertising': {
      const meta = advertisingMeta(site.siteName);
      return page(prerenderedPageFor(path)!.file, pageHead(site, path, { shareTitle: meta.title, description: meta.description }));
    }
    case 'tip-line': {
      const meta = tipLineMeta(site.siteName);
      return page(prerenderedPageFor(path)!.file, pageHead(site, path, { shareTitle: meta.title, description: meta.description }));
    }
    case 'privacy': {
      const meta = privacyMeta(site.siteName);
      return page(prerenderedPageFor(path)!.file, pageHead(site, path, { shareTitle: meta.title, description: meta.description }));
    }
    case 'accessibility': {
      const meta = accessibilityMeta(site.siteName);
      return page(prerenderedPageFor(path)!.file, pageHead(site, path, { shareTitle: meta.title, description: meta.description }));
    }
    case 'search': {
      // Every query's page names the search page itself as canonical, so engines keep one search page rather than
      // one per query. Not noindex: Lighthouse's SEO audit (a budget of every reader page) fails a page that says it.
      const query = url.searchParams.get('q')?.trim() ?? '';
      return page(prerenderedPageFor(path)!.file, pageHead(site, path, { shareTitle: searchMeta(query).title }));
    }
    case 'external-article':
      // Another outlet's story, carried in navigation state: it has no address of its own to share or index.
      return page(prerenderedPageFor(path)!.file, pageHead(site, null, { shareTitle: 'Notícia', robots: NOINDEX }));
    case 'article':
      return storyPage(site, loaded, id ?? '', slug, url.search);
    case 'topic':
      return topicPage(site, loaded, matched.params.slug ?? '');
    case 'ad-report':
      return adReportPage(site, loaded, path);
    case 'newsletter-confirm':
    case 'newsletter-unsubscribe':
      // A reader's private link: never indexed, never kept by a shared cache.
      return {
        ...page(prerenderedPageFor(path)!.file, pageHead(site, null, { shareTitle: matched.id === 'newsletter-confirm' ? 'Confirme sua inscrição' : 'Cancelar inscrição', robots: 'noindex, nofollow' })),
        private: true,
      };
    case 'not-found':
      return notFound(site, null);
  }
}
