import StarterKit from '@tiptap/starter-kit';
import type { AnyExtension } from '@tiptap/react';
import { isAllowedLink, isOwnStorageImage } from '../../../lib/rich-text/allow-list';
import { ownImageOrigins } from '../../../lib/rich-text/sanitize';
import { FigureImage } from './figure-image';

// The editor's schema, built to stay inside lib/rich-text/allow-list.ts (docs/architecture.md §1): what the editor produces passes
// the sanitiser unchanged (editor-extensions.test.ts proves it), so what is saved is what readers see.
// StarterKit v3 already brings Link and Underline; they are configured here, not added twice.

/** h2–h4 only: the allow-list has no h1 (the page title) nor h5/h6. */
export const HEADING_LEVELS = [2, 3, 4] as const;

export function richTextExtensions(): AnyExtension[] {
  return [
    StarterKit.configure({
      heading: { levels: [...HEADING_LEVELS] },
      // A fenced code block may carry a language class, which the allow-list drops: leave code blocks out.
      codeBlock: false,
      link: {
        openOnClick: false,
        autolink: true,
        linkOnPaste: true,
        defaultProtocol: 'https',
        // docs/product.md §21: http, https, mailto and tel only, typed, pasted or auto-detected alike.
        isAllowedUri: (url) => isAllowedLink(url),
        shouldAutoLink: (url) => isAllowedLink(url),
      },
    }),
    // Images inside the body: our own storage only, as the sanitiser keeps them.
    FigureImage.configure({ isAllowedSrc: (src) => isOwnStorageImage(src, ownImageOrigins()) }),
  ];
}

/**
 * Turns what an editor typed in the link dialog into an allowed href, or null: `www.site.com.br` becomes https,
 * a bare e-mail becomes mailto:, anything with another scheme (javascript:, data:, ftp:) is refused.
 */
export function normalizeLinkInput(input: string): string | null {
  const value = input.trim();
  if (!value) return null;
  if (/^[a-z][a-z0-9+.-]*:/i.test(value)) return isAllowedLink(value) ? value : null;
  if (/^[^\s@/]+@[^\s@/]+\.[^\s@/]+$/.test(value)) return `mailto:${value}`;
  if (/^[^\s/]+\.[^\s/]+/.test(value) && !/\s/.test(value)) return `https://${value}`;
  return null;
}
