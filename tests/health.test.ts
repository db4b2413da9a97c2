import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonKeyFor } from '../local-supabase/src/jwt.ts';
import { createLogger } from '../local-supabase/src/log.ts';
import { startLocalSupabase, type LocalSupabase } from '../local-supabase/src/server.ts';
import { BUILD_TARGET_FILE } from '../server/build-target.ts';
import { productionConfigFrom } from '../server/production-config.ts';
import { startProductionServer, type ProductionServer } from '../server/production-server.ts';

// /healthz and /readyz under npm start (docs/decisions/0040), as an uptime monitor asks them: with the embedded
// backend (ready when its database answers and has this build's newest migration) and against a hosted project (ready
// when its REST endpoint answers), the project here being a real local backend listening on its own port.

const SITE_URL = 'https://portoferreiranoticias.example';
const JWT_SECRET = 'a-production-secret-for-the-health-test-48chars!';
const silent = createLogger({ level: 'silent' });

function distFor(build: { supabaseUrl: string | null; anonKey: string }): string {
  const dist = mkdtempSync(join(tmpdir(), 'pf-health-dist-'));
  const page = '<!doctype html><html lang="pt-BR"><head><title>Porto Ferreira Notícias</title></head><body><div id="root"></div></body></html>';
  writeFileSync(join(dist, 'index.html'), page);
  writeFileSync(join(dist, 'app.html'), page);
  mkdirSync(join(dist, '.vite'));
  writeFileSync(join(dist, BUILD_TARGET_FILE), JSON.stringify(build));
  return dist;
}

async function ask(url: string): Promise<{ status: number; cacheControl: string | null; type: string | null; body: unknown; text: string }> {
  const response = await fetch(url);
  const text = await response.text();
  return { status: response.status, cacheControl: response.headers.get('cache-control'), type: response.headers.get('content-type'), body: JSON.parse(text), text };
}

describe('npm start with the embedded backend', () => {
  let site: ProductionServer;
  let dist: string;

  beforeAll(async () => {
    const vars = {
      SITE_URL,
      LOCAL_SUPABASE_JWT_SECRET: JWT_SECRET,
      LOCAL_ADMIN_EMAIL: 'chefe.saude@portoferreiranoticias.example',
      LOCAL_ADMIN_PASSWORD: 'senha-da-redacao-saude-2026',
      PORT: '0',
    };
    const build = { supabaseUrl: null, anonKey: await anonKeyFor(JWT_SECRET) };
    dist = distFor(build);
    site = await startProductionServer({ config: await productionConfigFrom(vars, build), vars, distDir: dist, storage: { dataDir: null }, quiet: true, logger: silent });
  }, 60_000);

  afterAll(async () => {
    await site?.close();
    if (dist) rmSync(dist, { recursive: true, force: true });
  });

  it('answers /healthz and /readyz as JSON nobody keeps, naming no version, host or database', async () => {
    const health = await ask(`${site.url}/healthz`);
    expect(health).toMatchObject({ status: 200, cacheControl: 'no-store', type: 'application/json; charset=utf-8', body: { status: 'ok' } });
    const ready = await ask(`${site.url}/readyz`);
    expect(ready).toMatchObject({ status: 200, cacheControl: 'no-store', body: { status: 'ready', checks: { database: 'ok', migrations: 'ok' } } });
    expect(ready.text).not.toMatch(/\d+\.\d+|postgres|pglite|127\.0\.0\.1|localhost/i);
  });

  it('is not ready while the database lacks this build’s newest migration, and ready again once it has it', async () => {
    const db = site.backend!.db;
    const { rows } = await db.query<{ version: string; name: string }>('select version, name from supabase_migrations.schema_migrations order by version desc limit 1');
    const newest = rows[0]!;
    await db.query('delete from supabase_migrations.schema_migrations where version = $1', [newest.version]);
    try {
      const behind = await ask(`${site.url}/readyz`);
      expect(behind).toMatchObject({ status: 503, cacheControl: 'no-store', body: { status: 'not_ready', checks: { database: 'ok', migrations: 'failing' } } });
      // The process itself still answers: a monitor tells "up but not ready" from "down".
      expect((await ask(`${site.url}/healthz`)).status).toBe(200);
    } finally {
      await db.query('insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)', [newest.version, newest.name]);
    }
    expect((await ask(`${site.url}/readyz`)).status).toBe(200);
  });

  it('ping says whether the database answers in time', async () => {
    expect(await site.backend!.ping(1000)).toBe(true);
  });
});

describe('npm start against a hosted project', () => {
  let project: LocalSupabase;
  let projectServer: Server;
  let site: ProductionServer;
  let dist: string;

  beforeAll(async () => {
    project = await startLocalSupabase({ dataDir: null, jwtSecret: JWT_SECRET, quiet: true, seed: false });
    projectServer = createServer((req, res) => void project.handler(req, res));
    await new Promise<void>((listening) => projectServer.listen(0, '127.0.0.1', listening));
    const projectUrl = `http://127.0.0.1:${(projectServer.address() as AddressInfo).port}`;
    const vars = { SITE_URL, VITE_SUPABASE_URL: projectUrl, VITE_SUPABASE_ANON_KEY: project.anonKey, PORT: '0' };
    const build = { supabaseUrl: projectUrl, anonKey: project.anonKey };
    dist = distFor(build);
    site = await startProductionServer({ config: await productionConfigFrom(vars, build), vars, distDir: dist, logger: silent });
  }, 60_000);

  afterAll(async () => {
    await site?.close();
    if (projectServer.listening) await new Promise<void>((closed) => projectServer.close(() => closed()));
    await project?.close();
    if (dist) rmSync(dist, { recursive: true, force: true });
  });

  it('is ready while the project’s REST endpoint answers, and says not ready (never its address) once it is gone', async () => {
    expect(await ask(`${site.url}/readyz`)).toMatchObject({ status: 200, body: { status: 'ready', checks: { project: 'ok' } } });
    projectServer.closeAllConnections();
    await new Promise<void>((closed) => projectServer.close(() => closed()));
    const gone = await ask(`${site.url}/readyz`);
    expect(gone).toMatchObject({ status: 503, cacheControl: 'no-store', body: { status: 'not_ready', checks: { project: 'failing' } } });
    expect(gone.text).not.toContain('127.0.0.1');
    expect((await ask(`${site.url}/healthz`)).status).toBe(200);
  });
});
