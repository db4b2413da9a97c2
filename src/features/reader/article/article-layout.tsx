import type { MouseEvent, ReactNode } from 'react';
import { ArrowLeft } from 'lucide';
import { Icon } from '../../../components/ui/icon';
import type { NewsArticle } from '../../../services/news';
import { formatLongDate } from '../../../lib/dates';
import { youtubeVideoId } from '../../../lib/youtube';
import { articleImageSource } from '../../../lib/article-image';
import { ARTICLE_SIZES } from '../../../lib/image-renditions';
import { NewsArticleImage } from '../components/article-image';
import { DemoBadge } from '../components/demo-badge';
import { SponsorNotice } from '../components/sponsored-label';
import { TipLineLink } from '../components/tip-line-link';
import { useDocumentMeta } from '../components/use-document-meta';
import { signUp } from '../newsletter/newsletter-data';
import { NewsletterSignup } from '../newsletter/newsletter-signup';
import { ShareButtons } from './share-buttons';
import type { BackTarget } from './use-back-to-news';
import { VideoFacade } from './video-facade';

interface ArticleLayoutProps {
  /**
   * With its 'Atualizado em' line and its corrections' section (made like the body: readable-body.ts) when it is one
   * of the newsroom's and was corrected; an external or built-in article has neither.
   */
  article: NewsArticle & { correctionsHtml?: string; updatedHtml?: string };
  /**
   * A local story's body, already sanitised and made for reading (readable-body.ts); never the stored HTML. null for
   * an external or built-in article, whose text is shown as paragraphs.
   */
  bodyHtml: string | null;
  /**
   * The address readers share: this page for local and built-in articles, the original story for external ones. null
   * when readers cannot open the story yet (the preview of a draft or a scheduled story): no share buttons, no 'Copiar
   * link', since they would hand out an address that answers 'not found'.
   */
  shareUrl: string | null;
  back: BackTarget;
  /**
   * The 'Banner em Matéria' space of a local story's page, placed in the body at `adBreak` (an offset into `bodyHtml`
   * past its second paragraph, readable-body.ts), or after the body when that is null. None in the admin's preview.
   */
  inlineAd?: { space: ReactNode; adBreak: number | null };
}

/**
 * docs/product.md §2 article screen, the same for local, external and built-in articles. It takes a local story's
 * body as made by readableBody, so the reader's article page can bring it made already (on the server, in the page's
 * data) and load no sanitiser of its own to show a story it was served; ArticleView makes it from stored HTML.
 */
export function ArticleLayout({ article, bodyHtml, shareUrl, back, inlineAd }: ArticleLayoutProps) {
  useDocumentMeta(article.title, article.description || article.title);
  const videoId = youtubeVideoId(article.youtubeUrl);

  return (
    <article className="mx-auto max-w-3xl">
      <BackLink back={back} />
      <header className="mt-6 space-y-4">
        <div className="flex flex-wrap items-center gap-3 text-sm text-slate-600">
          <span className="rounded bg-brand-800 px-3 py-1 text-xs font-semibold uppercase tracking-wide text-white">
            {article.category}
          </span>
          <DemoBadge article={article} />
          <SponsorNotice article={article} />
          {article.publishedAt && <time dateTime={article.publishedAt}>{formatLongDate(article.publishedOn)}</time>}
          {/* 'Atualizado em …', made with the body (readable-body.ts, decision 0038). */}
          {article.updatedHtml && <span dangerouslySetInnerHTML={{ __html: article.updatedHtml }} />}
        </div>
        <h1 className="font-serif text-3xl font-bold leading-tight text-slate-900 sm:text-4xl">{article.title}</h1>
        {article.description && <p className="text-lg text-slate-700">{article.description}</p>}
        <div className="flex flex-wrap items-center justify-between gap-4 border-y border-slate-200 py-4">
          <p className="text-sm">
            <span className="font-semibold text-slate-900">{article.author}</span>
            <span className="block text-slate-600">Jornalista</span>
          </p>
          {shareUrl !== null && <ShareButtons url={shareUrl} title={article.title} />}
        </div>
      </header>

      <figure className="mt-6">
        <NewsArticleImage article={article} width={1200} height={675} sizes={ARTICLE_SIZES} priority className="aspect-video w-full rounded-lg bg-slate-200 object-cover" />
        <figcaption className="mt-2 text-sm text-slate-600">Foto: {article.imageCredit?.trim() || article.sourceName}</figcaption>
      </figure>

      <ArticleBody article={article} bodyHtml={bodyHtml} inlineAd={inlineAd} />

      {videoId && <VideoFacade videoId={videoId} title={article.title} posterSrc={articleImageSource(article)} posterSizes={ARTICLE_SIZES} />}

      {/* The corrections' section, made with the body (readable-body.ts, decision 0038). */}
      {article.correctionsHtml && <div dangerouslySetInnerHTML={{ __html: article.correctionsHtml }} />}

      {article.url && (
        <p className="mt-6">
          <a href={article.url} target="_blank" rel="noopener noreferrer" className="font-semibold text-brand-700 hover:underline">
            Leia a matéria completa em {article.sourceName}
            <span className="sr-only"> (abre em nova aba)</span>
          </a>
        </p>
      )}

      {shareUrl !== null && (
        <section aria-labelledby="compartilhe-titulo" className="mt-10 rounded-lg bg-slate-100 p-6">
          <h2 id="compartilhe-titulo" className="mb-4 text-lg font-bold text-slate-900">
            Compartilhe esta notícia
          </h2>
          <ShareButtons url={shareUrl} title={article.title} />
          {/* The tip line beside the sharing (docs/product.md §6): readers who share the news also bring it. */}
          <p className="mt-5 flex flex-wrap items-center gap-x-3 gap-y-2 border-t border-slate-200 pt-4 text-sm text-slate-700">
            Viu algo acontecer na cidade?
            <TipLineLink />
          </p>
        </section>
      )}
      {shareUrl !== null && (
        <div className="mt-8">
          <NewsletterSignup signUp={signUp} />
        </div>
      )}
    </article>
  );
}

