import { createContext, useContext } from 'react';

/**
 * The origin of the page being rendered, for the absolute addresses a page shows (share links, its own images). The
 * browser knows it; the server's render (src/render/render-request.tsx) provides the request's, so both render the same.
 */
export const PageOrigin = createContext<string | null>(null);

export function usePageOrigin(): string {
  return useContext(PageOrigin) ?? window.location.origin;
}
