// @vitest-environment node
// Node's own fetch and AbortSignal: jsdom's AbortSignal is not one that Node's fetch accepts.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDataClient, REQUEST_TIMEOUT_MS } from './data-client';

/** A backend that takes every request and never answers (the fault the reader pages must survive). */
let server: Server;
let url: string;
let received = 0;

beforeAll(async () => {
  server = createServer(() => {
    received += 1;
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((done) => server.close(() => done()));
});

describe('createDataClient', () => {
  it('waits 10 s for an answer by default', () => {
    expect(REQUEST_TIMEOUT_MS).toBe(10_000);
  });

  it('fails a request the backend never answers once its timeout passes, without retrying it', async () => {
    received = 0;
    const client = createDataClient(url, 'anon-key', { timeoutMs: 300 });
    const started = Date.now();
    const { data, error } = await client.from('publications').select('id');
    expect(data).toBeNull();
    expect(error?.message).toMatch(/AbortError/);
    // Ended by its own wait, not the default one.
    expect(Date.now() - started).toBeLessThan(REQUEST_TIMEOUT_MS);
    expect(received).toBe(1);
  });
});
