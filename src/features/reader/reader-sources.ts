import { createContext, RouterContextProvider } from 'react-router';
import type { DataClient } from '../../services/client';
import type { NewsSourceOptions } from '../../services/news/news-api';
import type { WeatherSourceOptions } from '../../services/weather/weather';
import { readerDataClient } from '../../services/reader-data-client';
import type { RichTextSanitizer } from '../../lib/rich-text/rich-text-sanitizer';

/**
 * Where a reader's page is being made. Each place reads its data its own way: a reader's browser with its own client
 * and page cache; the server's render at request time with the edge handler's client (decision 0019); the build's
 * prerender with none at all (every section is its skeleton there).
 */
export type Rendering = 'browser' | 'server' | 'build';

/** The site's own API: asked as the news service is, with its own wait for the weather. */
export interface ApiSourceOptions extends NewsSourceOptions {
  weatherTimeoutMs?: WeatherSourceOptions['timeoutMs'];
}

/** The options the weather service takes, from the page's API options. */
export const weatherOptions = ({ origin, fetchImpl, weatherTimeoutMs }: ApiSourceOptions): WeatherSourceOptions => ({
  origin,
  fetchImpl,
  timeoutMs: weatherTimeoutMs,
});

/** What the reader's route loaders read with, handed to them in the router's request context. */
export interface ReaderSources {
  rendering: Rendering;
  /** The data client: the browser's own; on the server, the edge handler's. */
  client(): DataClient;
  /**
   * How the site's own API (the news proxy, the weather) is asked: the page's origin in the browser, the edge handler
   * in-process on the server.
   */
  api: ApiSourceOptions;
  /**
   * What stored rich text is sanitised with before a reader gets it (decision 0050): on the server the DOM-free
   * sanitiser (sanitize-html, on Node and in the Worker), in the browser DOMPurify in the page's DOM, loaded with a
   * story's first in-app navigation; none in the build, which renders no story (its body is then empty).
   */
  richTextSanitizer(): Promise<RichTextSanitizer | null>;
  /**
   * Runs a read every reader's page makes alike (the Plantão banner): on the server, the renders under way at that
   * moment share its one request (src/lib/single-flight.ts). Absent (the browser, the build): each runs its own.
   */
  sharedRead?: <T>(key: string, read: () => Promise<T>) => Promise<T>;
}

const readerSourcesContext = createContext<ReaderSources | null>(null);

/** A reader's browser: its page's origin, its own client, DOMPurify in its DOM. */
export const browserSources: ReaderSources = {
  rendering: 'browser',
  client: readerDataClient,
  api: {},
  richTextSanitizer: () => import('../../lib/rich-text/sanitize').then((module) => module.sanitizeRichText),
};

/** The request context for a router whose loaders read with `sources` (the server's render, the build's prerender). */
export function readerContext(sources: ReaderSources): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(readerSourcesContext, sources);
  return context;
}

/** The sources a loader was handed; a reader's browser's when its router was given none (main.tsx, tests). */
export function readerSources(context: unknown): ReaderSources {
  return (context instanceof RouterContextProvider ? context.get(readerSourcesContext) : null) ?? browserSources;
}
