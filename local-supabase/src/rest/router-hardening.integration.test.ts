import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { startTestBackend, type TestBackend } from '../../../tests/support/test-backend.ts';
import { fetchFromAddress } from '../../../tests/support/fetch-from-address.ts';
import { MAX_BODY_BYTES, MAX_QUERY_STRING_LENGTH, MAX_ROWS } from './request-bounds.ts';

/**
 * What the REST layer adds for the open internet, over real HTTP: the client address the database sees, raised
 * PTxyz statuses, and the bounds on one request (request-bounds.ts).
 */

let backend: TestBackend<null>;

beforeAll(async () => {
  backend = await startTestBackend({ schema: 'base' });
  await backend.db.exec(`
    create table public.items (id integer primary key, label text not null);
    alter table public.items enable row level security;
    create policy "Anyone can read items" on public.items for select to anon, authenticated using (true);
    grant select on public.items to anon, authenticated;
    insert into public.items select n, 'item ' || n from generate_series(1, ${MAX_ROWS + 5}) as n;

    create function public.seen_headers() returns json language sql stable
      as $$ select current_setting('request.headers', true)::json $$;
    create function public.seen_statement_timeout() returns text language sql stable
      as $$ select current_setting('statement_timeout') $$;
    create function public.refuse_politely() returns void language plpgsql
      as $$ begin raise sqlstate 'PT429' using message = 'media_kit_rate_limited', detail = 'try later', hint = 'wait'; end $$;
    create function public.many_items() returns setof public.items language sql stable
      as $$ select * from public.items $$;
    grant execute on function public.seen_headers(), public.seen_statement_timeout(), public.refuse_politely(),
      public.many_items() to anon, authenticated;
  `);
});

/** This fixture's tables and functions are not the app's, so the client goes without the generated types. */
const anon = () => backend.anon() as unknown as SupabaseClient<{ public: FixtureSchema }>;

interface FixtureSchema {
  Tables: { items: { Row: { id: number; label: string }; Insert: never; Update: never; Relationships: [] } };
  Views: Record<string, never>;
  Functions: {
    seen_statement_timeout: { Args: Record<string, never>; Returns: string };
    refuse_politely: { Args: Record<string, never>; Returns: undefined };
    many_items: { Args: Record<string, never>; Returns: { id: number; label: string }[] };
  };
  Enums: Record<string, never>;
  CompositeTypes: Record<string, never>;
}

afterAll(async () => {
  await backend?.stop();
});

const rest = (path: string, init: RequestInit = {}) =>
  fetch(`${backend.url}/rest/v1${path}`, {
    ...init,
    headers: { apikey: backend.anonKey, Authorization: `Bearer ${backend.anonKey}`, ...init.headers },
  });

describe('request.headers', () => {
  it('gives the database the TCP peer as x-forwarded-for and drops the addresses the client wrote', async () => {
    const client = fetchFromAddress('127.0.0.2');
    const response = await client(`${backend.url}/rest/v1/rpc/seen_headers`, {
      method: 'POST',
      headers: {
        apikey: backend.anonKey,
        Authorization: `Bearer ${backend.anonKey}`,
        'Content-Type': 'application/json',
        'X-Forwarded-For': '203.0.113.9',
        'X-Real-IP': '203.0.113.9',
        'CF-Connecting-IP': '203.0.113.9',
        Forwarded: 'for=203.0.113.9',
      },
      body: '{}',
    });
    expect(response.status).toBe(200);
    const headers = (await response.json()) as Record<string, string>;
    expect(headers['x-forwarded-for']).toBe('127.0.0.2');
    expect(headers).not.toHaveProperty('x-real-ip');
    expect(headers).not.toHaveProperty('cf-connecting-ip');
    expect(headers).not.toHaveProperty('forwarded');
    expect(headers.apikey).toBe(backend.anonKey);
  });

  it('tells two loopback addresses apart, as two clients', async () => {
    const seenFrom = async (address: string) => {
      const response = await fetchFromAddress(address)(`${backend.url}/rest/v1/rpc/seen_headers`, {
        method: 'POST',
        headers: { apikey: backend.anonKey, 'Content-Type': 'application/json' },
        body: '{}',
      });
      return ((await response.json()) as Record<string, string>)['x-forwarded-for'];
    };
    expect(await seenFrom('127.0.0.3')).toBe('127.0.0.3');
    expect(await seenFrom('127.0.0.4')).toBe('127.0.0.4');
  });

  it('names no address for a request handed to the app in-process (no socket)', async () => {
    const app = createApp({ db: backend.db, jwtSecret: backend.jwtSecret, blobs: backend.blobs });
    const response = await app.fetch(
      new Request('http://local-supabase.invalid/rest/v1/rpc/seen_headers', {
        method: 'POST',
        headers: { apikey: backend.anonKey, 'Content-Type': 'application/json', 'X-Forwarded-For': '203.0.113.9' },
        body: '{}',
      }),
    );
    const headers = (await response.json()) as Record<string, string>;
    expect(headers).not.toHaveProperty('x-forwarded-for');
  });

  it('runs each request under hosted Supabase’s statement_timeout for its role', async () => {
    const { data } = await anon().rpc('seen_statement_timeout');
    expect(data).toBe('3s');
  });
});

