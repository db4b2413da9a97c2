import type { WindowLike } from 'dompurify';

let provided: WindowLike | null = null;

/**
 * The DOM that rich text is parsed and sanitised with: the page's in the browser; on the server, the one its render
 * provides (src/app/render-request.tsx), since Node has none. Null without either: callers then leave HTML alone.
 */
export function htmlWindow(): WindowLike | null {
  return provided ?? (typeof window === 'undefined' ? null : window);
}

export function provideHtmlWindow(window: WindowLike): void {
  provided = window;
}
