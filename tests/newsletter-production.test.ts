import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonKeyFor, serviceRoleKeyFor } from '../local-supabase/src/jwt.ts';
import { BUILD_TARGET_FILE } from '../server/build-target.ts';
import { productionConfigFrom, ProductionConfigError } from '../server/production-config.ts';
import { startProductionServer, type ProductionServer } from '../server/production-server.ts';
import { createDataClient } from '../src/services/data-client.ts';
import { signUpForDigest } from '../src/services/newsletter/subscription.ts';
import { startMailSink, type MailSink } from './support/mail-sink.ts';

// The daily digest as `npm start` runs it: real SMTP to a local sink, every link on SITE_URL, RFC 8058's headers on
// the wire, and the settings a hosted project needs for it.

const SITE_URL = 'https://portoferreiranoticias.example';
const JWT_SECRET = 'another-production-secret-of-our-own-48-chars!!';
const HOSTED = 'https://abcdefghijklmnopqrst.supabase.co';

let sink: MailSink;
let site: ProductionServer;
let dist: string;

beforeAll(async () => {
  sink = await startMailSink();
  const vars = {
    SITE_URL,
    LOCAL_SUPABASE_JWT_SECRET: JWT_SECRET,
    LOCAL_ADMIN_EMAIL: 'chefe@portoferreiranoticias.example',
    LOCAL_ADMIN_PASSWORD: 'senha-da-redacao-2026',
    PORT: '0',
    SMTP_HOST: sink.host,
    SMTP_PORT: String(sink.port),
    SMTP_FROM: 'Porto Ferreira Notícias <nao-responda@portoferreiranoticias.example>',
  };
  const build = { supabaseUrl: null, anonKey: await anonKeyFor(JWT_SECRET) };
  dist = mkdtempSync(join(tmpdir(), 'pf-newsletter-dist-'));
  const page = '<!doctype html><html lang="pt-BR"><head><title>Porto Ferreira Notícias</title></head><body><div id="root"></div></body></html>';
  writeFileSync(join(dist, 'index.html'), page);
  writeFileSync(join(dist, 'app.html'), page);
  mkdirSync(join(dist, '.vite'));
  writeFileSync(join(dist, BUILD_TARGET_FILE), JSON.stringify(build));
  site = await startProductionServer({ config: await productionConfigFrom(vars, build), vars, distDir: dist, storage: { dataDir: null }, quiet: true });
}, 60_000);

afterAll(async () => {
  await site?.close();
  await sink?.close();
  if (dist) rmSync(dist, { recursive: true, force: true });
});

describe('npm start with SMTP', () => {
  it('signs up, confirms, sends the digest with its one-click headers, and unsubscribes, all over HTTP and SMTP', async () => {
    const email = 'leitora@exemplo.com.br';
    const reader = createDataClient(site.url, await anonKeyFor(JWT_SECRET), { retry: false });
    await signUpForDigest(reader, { email, consentText: 'Quero receber o resumo diário.', page: '/' });
    expect((await fetch(`${site.url}/api/newsletter/confirmacoes`, { method: 'POST' })).status).toBe(200);

    const confirmation = await sink.next(email);
    expect(confirmation.from).toContain('nao-responda@portoferreiranoticias.example');
    expect(confirmation.subject).toBe('Confirme sua inscrição no resumo diário');
    const link = /https:\/\/portoferreiranoticias\.example\/newsletter\/confirmar\/([0-9a-f-]{36})/.exec(confirmation.text);
    expect(link).not.toBeNull();
    expect(confirmation.html).toContain(link![0]);
    expect(await reader.rpc('newsletter_confirm', { token: link![1]! })).toMatchObject({ data: 'confirmada' });

    // A story to send: published by the newsroom's administrator.
    await site.backend!.db.query(
      `insert into public.publications (title, description, published, published_at) values ('Prefeitura abre inscrições', 'Linha fina', true, now() - interval '1 minute')`,
    );
    const serviceKey = await serviceRoleKeyFor(JWT_SECRET);
    const sent = await fetch(`${site.url}/api/newsletter/resumo`, { method: 'POST', headers: { Authorization: `Bearer ${serviceKey}` } });
    expect(await sent.json()).toMatchObject({ state: 'enviado', sent: 1, failed: 0 });

    const digest = await sink.next(email);
    expect(digest.subject).toMatch(/^Porto Ferreira Notícias: o resumo de /);
    expect(digest.html).toContain('Prefeitura abre inscrições');
    expect(digest.text).toContain('Prefeitura abre inscrições');
    const oneClick = /^<(https:\/\/portoferreiranoticias\.example\/api\/newsletter\/cancelar\/[0-9a-f-]{36})>$/.exec(digest.headers['list-unsubscribe'] ?? '');
    expect(oneClick).not.toBeNull();
    expect(digest.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

    const unsubscribed = await fetch(oneClick![1]!.replace(SITE_URL, site.url), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(unsubscribed.status).toBe(200);
    const { rows } = await site.backend!.db.query('select 1 from public.newsletter_subscribers');
    expect(rows).toEqual([]);
  }, 30_000);
});

describe('a hosted project’s digest settings', () => {
  const hosted = { SITE_URL, VITE_SUPABASE_URL: HOSTED, VITE_SUPABASE_ANON_KEY: 'anon-key' };
  const build = { supabaseUrl: HOSTED, anonKey: 'anon-key' };
  const smtp = { SMTP_HOST: 'smtp.example.com', SMTP_FROM: 'nao-responda@example.com' };

  async function refusal(vars: Record<string, string>): Promise<string> {
    const error = await productionConfigFrom(vars, build).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProductionConfigError);
    return (error as ProductionConfigError).message;
  }

  it('is off without them, on with both, and mail without the key stops the start', async () => {
    await expect(productionConfigFrom(hosted, build)).resolves.toMatchObject({ backend: { kind: 'hosted', newsletter: null } });
    await expect(productionConfigFrom({ ...hosted, ...smtp, SUPABASE_SERVICE_ROLE_KEY: 'service-key' }, build)).resolves.toMatchObject({
      backend: { newsletter: { serviceRoleKey: 'service-key', smtp: { host: 'smtp.example.com' } } },
    });
    // The key alone is a choice now: retention and the campaigns' closing run with it, the mail jobs are off.
    await expect(productionConfigFrom({ ...hosted, SUPABASE_SERVICE_ROLE_KEY: 'service-key' }, build)).resolves.toMatchObject({
      backend: { kind: 'hosted', serviceRoleKey: 'service-key', newsletter: null },
    });
    expect(await refusal({ ...hosted, ...smtp })).toContain('set SUPABASE_SERVICE_ROLE_KEY');
    expect(await refusal({ ...hosted, ...smtp, SUPABASE_SERVICE_ROLE_KEY: 'anon-key' })).toContain('SUPABASE_SERVICE_ROLE_KEY is the anon key');
  });
});
