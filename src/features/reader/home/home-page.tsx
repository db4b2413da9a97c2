import { Suspense } from 'react';
import type { Job } from '../../../services/jobs';
import type { NewsArticle } from '../../../services/news';
import type { Obituary } from '../../../services/obituaries';
import { FEATURED_ARTICLE } from '../../../services/news/featured-article';
import { site } from '../../../config/site';
import { HOME_CARD_SIZES } from '../../../lib/image-renditions';
import { paths } from '../../../lib/paths';
import { DeferredAdSpace } from '../ads/ad-space';
import type { AdPick } from '../ads/ad-rotation';
import { ArticleGrid, ArticleGridSkeleton, NewsSection } from '../components/article-grid';
import { Deferred, type Later } from '../components/deferred';
import { useDocumentMeta } from '../components/use-document-meta';
import { signUp } from '../newsletter/newsletter-data';
import { NewsletterSignup } from '../newsletter/newsletter-signup';
import { CommunitySection } from './community-section';
import { FeaturedStory, FeaturedStorySkeleton } from './featured-story';
import { MostReadList, MostReadSkeleton } from './most-read-list';
import { WeatherWidget } from './weather-widget';
import { NO_WEATHER, type WeatherAnswer } from '../../../services/weather/weather';
import { RetryAlert } from '../components/retry-alert';
import { TitledSection } from '../../../components/ui/titled-section';

/** Everything the home page shows, each part still on its way: the page renders at once and fills in. */
export interface HomeData {
  /** The hero: the newsroom's lead story ('Manchete'), else the hard-coded sample (docs/product.md §2). */
  lead: Later<NewsArticle>;
  localArticles: Later<NewsArticle[]>;
  nationalArticles: Later<NewsArticle[]>;
  sportsArticles: Later<NewsArticle[]>;
  technologyArticles: Later<NewsArticle[]>;
  mostRead: Later<NewsArticle[]>;
  jobs: Later<Job[]>;
  obituaries: Later<Obituary[]>;
  /** The creatives of the page's two banner spaces (null: the placeholder). */
  adPrincipal: Later<AdPick>;
  adLateral: Later<AdPick>;
  /** Porto Ferreira's weather from the site's own `/api/weather` (never invented: none when there is no reading). */
  weather: Later<WeatherAnswer>;
}

/** How many cards each home section shows: two rows of the three-column grid. */
export const HOME_SECTION_SIZE = 6;

export function HomePage({ data }: { data: HomeData }) {
  useDocumentMeta(null);
  const sections = [
    { title: 'Porto Ferreira e Região', slug: 'local', articles: data.localArticles, empty: 'Nenhuma notícia local publicada ainda.' },
    { title: 'Notícias Nacionais', slug: 'politica', articles: data.nationalArticles, empty: 'Nenhuma notícia nacional no momento.' },
    { title: 'Esportes', slug: 'esportes', articles: data.sportsArticles, empty: 'Nenhuma notícia de esportes no momento.' },
    { title: 'Tecnologia', slug: 'tecnologia', articles: data.technologyArticles, empty: 'Nenhuma notícia de tecnologia no momento.' },
  ] as const;

  return (
    <>
      <h1 className="sr-only">{site.name}: página inicial</h1>
      {/*
        One column on a phone, two from lg up. The DOM order is the phone's reading order: the lead story and its
        advert, then the side column (weather, most read), then the rest, so a phone reader meets the most read
        within the first screens instead of after the four sections, and a screen reader hears the same order. From
        lg up, explicit grid placement puts the side column on the right across both rows, and the second row (1fr)
        takes any extra height, so each column stacks independently exactly as two separate columns would.
      */}
      <div className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_20rem] lg:grid-rows-[auto_1fr] lg:gap-x-8">
        <div className="min-w-0 space-y-10 lg:col-start-1 lg:row-start-1">
          <Suspense fallback={null}>
            <Deferred promise={data.lead} fallback={<FeaturedStorySkeleton />} errorElement={<FeaturedStory article={FEATURED_ARTICLE} />}>
              {(lead) => <FeaturedStory article={lead} />}
            </Deferred>
            <DeferredAdSpace space="banner-principal" pick={data.adPrincipal} />
          </Suspense>
        </div>
        <div className="space-y-8 lg:col-start-2 lg:row-[1/span_2]">
          <Suspense fallback={null}>
            <Deferred promise={data.weather} fallback={<WeatherWidget answer={null} />} errorElement={<WeatherWidget answer={NO_WEATHER} />}>
              {(answer) => <WeatherWidget answer={answer} />}
            </Deferred>
          </Suspense>
          <TitledSection
            id="mais-lidas-titulo"
            title="Notícias Mais Lidas"
            className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
            headingClassName="mb-2 border-b-2 border-brand-800 pb-2 text-lg font-bold text-slate-900"
          >
            <Deferred
              promise={data.mostRead}
              fallback={<MostReadSkeleton />}
              errorElement={<RetryAlert>Não foi possível carregar as mais lidas.</RetryAlert>}
            >
              {(articles) => <MostReadList articles={articles} />}
            </Deferred>
          </TitledSection>
          <DeferredAdSpace space="banner-lateral" pick={data.adLateral} />
          <NewsletterSignup signUp={signUp} />
        </div>
        <div className="min-w-0 space-y-10 lg:col-start-1 lg:row-start-2">
          <Suspense fallback={null}>
            <CommunitySection jobs={data.jobs} obituaries={data.obituaries} />
          </Suspense>
          {sections.map((section) => (
            <Suspense key={section.title} fallback={null}>
            <NewsSection title={section.title} moreHref={paths.topic(section.slug)}>
              <Deferred
                promise={section.articles}
                fallback={<ArticleGridSkeleton />}
                errorElement={<RetryAlert>Não foi possível carregar as notícias desta seção.</RetryAlert>}
              >
                {(articles) =>
                  articles.length === 0 ? (
                    <p className="text-sm text-slate-600">{section.empty}</p>
                  ) : (
                    <ArticleGrid articles={articles.slice(0, HOME_SECTION_SIZE)} imageSizes={HOME_CARD_SIZES} />
                  )
                }
              </Deferred>
            </NewsSection>
            </Suspense>
          ))}
        </div>
      </div>
    </>
  );
}
