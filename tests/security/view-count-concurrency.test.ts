import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDataClient } from '../../src/services/data-client';
import { incrementViews } from '../../src/services/publications';
import { fetchFromAddress, loopbackClientAddress } from '../support/fetch-from-address';
import { seed } from '../support/seed';
import { startTestBackend, type TestBackend } from '../support/test-backend';

// 'Notícias Mais Lidas' ranks by views, so one client must not be able to push a story up (docs/decisions/0015): the database
// counts a story at most once per client in its window, and concurrency must neither lose nor double a count. Each
// client is a distinct loopback source address (the local backend takes the client's address from the TCP peer, as
// the edge of the system); the requests are the reader pages' own (the reader client and incrementViews).

let backend: TestBackend;

beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend?.stop());

/**
 * The reader pages' client, from one loopback address; no retries, so every refusal shows. A longer timeout than the
 * reader's 10 s: 1,000 calls queue for one PGlite connection, and on a busy machine the last may wait longer.
 */
function readerFrom(address: string, options: { maxSockets?: number } = {}) {
  return createDataClient(backend.url, backend.anonKey, { fetch: fetchFromAddress(address, options), retry: false, timeoutMs: 30_000 });
}

async function viewsOf(publicationId: string): Promise<number> {
  const { rows } = await backend.db.query<{ views: number }>('select views from public.publications where id = $1', [publicationId]);
  if (!rows[0]) throw new Error(`no publication ${publicationId}`);
  return Number(rows[0].views);
}

/** The reasons of the calls that failed (empty when all succeeded). */
function failures(results: PromiseSettledResult<unknown>[]): string[] {
  return results.flatMap((result) => (result.status === 'rejected' ? [String(result.reason)] : []));
}

describe('increment_views under concurrency', () => {
  it('1,000 concurrent calls from 1,000 distinct clients add exactly 1,000', async () => {
    const story = seed.publications.mostRead;
    const before = await viewsOf(story);
    const readers = Array.from({ length: 1000 }, (_, n) => readerFrom(loopbackClientAddress(n)));
    const results = await Promise.allSettled(readers.map((reader) => incrementViews(reader, story)));
    expect(failures(results)).toEqual([]);
    expect(await viewsOf(story)).toBe(before + 1000);
  }, 60_000);

  it('20 rapid calls from one client add 1', async () => {
    const story = seed.publications.publishedLocal;
    const before = await viewsOf(story);
    const reader = readerFrom(loopbackClientAddress(1000), { maxSockets: 6 });
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => incrementViews(reader, story)));
    expect(failures(results)).toEqual([]);
    expect(await viewsOf(story)).toBe(before + 1);
  });

  it('20 calls from one client claiming 20 addresses in forwarding headers still add 1', async () => {
    const story = seed.publications.publishedLocal;
    const before = await viewsOf(story);
    const address = loopbackClientAddress(1001);
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, n) => {
        const claimed = `203.0.113.${n + 1}`;
        const spoofing = createDataClient(backend.url, backend.anonKey, {
          retry: false,
          timeoutMs: 30_000,
          fetch: (input, init) => {
            const headers = new Headers(init?.headers);
            headers.set('x-forwarded-for', claimed);
            headers.set('x-real-ip', claimed);
            headers.set('cf-connecting-ip', claimed);
            headers.set('forwarded', `for=${claimed}`);
            return fetchFromAddress(address)(input, { ...init, headers });
          },
        });
        return incrementViews(spoofing, story);
      }),
    );
    expect(failures(results)).toEqual([]);
    expect(await viewsOf(story)).toBe(before + 1);
  });
});
