import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ReaderRouteHandle } from './reader-page';
import { indexablePagePaths, READER_PAGE_HANDLES, readerPagesRendered } from './reader-pages';
import { createSupabaseClient } from '../services/client';
import { routes } from './router';
import { READER_PAGES, readerRouteModuleFile } from './route-table';

// One declaration per reader page: the route table names its id, its address and its module; the module's
// `handle.page` says its head and its rendering; every other list about the reader's pages is read from these.

function routeById(id: string, within: RouteObject[] = routes): RouteObject | undefined {
  for (const route of within) {
    if (route.id === id) return route;
    const child = routeById(id, route.children ?? []);
    if (child) return child;
  }
  return undefined;
}

/** The route's handle as the router sees it once its module is loaded. */
async function loadedHandle(id: string): Promise<ReaderRouteHandle | undefined> {
  const route = routeById(id);
  if (!route) throw new Error(`no route ${id}`);
  const loaded: unknown = typeof route.lazy === 'function' ? await route.lazy() : route;
  return (loaded as { handle?: ReaderRouteHandle }).handle;
}

describe('the reader pages’ declarations', () => {
  it.each(READER_PAGES.map((page) => page.id))('%s: its route module’s handle.page is the declaration the edge reads', async (id) => {
    expect((await loadedHandle(id))?.page).toBe(READER_PAGE_HANDLES[id]);
  });

  it('every reader route module is one page of the table', () => {
    const files = Object.keys(import.meta.glob('../features/reader/**/*.route.tsx')).map((file) => `src/${file.slice('../'.length)}`);
    const named = READER_PAGES.flatMap((page) => (page.module ? [readerRouteModuleFile(page.module)] : []));
    expect(named.toSorted()).toEqual(files.toSorted());
  });

  it('the pages rendered per request are the ones with data to render; the rest are the build’s', () => {
    expect([...readerPagesRendered('request')].toSorted()).toEqual(
      ['ad-report', 'article', 'corrections', 'home', 'job', 'jobs', 'obituaries', 'obituary', 'privacy', 'search', 'support', 'support-code', 'topic'].toSorted(),
    );
    const all = READER_PAGES.map((page) => page.id);
    expect([...readerPagesRendered('build')].toSorted()).toEqual(all.filter((id) => !readerPagesRendered('request').has(id)).toSorted());
  });

  it('the pages sitemap’s pages are those at an address of their own that their head lets engines index as it', () => {
    const site = { origin: 'https://noticias.example', siteName: 'Porto Ferreira Notícias', client: createSupabaseClient('http://127.0.0.1:9', 'never-used') };
    // Not another outlet's story (noindex), not a private link, not an address with a parameter.
    expect(indexablePagePaths(site)).toEqual(['/', '/obituarios', '/vagas', '/busca', '/anuncie', '/envie-sua-noticia', '/privacidade', '/acessibilidade', '/correcoes', '/apoie']);
  });
});