const BODY_TEXT =
  'space-y-4 text-lg leading-relaxed text-slate-800 [&_a]:text-brand-700 [&_a]:underline [&_blockquote]:border-l-4 [&_blockquote]:border-brand-700 [&_blockquote]:pl-4 [&_blockquote]:italic [&_h2]:mt-8 [&_h2]:text-2xl [&_h2]:font-bold [&_h3]:mt-6 [&_h3]:text-xl [&_h3]:font-bold [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6 [&_figure]:my-8 [&_img]:block [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-lg [&_img]:bg-slate-200 [&_figcaption]:mt-2 [&_figcaption]:text-sm [&_figcaption]:text-slate-600';
const BODY_CLASSES = `mt-8 ${BODY_TEXT}`;

function ArticleBody({ article, bodyHtml, inlineAd }: Pick<ArticleLayoutProps, 'article' | 'bodyHtml' | 'inlineAd'>) {
  if (article.origin === 'local' && inlineAd) {
    const html = bodyHtml ?? '';
    const cut = inlineAd.adBreak ?? html.length;
    return (
      // The advert sits between the body's halves, outside their text styles (links, images), which are the story's.
      // data-story-text: the text whose read depth the audience beacon measures (src/app/audience/).
      <div className="mt-8 space-y-6" data-story-text="">
        <div className={BODY_TEXT} dangerouslySetInnerHTML={{ __html: html.slice(0, cut) }} />
        {inlineAd.space}
        {cut < html.length && <div className={BODY_TEXT} dangerouslySetInnerHTML={{ __html: html.slice(cut) }} />}
      </div>
    );
  }
  if (article.origin === 'local') return <div className={BODY_CLASSES} data-story-text="" dangerouslySetInnerHTML={{ __html: bodyHtml ?? '' }} />;
  const paragraphs = article.content.split(/\n\s*\n/).map((paragraph) => paragraph.trim()).filter(Boolean);
  return (
    <div className={BODY_CLASSES} data-story-text="">
      {paragraphs.map((paragraph, index) => (
        <p key={index}>{paragraph}</p>
      ))}
    </div>
  );
}

/** A click the browser would open elsewhere (a new tab or window, a download) is left to the browser. */
function isPlainClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

export function BackLink({ back }: { back: BackTarget }) {
  return (
    <a
      href={back.href}
      onClick={(event) => {
        if (!isPlainClick(event)) return;
        event.preventDefault();
        back.follow();
      }}
      className="inline-flex items-center gap-2 text-sm font-semibold text-brand-700 hover:underline"
    >
      <Icon node={ArrowLeft} className="h-4 w-4" />
      Voltar para as notícias
    </a>
  );
}

export function ArticleSkeleton() {
  return (
    <div role="status" className="mx-auto max-w-3xl space-y-4">
      <span className="sr-only">Carregando notícia...</span>
      <div aria-hidden="true" className="h-4 w-40 animate-pulse rounded bg-slate-200" />
      <div aria-hidden="true" className="h-10 w-full animate-pulse rounded bg-slate-200" />
      <div aria-hidden="true" className="h-10 w-2/3 animate-pulse rounded bg-slate-200" />
      <div aria-hidden="true" className="aspect-video w-full animate-pulse rounded-lg bg-slate-200" />
    </div>
  );
}
