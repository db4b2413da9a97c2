// Flooding: the view counter and the media-kit form, from clients that the backend tells apart by their TCP
// address (each client here connects from its own loopback address; forwarding headers a client writes are
// ignored). Each refusal is checked in the rows as the database owner reads them; next to it, a new client or a
// new story still counts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchFromAddress } from '../support/fetch-from-address.ts';
import { seed } from '../support/seed.ts';
import { expectRefused, ownerCount, ownerRow, stamp, startAttackers, type Attackers } from './support/attackers.ts';

let attackers: Attackers;

beforeAll(async () => {
  attackers = await startAttackers();
});
afterAll(() => attackers?.stop());

const viewsOf = async (id: string) => Number((await ownerRow(attackers.db, 'publications', id))?.views);
const rateLimited = { status: 429, code: 'PT429' };

describe('increment_views', () => {
  it('20 rapid calls from one client add 1', async () => {
    const reader = attackers.anonAt('127.0.1.31');
    const before = await viewsOf(seed.publications.mostRead);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => reader.rpc('increment_views', { publication_id: seed.publications.mostRead })),
    );
    for (const result of results) expect(result.error).toBeNull();
    expect(await viewsOf(seed.publications.mostRead)).toBe(before + 1);
  });

  it('the same client reading a second story still counts', async () => {
    const reader = attackers.anonAt('127.0.1.31');
    const before = await viewsOf(seed.publications.publishedLocal);
    const { error } = await reader.rpc('increment_views', { publication_id: seed.publications.publishedLocal });
    expect(error).toBeNull();
    expect(await viewsOf(seed.publications.publishedLocal)).toBe(before + 1);
  });

  it('a client cannot pass for new ones by writing X-Forwarded-For, X-Real-IP or CF-Connecting-IP', async () => {
    const send = fetchFromAddress('127.0.1.32');
    const before = await viewsOf(seed.publications.mostRead);
    for (let i = 1; i <= 10; i += 1) {
      const spoofed = `203.0.113.${i}`;
      const response = await send(`${attackers.backend.url}/rest/v1/rpc/increment_views`, {
        method: 'POST',
        headers: {
          apikey: attackers.backend.anonKey,
          'Content-Type': 'application/json',
          'X-Forwarded-For': spoofed,
          'X-Real-IP': spoofed,
          'CF-Connecting-IP': spoofed,
          Forwarded: `for=${spoofed}`,
        },
        body: JSON.stringify({ publication_id: seed.publications.mostRead }),
      });
      expect(response.status).toBe(204);
    }
    expect(await viewsOf(seed.publications.mostRead)).toBe(before + 1);
  });

  it('another client’s view counts', async () => {
    const before = await viewsOf(seed.publications.mostRead);
    const { error } = await attackers.anonAt('127.0.1.33').rpc('increment_views', { publication_id: seed.publications.mostRead });
    expect(error).toBeNull();
    expect(await viewsOf(seed.publications.mostRead)).toBe(before + 1);
  });

  it('a draft cannot be counted', async () => {
    const before = await viewsOf(seed.publications.draft);
    const { error } = await attackers.anonAt('127.0.1.34').rpc('increment_views', { publication_id: seed.publications.draft });
    expect(error).toBeNull();
    expect(await viewsOf(seed.publications.draft)).toBe(before);
  });

  it('no client address is stored: only salted hashes', async () => {
    const { rows } = await attackers.db.query<{ receipt: string }>(`select row_to_json(r)::text as receipt from private.view_receipts r`);
    expect(rows.length).toBeGreaterThan(0);
    for (const { receipt } of rows) expect(receipt).not.toMatch(/127\.0\.|203\.0\.113\./);
  });
});

describe('media-kit requests', () => {
  const request = (email: string) => ({ name: 'Anunciante', company: 'Loja', email, phone: '19 99999-0000', interest: 'outros' });
  const storedFor = (email: string) =>
    ownerCount(attackers.db, 'select count(*) from public.media_kit_requests where lower(email) = lower($1)', [email]);

  it('the 4th request in an hour from one client is refused with 429 and not stored', async () => {
    const client = attackers.anonAt('127.0.1.41');
    for (let i = 0; i < 3; i += 1) {
      const email = `cliente-${i}-${stamp()}@loja.example`;
      const { error, status } = await client.from('media_kit_requests').insert(request(email));
      expect(error).toBeNull();
      expect(status).toBe(201);
      expect(await storedFor(email)).toBe(1);
    }
    const fourth = `cliente-3-${stamp()}@loja.example`;
    const result = await client.from('media_kit_requests').insert(request(fourth));
    expectRefused(result, rateLimited);
    expect(result.error?.message).toBe('media_kit_rate_limited');
    expect(await storedFor(fourth)).toBe(0);
  });

  it('a forwarding header does not reset the client’s limit', async () => {
    const email = `encaminhado-${stamp()}@loja.example`;
    const response = await fetchFromAddress('127.0.1.41')(`${attackers.backend.url}/rest/v1/media_kit_requests`, {
      method: 'POST',
      headers: { apikey: attackers.backend.anonKey, 'Content-Type': 'application/json', 'X-Forwarded-For': '198.51.100.7' },
      body: JSON.stringify(request(email)),
    });
    expect(response.status).toBe(429);
    expect(await response.json()).toMatchObject({ code: 'PT429', message: 'media_kit_rate_limited' });
    expect(await storedFor(email)).toBe(0);
  });

  it('another client is still served', async () => {
    const email = `outro-cliente-${stamp()}@loja.example`;
    const { error } = await attackers.anonAt('127.0.1.42').from('media_kit_requests').insert(request(email));
    expect(error).toBeNull();
    expect(await storedFor(email)).toBe(1);
  });

  it('the 4th request in a day for one e-mail is refused with 429 and not stored, from any client and in any case', async () => {
    const email = `mesmo-${stamp()}@loja.example`;
    for (const address of ['127.0.1.51', '127.0.1.52', '127.0.1.53']) {
      const { error } = await attackers.anonAt(address).from('media_kit_requests').insert(request(email));
      expect(error).toBeNull();
    }
    const result = await attackers.anonAt('127.0.1.54').from('media_kit_requests').insert(request(email.toUpperCase()));
    expectRefused(result, rateLimited);
    expect(await storedFor(email)).toBe(3);
  });

  it('no e-mail or client address is stored in the rate limit’s records', async () => {
    const { rows } = await attackers.db.query<{ entry: string }>(`select row_to_json(s)::text as entry from private.rate_limit_hits s where s.key like 'media_kit_%'`);
    expect(rows.length).toBeGreaterThan(0);
    for (const { entry } of rows) expect(entry).not.toMatch(/@|127\.0\./);
  });
});
