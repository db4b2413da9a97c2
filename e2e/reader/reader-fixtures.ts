import type { Page } from 'playwright-core';
import { app, waitForQuietNetwork } from '../support/browser.ts';

// Seed rows the reader journeys rely on (supabase/seed.sql).
export const seed = {
  flood: {
    id: '22222222-2222-4222-8222-000000000001',
    title: 'Rio Mogi-Guaçu sobe quase dois metros e Defesa Civil monitora bairros ribeirinhos',
  },
  fair: {
    id: '22222222-2222-4222-8222-000000000002',
    title: 'Feira de Cerâmica Artística reúne 46 ateliês e espera 30 mil visitantes',
    publishedOn: '2026-11-14',
  },
  christmas: { title: 'Praça da Matriz ganha decoração de Natal com 3 mil peças de cerâmica' },
  draftId: '22222222-2222-4222-8222-00000000d001',
  obituaries: {
    maria: { name: 'Maria Aparecida Rossi Bertolini', deathDate: '2026-11-19' },
    jose: { name: 'José Carlos Menegatti', deathDate: '2026-11-15' },
    antonio: { name: 'Antônio Benedito Paiva', deathDate: '2026-11-08' },
    unpublished: { name: 'Luzia Fernandes Prado' },
  },
} as const;

/** A publication's view count as an anonymous reader's client reads it through the REST API. */
export async function viewsOf(id: string): Promise<number> {
  const { baseUrl, anonKey } = app();
  const response = await fetch(`${baseUrl}/rest/v1/publications?select=views&id=eq.${id}`, {
    headers: { apikey: anonKey, Authorization: `Bearer ${anonKey}` },
  });
  if (!response.ok) throw new Error(`reading views → ${response.status} ${await response.text()}`);
  const [row] = (await response.json()) as { views: number }[];
  if (!row) throw new Error(`publication ${id} is not visible to readers`);
  return row.views;
}

/** Waits until every section of the home page has left its skeleton. */
export async function waitForHomeLoaded(page: Page): Promise<void> {
  await page.getByRole('heading', { name: 'Porto Ferreira e Região' }).waitFor();
  await page.waitForFunction(() => document.querySelectorAll('main [role="status"] .sr-only').length === 0);
}

/** Waits for the app's requests to go quiet, so views and images have settled. */
export async function settle(page: Page): Promise<void> {
  await waitForQuietNetwork(page);
}
