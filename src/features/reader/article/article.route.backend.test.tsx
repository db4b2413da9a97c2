import { StrictMode } from 'react';
import { render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter, type LoaderFunctionArgs } from 'react-router';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../lib/paths';
import { storySlug } from '../../../lib/story-slug';
import type { DataClient } from '../../../services/client';
import { createDataClient } from '../../../services/data-client';
import { fetchFromAddress, loopbackClientAddress } from '../../../../tests/support/fetch-from-address';
import { startBackendInWorker, type WorkerBackend } from '../../../../tests/support/test-backend';
import { Component, loader, shouldRevalidate } from './article.route';

// The page, its loader, the services and the database together: the reader's client talks to a local backend over
// HTTP, so a view counted twice shows in the publication's own counter.
const reader = vi.hoisted(() => ({ client: undefined as DataClient | undefined }));
vi.mock('../../../services/reader-data-client', () => ({
  readerDataClient: () => {
    if (!reader.client) throw new Error('the test backend has not started');
    return reader.client;
  },
}));

/** Seeded by supabase/seed.sql, published. */
const ID = '22222222-2222-4222-8222-000000000001';
const TITLE = 'Rio Mogi-Guaçu sobe quase dois metros e Defesa Civil monitora bairros ribeirinhos';
const CURRENT = paths.article(ID, TITLE);

let backend: WorkerBackend;

let readers = 0;

beforeAll(async () => {
  backend = await startBackendInWorker();
}, 60_000);
// A story counts once per reader in six hours: each case is a new reader, from its own loopback address.
beforeEach(() => {
  readers += 1;
  reader.client = createDataClient(backend.url, backend.anonKey, { fetch: fetchFromAddress(loopbackClientAddress(readers)) });
});
afterAll(() => backend?.stop());

async function viewsOf(id: string): Promise<number> {
  const { data, error } = await backend.anon().from('publications').select('views').eq('id', id).single();
  if (error) throw error;
  return data.views;
}

/** Opens `path` after the home page (so there is an entry to go back to), in StrictMode as the app runs. */
function openStory(path: string) {
  let loads = 0;
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>início</p> },
      {
        path: paths.article.pattern,
        loader: (args: LoaderFunctionArgs) => {
          loads += 1;
          return loader(args);
        },
        shouldRevalidate,
        Component,
        HydrateFallback: () => null,
      },
    ],
    { initialEntries: ['/', path], initialIndex: 1 },
  );
  // Whether the skeleton ever shows again once the story is on screen (the page loading again after the replace).
  let skeletonAfterStory = false;
  const observer = new MutationObserver(() => {
    if (document.querySelector('h1') && document.body.textContent?.includes('Carregando notícia...')) skeletonAfterStory = true;
  });
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
  return {
    router,
    loads: () => loads,
    skeletonAfterStory: () => {
      observer.disconnect();
      return skeletonAfterStory;
    },
  };
}

/** The view is counted in the background: wait for it, then make sure no second one follows. */
async function expectOneMoreView(before: number) {
  await vi.waitFor(async () => expect(await viewsOf(ID)).toBe(before + 1), { timeout: 10_000, interval: 100 });
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(await viewsOf(ID)).toBe(before + 1);
}

describe("the story's address", () => {
  it('gives a bare /noticia/<id> its slug, in the same history entry, counting one view', async () => {
    const before = await viewsOf(ID);
    const story = openStory(`/noticia/${ID}`);
    await screen.findByRole('heading', { level: 1, name: TITLE });
    await vi.waitFor(() => expect(story.router.state.location.pathname).toBe(CURRENT));
    expect(CURRENT).toBe(`/noticia/${ID}/${storySlug(TITLE)}`);
    expect(story.router.state.historyAction).toBe('REPLACE');
    expect(story.loads()).toBe(1);
    expect(story.skeletonAfterStory()).toBe(false);
    await expectOneMoreView(before);

    // Replaced, not pushed: one step back is the page the reader came from.
    await story.router.navigate(-1);
    expect(story.router.state.location.pathname).toBe('/');
  });

  it("replaces a stale slug with the current one, keeping the query and the fragment, and shares the current address", async () => {
    const before = await viewsOf(ID);
    const story = openStory(`/noticia/${ID}/titulo-antigo?origem=grupo#comentarios`);
    await screen.findByRole('heading', { level: 1, name: TITLE });
    await vi.waitFor(() => expect(story.router.state.location.pathname).toBe(CURRENT));
    expect(story.router.state.location.search).toBe('?origem=grupo');
    expect(story.router.state.location.hash).toBe('#comentarios');
    expect(story.loads()).toBe(1);
    expect(story.skeletonAfterStory()).toBe(false);
    expect(screen.getAllByRole('link', { name: /Facebook/ })[0]).toHaveAttribute(
      'href',
      expect.stringContaining(encodeURIComponent(`${window.location.origin}${CURRENT}`)),
    );
    await expectOneMoreView(before);
  });

  it('leaves the current address alone', async () => {
    const before = await viewsOf(ID);
    const story = openStory(CURRENT);
    await screen.findByRole('heading', { level: 1, name: TITLE });
    await expectOneMoreView(before);
    expect(story.router.state.location.pathname).toBe(CURRENT);
    expect(story.router.state.historyAction).toBe('POP');
    expect(story.loads()).toBe(1);
  });
});
