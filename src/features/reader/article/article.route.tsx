import { lazy, Suspense, useEffect, useRef } from 'react';
import {
  useLoaderData,
  useLocation,
  useNavigate,
  useParams,
  useRevalidator,
  type LoaderFunctionArgs,
  type ShouldRevalidateFunctionArgs,
} from 'react-router';
import type { LoaderHeadData, ReaderRouteHandle } from '../../../lib/reader-page-meta';
import { articlePage } from './article.page';
import { paths } from '../../../lib/paths';
import { storySlug } from '../../../lib/story-slug';
import { countArticleView, loadArticleWithRelated, loadStoryPageAtOnce, type ReadableArticle } from './article-data';
import { ArticleUnavailable } from './article-unavailable';
import { ArticleLayout, ArticleSkeleton } from './article-layout';
import { useBackToNews, type BackTarget } from './use-back-to-news';
import { usePageOrigin } from '../../../lib/page-origin';
import { readerSources } from '../reader-sources';
import { loadAdPick, type AdPick } from '../ads/ad-rotation';
import { DeferredAdSpace } from '../ads/ad-space';
import { awaitedLater, Deferred, type Later } from '../components/deferred';

// 'Leia também' arrives with its data, after the story (article-data.ts): not part of the page's first load.
const RelatedStories = lazy(() => import('./related-stories').then((block) => ({ default: block.RelatedStories })));

/**
 * A local publication by id. The view is counted here, in the loader, because a loader runs once per navigation
 * to this address (a link, the most-read list, a reload, back/forward): React's StrictMode double effects cannot
 * count it twice, and the most-read list needs no counting of its own.
 *
 * An unknown, unpublished or malformed id gives null, which the page renders as "not found"; only a failed load
 * rejects (shown and logged by <Deferred>).
 */
export function loader({ params, request, context }: LoaderFunctionArgs) {
  const id = params.id ?? '';
  const sources = readerSources(context);
  // The server's render of the page runs this loader too (a crawler, a link preview): only a reader's browser counts.
  if (sources.rendering === 'browser') countArticleView(id);
  // The request's origin is the page's, on the server as in the browser: the body keeps images from our own bucket there.
  // The advert is asked for with the story, not after it: its space is inside the story's body.
  const origin = new URL(request.url).origin;
  // The server's render reads the whole page in one request; a browser asks part by part, each shown when it comes.
  if (sources.rendering === 'server') return { id, ...loadStoryPageAtOnce(sources, id, origin) };
  return { id, ...loadArticleWithRelated(sources, id, origin), ad: awaitedLater(loadAdPick(sources, 'banner-materia')) };
}

/** A page the server rendered with the story: the browser hydrates it without the loader, and counts the view here. */
export const handle: ReaderRouteHandle<LoaderHeadData<typeof loader>> = {
  page: articlePage,
  hydratedFromServer: ({ params }) => countArticleView(params.id ?? ''),
};

/**
 * Moving to the same story at another slug (the page correcting a stale or missing one) keeps the loaded story:
 * running the loader again would count a second view and fetch the story again. Anything else loads as usual.
 */
export function shouldRevalidate({ currentParams, nextParams, currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const onlyTheSlugChanged =
    currentParams.id === nextParams.id && currentParams.slug !== nextParams.slug && currentUrl.search === nextUrl.search;
  return onlyTheSlugChanged ? false : defaultShouldRevalidate;
}

export function Component() {
  const { id, article, related, ad } = useLoaderData<typeof loader>();
  const back = useBackToNews();
  const revalidator = useRevalidator();
  return (
    <Deferred
      promise={article}
      fallback={<ArticleSkeleton />}
      errorElement={
        <ArticleUnavailable
          title="Não foi possível carregar a notícia"
          message="Verifique sua conexão e tente novamente em instantes."
          back={back}
          onRetry={() => void revalidator.revalidate()}
        />
      }
    >
      {(loaded) =>
        loaded ? (
          <>
            <LoadedArticle key={id} id={id} article={loaded} back={back} ad={ad} />
            <SupportBox />
            <Suspense fallback={null}>
              <RelatedStories related={related} />
            </Suspense>
          </>
        ) : (
          <ArticleUnavailable
            title="Notícia não encontrada"
            message="A notícia que você procura não existe ou não está mais publicada."
            back={back}
          />
        )
      }
    </Deferred>
  );
}

/**
 * Reader support after the story's text, before 'Leia também' (decision 0054): markup and a plain link, so the story's
 * first load gains no script of its own (its budget is tight: npm run perf).
 */
function SupportBox() {
  return (
    <aside aria-label="Apoie o jornal" className="mx-auto mt-10 max-w-3xl rounded-lg border border-brand-200 bg-brand-50 p-5">
      <p className="font-serif text-xl font-bold text-slate-900">Gostou desta reportagem?</p>
      <p className="mt-1 text-slate-700">O jornalismo local de Porto Ferreira é feito com o apoio de leitores. Apoie com um Pix de qualquer valor.</p>
      <a href={paths.support()} className="mt-3 inline-block rounded-md bg-brand-800 px-5 py-2 font-semibold text-white hover:bg-brand-700">
        Apoie o jornal
      </a>
    </aside>
  );
}

function LoadedArticle({ id, article, back, ad }: { id: string; article: ReadableArticle; back: BackTarget; ad: Later<AdPick> }) {
  const address = paths.article(id, article.title);
  useCurrentSlugInAddress(id, address, storySlug(article.title));
  return (
    <ArticleLayout
      article={article}
      bodyHtml={article.bodyHtml}
      shareUrl={new URL(address, usePageOrigin()).href}
      back={back}
      inlineAd={{ space: <DeferredAdSpace space="banner-materia" pick={ad} />, adBreak: article.adBreak }}
    />
  );
}

/**
 * An old link (the title was edited) or a bare `/noticia/<id>` shows the story, then the address bar takes its
 * current readable address: the same history entry, no scroll jump, and no new load (see shouldRevalidate).
 */
function useCurrentSlugInAddress(id: string, address: string, slug: string) {
  const params = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  // StrictMode runs the effect twice for one location: a second replace would reach the router as a same-address
  // navigation, which reloads (and counts a view). One replace per location entry.
  const replacedEntry = useRef<string | null>(null);
  // Only the address of this story: while another one opened from here loads, the address is already that one's.
  const stale = params.id === id && (params.slug ?? '') !== slug;

  useEffect(() => {
    if (!stale || replacedEntry.current === location.key) return;
    replacedEntry.current = location.key;
    void navigate(
      { pathname: address, search: location.search, hash: location.hash },
      { replace: true, preventScrollReset: true, state: location.state as unknown },
    );
  }, [stale, address, location, navigate]);
}
