import { paths, topicNavigation } from '../lib/paths';
import { matchPage } from '../app/route-table';

/**
 * The reader pages whose HTML is rendered at build time (scripts/prerender.ts), so the masthead, the navigation, the
 * footer and a page's static blocks paint before any JavaScript runs; the app then hydrates that HTML.
 *
 * - `page`: the whole page as its first render draws it (skeletons where data will go), for addresses known at
 *   build time: the home page, the navigation's topics, the obituaries, the jobs, the advertising page and the tip
 *   line.
 * - `shell`: the reader's frame with a loading line where the page goes, for every other reader address (a story, a
 *   search, a renamed topic). The page itself renders once the app has hydrated the frame.
 *
 * The edge handler (src/render/page-answer.ts) picks the file by address with `prerenderedPageFor`, and the browser
 * (main.tsx) hydrates only when the HTML's `data-prerendered` names the page that the address expects.
 */
export interface PrerenderedPage {
  /** Written into the root element's data-prerendered attribute. */
  key: string;
  /** The address the page is rendered at. */
  path: string;
  /** Where the build writes it, relative to dist/. */
  file: string;
  mode: 'page' | 'shell';
}

const page = (key: string, path: string, file: string): PrerenderedPage => ({ key, path, file, mode: 'page' });

export const READER_SHELL: PrerenderedPage = { key: 'shell', path: '/__shell', file: 'prerendered/shell.html', mode: 'shell' };

export const PRERENDERED_PAGES: readonly PrerenderedPage[] = [
  page('home', paths.home(), 'index.html'),
  ...topicNavigation.map((topic) => page(`topic-${topic.slug}`, paths.topic(topic.slug), `prerendered/topic/${topic.slug}.html`)),
  page('obituaries', paths.obituaries(), 'prerendered/obituarios.html'),
  page('jobs', paths.jobs(), 'prerendered/vagas.html'),
  page('advertising', paths.advertising(), 'prerendered/anuncie.html'),
  page('tip-line', paths.tipLine(), 'prerendered/envie-sua-noticia.html'),
  READER_SHELL,
];

/** The plain app page, with nothing prerendered: the admin panel's pages (their first render needs a session). */
export const APP_SHELL_FILE = 'app.html';

const byPath = new Map(PRERENDERED_PAGES.filter((entry) => entry.mode === 'page').map((entry) => [entry.path, entry]));

/** The prerendered page for an address (its path, no query), or null for the admin panel's addresses. */
export function prerenderedPageFor(pathname: string): PrerenderedPage | null {
  if (matchPage(pathname).area === 'admin') return null;
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return byPath.get(path) ?? READER_SHELL;
}
