import { withResponsiveImages } from '../../../lib/rich-text/body-images';
import { ARTICLE_SIZES } from '../../../lib/image-renditions';
import { ownImageOrigins } from '../../../lib/rich-text/image-origins';
import type { RichTextSanitizer } from '../../../lib/rich-text/rich-text-sanitizer';
import { paragraphBreak } from '../../../lib/rich-text/paragraph-break';
import { escapeMarkup } from '../../../lib/escape';
import { formatDate, formatSaoPauloDateTime } from '../../../lib/dates';
import type { PublicCorrection } from '../../../services/publications';

/**
 * A local story's stored HTML as readers get it: sanitised with the allow-list by `sanitize` (the render's: DOM-free on
 * the server, DOMPurify in the browser; reader-sources.ts) with images only from our own bucket at `pageOrigin` or the
 * configured project, its pictures responsive and lazy. Stored HTML is sanitised on save too; sanitising again on the
 * way out means no stored row can run script in a reader's page. Without a sanitiser (the build's prerender) nothing.
 */
export function readableBody(content: string, pageOrigin: string, sanitize: RichTextSanitizer | null): string {
  if (!sanitize) return '';
  return withResponsiveImages(sanitize(content, { imageOrigins: ownImageOrigins(pageOrigin) }), ARTICLE_SIZES);
}

/** The paragraphs of a story above its 'Banner em Matéria' (decision 0030: after the second paragraph). */
export const PARAGRAPHS_BEFORE_AD = 2;

/** A story's readable body and where its advert goes in it (an offset into the HTML; null: after the body). */
export function readableBodyWithAdBreak(content: string, pageOrigin: string, sanitize: RichTextSanitizer | null): { bodyHtml: string; adBreak: number | null } {
  const bodyHtml = readableBody(content, pageOrigin, sanitize);
  return { bodyHtml, adBreak: paragraphBreak(bodyHtml, PARAGRAPHS_BEFORE_AD) };
}

/**
 * A story's corrections as the section at its end, oldest first (decision 0038); '' without any. Made here, with the
 * body, so a page the server rendered shows them and its first load carries no code for them (this module comes
 * only with an in-app navigation's loader). Every text is escaped.
 */
export function correctionsHtml(rows: readonly PublicCorrection[]): string {
  if (!rows.length) return '';
  const items = [...rows]
    .sort((a, b) => Date.parse(a.corrected_at) - Date.parse(b.corrected_at) || a.id.localeCompare(b.id))
    .map(
      (row) =>
        `<li class="border-l-4 border-amber-500 pl-4"><p class="text-sm font-semibold text-slate-600"><time datetime="${escapeMarkup(row.corrected_at)}">${formatDate(row.corrected_at)}</time></p>` +
        `<p class="mt-1"><span class="font-semibold">O que estava errado:</span> ${escapeMarkup(row.wrong)}</p>` +
        `<p class="mt-1"><span class="font-semibold">O que está correto:</span> ${escapeMarkup(row.correct)}</p></li>`,
    );
  return (
    '<section id="correcoes" aria-labelledby="correcoes-titulo" class="mt-10 border-t border-slate-200 pt-6">' +
    '<h2 id="correcoes-titulo" class="text-lg font-bold text-slate-900">Correções</h2>' +
    `<ul class="mt-3 space-y-4 text-slate-800">${items.join('')}</ul></section>`
  );
}

/**
 * 'Atualizado em 21/11/2026 às 09:05' (São Paulo time) for a corrected story, from its newest correction's time
 * (decision 0038); '' for one never corrected. Made with the body, like the corrections' section.
 */
export function updatedHtml(modifiedAt: string | null | undefined): string {
  const [day, time] = modifiedAt ? formatSaoPauloDateTime(modifiedAt).split(' ') : [];
  return day && time ? `Atualizado em <time datetime="${escapeMarkup(modifiedAt ?? '')}">${day} às ${time}</time>` : '';
}
