import type { WindowLike } from 'dompurify';

/**
 * The DOM that rich text is parsed and sanitised with: the one given (the server's render hands its loaders jsdom's,
 * src/render/render-request.tsx, since Node has none), else the page's. Null without either: callers then leave HTML alone.
 */
export function htmlWindow(given?: WindowLike | null): WindowLike | null {
  return given ?? (typeof window === 'undefined' ? null : window);
}
