import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalSupabase, type LocalSupabase } from './server.ts';

// `npm start` behind the newsroom's own reverse proxy (TRUST_PROXY=1): every request reaches the backend from the
// proxy's address, so the readers are told apart by the address the proxy appends to X-Forwarded-For. Without the
// setting, those headers are the client's own claims and change nothing. Seen through the view counter: one count
// per story per client in six hours (supabase/migrations/20261123170000_security_hardening.sql).

/** Seeded by supabase/seed.sql, published. */
const STORY = '22222222-2222-4222-8222-000000000001';

interface Running {
  backend: LocalSupabase;
  server: Server;
  url: string;
}

async function start(trustedProxy: boolean): Promise<Running> {
  const backend = await startLocalSupabase({ dataDir: null, quiet: true, trustedProxy });
  const server = createServer((request, response) => void backend.handler(request, response));
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  return { backend, server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

async function stop({ backend, server }: Running): Promise<void> {
  await new Promise((closed) => server.close(closed));
  await backend.close();
}

/** A read of the story from whatever address the proxy says it saw. */
async function view(running: Running, forwardedFor: string): Promise<void> {
  const response = await fetch(`${running.url}/rest/v1/rpc/increment_views`, {
    method: 'POST',
    headers: { apikey: running.backend.anonKey, 'Content-Type': 'application/json', 'X-Forwarded-For': forwardedFor },
    body: JSON.stringify({ publication_id: STORY }),
  });
  expect(response.status).toBe(204);
}

async function viewsOf(running: Running): Promise<number> {
  const response = await fetch(`${running.url}/rest/v1/publications?select=views&id=eq.${STORY}`, {
    headers: { apikey: running.backend.anonKey },
  });
  const [row] = (await response.json()) as { views: number }[];
  if (!row) throw new Error('the seeded story is missing');
  return row.views;
}

describe('the client address behind a reverse proxy', () => {
  let direct: Running;
  let proxied: Running;
  beforeAll(async () => {
    [direct, proxied] = await Promise.all([start(false), start(true)]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([direct, proxied].filter(Boolean).map(stop));
  });

  it('without a trusted proxy, addresses a client writes are not other readers', async () => {
    const before = await viewsOf(direct);
    await view(direct, '203.0.113.1');
    await view(direct, '203.0.113.2');
    expect(await viewsOf(direct)).toBe(before + 1);
  });

  it('behind a trusted proxy, each address the proxy appended is a reader of its own', async () => {
    const before = await viewsOf(proxied);
    await view(proxied, '203.0.113.1');
    await view(proxied, '203.0.113.2');
    // A client that writes its own X-Forwarded-For gets the proxy's entry appended after it: still the same reader.
    await view(proxied, '198.51.100.77, 203.0.113.2');
    expect(await viewsOf(proxied)).toBe(before + 2);
  });
});