describe('raised PTxyz sqlstates', () => {
  it('answer HTTP xyz with PostgREST’s error body', async () => {
    const response = await rest('/rpc/refuse_politely', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    expect(response.status).toBe(429);
    expect(await response.json()).toEqual({ code: 'PT429', message: 'media_kit_rate_limited', details: 'try later', hint: 'wait' });
  });

  it('reach supabase-js as status and code', async () => {
    const { error, status } = await anon().rpc('refuse_politely');
    expect(status).toBe(429);
    expect(error).toMatchObject({ code: 'PT429', message: 'media_kit_rate_limited' });
  });
});

describe('a page of rows is at most db-max-rows', () => {
  it('cuts a read without a limit to the first 1,000 rows', async () => {
    const { data, error, status } = await anon().from('items').select('id').order('id');
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toHaveLength(MAX_ROWS);
  });

  it('cuts a larger limit and reports the truncated range with the full count (206)', async () => {
    const response = await rest('/items?select=id&order=id&limit=5000', { headers: { Prefer: 'count=exact' } });
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe(`0-${MAX_ROWS - 1}/${MAX_ROWS + 5}`);
    expect(((await response.json()) as unknown[]).length).toBe(MAX_ROWS);
  });

  it('serves the rest from an offset', async () => {
    const { data } = await anon().from('items').select('id').order('id').range(MAX_ROWS, MAX_ROWS + 100);
    expect(data?.map((row) => row.id)).toEqual([1001, 1002, 1003, 1004, 1005]);
  });

  it('cuts the rows a function returns too', async () => {
    const { data } = await anon().rpc('many_items');
    expect(data).toHaveLength(MAX_ROWS);
  });
});

describe('expensive requests are refused before they reach the database', () => {
  it('an over-long query string answers 414', async () => {
    const response = await rest(`/items?label=eq.${'x'.repeat(MAX_QUERY_STRING_LENGTH)}`);
    expect(response.status).toBe(414);
    expect(await response.json()).toMatchObject({ code: 'PGRST100', message: 'The query string is too long' });
  });

  it('a body over 4 MB answers 413, with a Content-Length or sent in chunks', async () => {
    const oversized = new TextEncoder().encode(JSON.stringify({ label: 'x'.repeat(MAX_BODY_BYTES) }));
    const declared = await rest('/items', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: oversized });
    expect(declared.status).toBe(413);
    expect(await declared.json()).toMatchObject({ code: 'PGRST102', message: 'The request body is too large' });

    const chunks = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let sent = 0; sent <= MAX_BODY_BYTES; sent += 64 * 1024) controller.enqueue(new Uint8Array(64 * 1024).fill(0x20));
        controller.close();
      },
    });
    const streamed = await rest('/items', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: chunks,
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
  });

  it('deep embedding answers 400 PGRST100', async () => {
    const { error, status } = await anon().from('items').select('id,a(b(c(d(id))))');
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: 'PGRST100', message: 'The select parameter embeds too deeply' });
  });

  it('a flood of filters answers 400 PGRST100', async () => {
    const ids = Array.from({ length: 300 }, (_, i) => i);
    const { error, status } = await anon().from('items').select('id').in('id', ids);
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: 'PGRST100', message: 'The request has too many filters' });
  });
});
