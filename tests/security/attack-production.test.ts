import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_JWT_SECRET, DEV_ADMIN_EMAIL, DEV_ADMIN_PASSWORD, REPOSITORY_ROOT } from '../../local-supabase/src/env.ts';
import { anonKeyFor, signJwt } from '../../local-supabase/src/jwt.ts';
import { BUILD_TARGET_FILE, type BuildTarget } from '../../server/build-target.ts';
import { productionConfigFrom, ProductionConfigError } from '../../server/production-config.ts';
import { startProductionServer, type ProductionServer } from '../../server/production-server.ts';
import { recoveryRequestErrorMessage, RECOVERY_UNAVAILABLE_MESSAGE } from '../../src/features/admin/auth/auth-messages.ts';
import { requestPasswordReset } from '../../src/services/auth.ts';
import { createSupabaseClient } from '../../src/services/client.ts';
import { tinyPng } from '../support/seed.ts';
import { startMailSink, type MailSink } from '../support/mail-sink.ts';

// npm start as production: what it refuses to start on, and, configured, what it refuses to anyone on the internet.
// The server is the one npm start runs (server/production-server.ts), on an in-memory database.

const SITE_URL = 'https://portoferreiranoticias.example';
const JWT_SECRET = 'a-production-secret-of-our-own-with-48-characters!';
const ADMIN = { email: 'chefe@portoferreiranoticias.example', password: 'senha-da-redacao-2026' };
const HOSTED = 'https://abcdefghijklmnopqrst.supabase.co';

const embeddedVars = {
  SITE_URL,
  LOCAL_SUPABASE_JWT_SECRET: JWT_SECRET,
  LOCAL_ADMIN_EMAIL: ADMIN.email,
  LOCAL_ADMIN_PASSWORD: ADMIN.password,
  PORT: '0',
};
const embeddedBuild = async (secret = JWT_SECRET): Promise<BuildTarget> => ({ supabaseUrl: null, anonKey: await anonKeyFor(secret) });

async function refusal(vars: Record<string, string>, build: BuildTarget | null): Promise<string> {
  const error = await productionConfigFrom(vars, build).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ProductionConfigError);
  const { message } = error as ProductionConfigError;
  expect(message.split('\n')).toHaveLength(1);
  return message;
}

describe('npm start refuses to serve on anything missing or left at the demo values', () => {
  it.each([
    ['no SITE_URL', { SITE_URL: '' }, 'set SITE_URL'],
    ['a SITE_URL with a path', { SITE_URL: 'https://example.com/noticias' }, 'SITE_URL must be an http(s) address with no path'],
    ['no JWT secret of its own', { LOCAL_SUPABASE_JWT_SECRET: '' }, 'set LOCAL_SUPABASE_JWT_SECRET'],
    ['the public demo secret', { LOCAL_SUPABASE_JWT_SECRET: DEMO_JWT_SECRET }, 'LOCAL_SUPABASE_JWT_SECRET is the public demo secret'],
    ['a short secret', { LOCAL_SUPABASE_JWT_SECRET: 'curto-demais' }, 'LOCAL_SUPABASE_JWT_SECRET must be at least 32 characters'],
    ['no administrator e-mail', { LOCAL_ADMIN_EMAIL: '' }, 'set LOCAL_ADMIN_EMAIL'],
    ['no administrator password', { LOCAL_ADMIN_PASSWORD: '' }, 'set LOCAL_ADMIN_PASSWORD'],
    ["the README's password", { LOCAL_ADMIN_PASSWORD: DEV_ADMIN_PASSWORD }, "LOCAL_ADMIN_PASSWORD is the README's development password"],
    ['a short password', { LOCAL_ADMIN_PASSWORD: 'curta-12345' }, 'LOCAL_ADMIN_PASSWORD must be at least 12 characters'],
    ['SMTP without a sender', { SMTP_HOST: 'smtp.example.com' }, 'set SMTP_FROM'],
    [
      "PostgreSQL's owner without the API's connection",
      { DATABASE_URL: 'postgres://portoferreira:x@127.0.0.1:5432/portoferreira' },
      "set DATABASE_API_URL (the README's authenticator role) with DATABASE_URL",
    ],
    ['the API connection without the owner', { DATABASE_API_URL: 'postgres://authenticator:x@127.0.0.1:5432/portoferreira' }, 'set DATABASE_URL'],
    ['a RENDER_CACHE that is neither on nor off', { RENDER_CACHE: 'talvez' }, 'RENDER_CACHE must be on or off'],
  ])('%s', async (_case, overrides, expected) => {
    const message = await refusal({ ...embeddedVars, ...overrides }, await embeddedBuild());
    expect(message).toMatch(/^npm start cannot serve production: .* See README § Deploy\.$/);
    expect(message).toContain(expected);
  });

  it('names every missing variable at once when nothing is configured', async () => {
    const message = await refusal({}, null);
    for (const name of ['SITE_URL', 'LOCAL_SUPABASE_JWT_SECRET', 'LOCAL_ADMIN_EMAIL', 'LOCAL_ADMIN_PASSWORD', 'npm run build']) {
      expect(message).toContain(name);
    }
  });

  it('refuses a build made with another secret or for a hosted project', async () => {
    expect(await refusal(embeddedVars, await embeddedBuild(DEMO_JWT_SECRET))).toContain('dist/ was built with another LOCAL_SUPABASE_JWT_SECRET');
    expect(await refusal(embeddedVars, { supabaseUrl: HOSTED, anonKey: 'anon' })).toContain(`dist/ was built for the Supabase project at ${HOSTED}`);
  });

  it('refuses a hosted start whose VITE_SUPABASE_URL or key differs from the build', async () => {
    const hostedVars = { SITE_URL, VITE_SUPABASE_URL: HOSTED, VITE_SUPABASE_ANON_KEY: 'anon-key' };
    await expect(productionConfigFrom(hostedVars, { supabaseUrl: HOSTED, anonKey: 'anon-key' })).resolves.toMatchObject({
      backend: { kind: 'hosted', supabaseUrl: HOSTED },
    });
    expect(await refusal(hostedVars, { supabaseUrl: 'https://outro.supabase.co', anonKey: 'anon-key' })).toContain(
      `dist/ was built for https://outro.supabase.co, not VITE_SUPABASE_URL=${HOSTED}`,
    );
    expect(await refusal(hostedVars, await embeddedBuild())).toContain('dist/ was built for the embedded backend');
    expect(await refusal(hostedVars, { supabaseUrl: HOSTED, anonKey: 'other' })).toContain('another VITE_SUPABASE_ANON_KEY');
  });

  it('`npm start` with no configuration stops with exactly one line', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/start.ts'], {
      cwd: REPOSITORY_ROOT,
      // Nothing of the machine's own configuration; the repository's .env files, if any, would still be read.
      env: { PATH: process.env.PATH ?? '', HOME: tmpdir() },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((exited) => child.once('exit', exited));
    expect(code).toBe(1);
    const lines = output.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^npm start cannot serve production: set SITE_URL .*LOCAL_ADMIN_PASSWORD.* See README § Deploy\.$/);
  }, 30_000);
});

/** A dist/ as the build leaves it, reduced to what these requests need. */
function makeDist(build: BuildTarget): string {
  const dir = mkdtempSync(join(tmpdir(), 'pf-production-dist-'));
  const page = '<!doctype html><html lang="pt-BR"><head><title>Porto Ferreira Notícias</title></head><body><div id="root"></div></body></html>';
  writeFileSync(join(dir, 'index.html'), page);
  writeFileSync(join(dir, 'app.html'), page);
  mkdirSync(join(dir, '.vite'));
  writeFileSync(join(dir, BUILD_TARGET_FILE), JSON.stringify(build));
  return dir;
}

/**
 * Writes one raw HTTP/1.1 request (any request target) and returns the whole answer as text. The request says
 * `Connection: close`, so the server ends the connection after its answer; ending our side first would be a client
 * that left (Node's server then drops an answer not yet written).
 */
function rawRequest(url: string, head: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(head));
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

describe('production configured as the README says (embedded backend, SMTP)', () => {
  let sink: MailSink;
  let site: ProductionServer;
  let dist: string;
  let anonKey: string;
  const printed: string[] = [];
  const original = { log: console.log, info: console.info, error: console.error };

  beforeAll(async () => {
    sink = await startMailSink();
    anonKey = await anonKeyFor(JWT_SECRET);
    dist = makeDist(await embeddedBuild());
    const vars = {
      ...embeddedVars,
      SMTP_HOST: sink.host,
      SMTP_PORT: String(sink.port),
      SMTP_FROM: 'Porto Ferreira Notícias <nao-responda@portoferreiranoticias.example>',
    };
    for (const name of ['log', 'info', 'error'] as const) console[name] = (...args: unknown[]) => void printed.push(args.join(' '));
    try {
      const config = await productionConfigFrom(vars, await embeddedBuild());
      site = await startProductionServer({ config, vars, distDir: dist, storage: { dataDir: null } });
    } finally {
      Object.assign(console, original);
    }
  }, 60_000);

  afterAll(async () => {
    await site.close();
    await sink.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${site.url}${path}`, { ...init, headers: { apikey: anonKey, ...(init.headers as Record<string, string>) } });
  const client = () => createSupabaseClient(site.url, anonKey, { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } });

  it('prints the administrator’s state but never its address or password (docs/decisions/0040)', () => {
    const output = printed.join('\n');
    expect(output).toContain('administrator (LOCAL_ADMIN_EMAIL): created now');
    expect(output).not.toContain(ADMIN.email);
    expect(output).not.toContain(ADMIN.password);
    expect(output).not.toMatch(/password:/i);
  });

  it("signs the configured administrator in and refuses the README's account", async () => {
    const { error } = await client().auth.signInWithPassword(ADMIN);
    expect(error).toBeNull();
    const readme = await client().auth.signInWithPassword({ email: DEV_ADMIN_EMAIL, password: DEV_ADMIN_PASSWORD });
    expect(readme.error?.code).toBe('invalid_credentials');
    const readmeOnAdmin = await client().auth.signInWithPassword({ email: ADMIN.email, password: DEV_ADMIN_PASSWORD });
    expect(readmeOnAdmin.error?.code).toBe('invalid_credentials');
  });

  it('serves no demo content: the seed never runs in production', async () => {
    const response = await api('/rest/v1/publications?select=id');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([]);
  });

  it('refuses tokens signed with the public demo secret, whatever role they claim', async () => {
    const demoAnon = await anonKeyFor(DEMO_JWT_SECRET);
    const serviceRole = await signJwt({ role: 'service_role', iss: 'supabase-demo', exp: 1983812996 }, DEMO_JWT_SECRET);
    for (const token of [demoAnon, serviceRole]) {
      const response = await fetch(`${site.url}/rest/v1/profiles?select=id,role`, {
        headers: { apikey: token, Authorization: `Bearer ${token}` },
      });
      expect(response.status).toBe(401);
      expect(await response.text()).not.toContain(ADMIN.email);
    }
    const forged = await signJwt({ role: 'service_role', exp: Math.floor(Date.now() / 1000) + 60 }, 'another-secret-of-at-least-32-characters!!');
    const response = await api('/rest/v1/profiles?select=id', { headers: { Authorization: `Bearer ${forged}` } });
    expect(response.status).toBe(401);
  });

  it.each([
    ['no header', {}],
    ['X-Real-IP', { 'X-Real-IP': '127.0.0.1' }],
    ['CF-Connecting-IP', { 'CF-Connecting-IP': '127.0.0.1' }],
    ['True-Client-IP', { 'True-Client-IP': '127.0.0.1' }],
    ['Via', { Via: '1.1 nginx' }],
    ['X-Forwarded-For', { 'X-Forwarded-For': '127.0.0.1' }],
    ['Forwarded', { Forwarded: 'for=127.0.0.1' }],
  ])('has no mailbox, whatever the headers: %s', async (_case, headers) => {
    for (const path of ['/__mailbox', `/__mailbox/messages?to=${encodeURIComponent(ADMIN.email)}`]) {
      const response = await fetch(`${site.url}${path}`, { headers });
      expect(response.status).toBe(404);
      expect(await response.text()).not.toMatch(/verify|token=/);
    }
  });

  it("e-mails the recovery link over SMTP on SITE_URL, whatever the request's Host says, and never prints it", async () => {
    const response = await api('/auth/v1/recover?redirect_to=https%3A%2F%2Fevil.example%2Fadmin%2Fnova-senha', {
      method: 'POST',
      headers: { Host: 'evil.example', 'X-Forwarded-Host': 'evil.example', 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: ADMIN.email }),
    });
    expect(response.status).toBe(200);
    const mail = await sink.next(ADMIN.email);
    expect(mail.from).toContain('nao-responda@portoferreiranoticias.example');
    expect(mail.subject).toBe('Redefinição de senha');
    const link = /https?:\/\/\S+/.exec(mail.text)?.[0] ?? '';
    expect(link.startsWith(`${SITE_URL}/auth/v1/verify?`)).toBe(true);
    expect(mail.text).not.toContain('evil.example');
    expect(new URL(link).searchParams.get('redirect_to')).toBe(SITE_URL);
    const token = new URL(link).searchParams.get('token') ?? '';
    expect(printed.join('\n')).not.toContain(token);

    // The link works on the server it names: a recovery session, back on the site.
    const verify = await fetch(`${site.url}${new URL(link).pathname}${new URL(link).search}`, { redirect: 'manual' });
    expect(verify.status).toBe(303);
    const location = verify.headers.get('location') ?? '';
    expect(location.startsWith(`${SITE_URL}#`)).toBe(true);
    expect(location).toContain('type=recovery');
  });

  it('confirms a new account by an e-mailed link on SITE_URL before it can sign in; the account still awaits approval', async () => {
    const person = { email: 'reporter@portoferreiranoticias.example', password: 'senha-do-reporter-1' };
    const { data, error } = await client().auth.signUp({
      ...person,
      options: { data: { name: 'Repórter' }, emailRedirectTo: `${SITE_URL}/admin` },
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.email).toBe(person.email);
    const early = await client().auth.signInWithPassword(person);
    expect(early.error?.code).toBe('email_not_confirmed');

    const mail = await sink.next(person.email);
    expect(mail.subject).toBe('Confirme seu cadastro');
    const link = new URL(/https?:\/\/\S+/.exec(mail.text)?.[0] ?? '');
    expect(link.origin).toBe(SITE_URL);
    expect(link.searchParams.get('type')).toBe('signup');
    expect(link.searchParams.get('redirect_to')).toBe(`${SITE_URL}/admin`);
    const verify = await fetch(`${site.url}${link.pathname}${link.search}`, { redirect: 'manual' });
    expect(verify.headers.get('location')).toMatch(new RegExp(`^${SITE_URL}/admin#access_token=.*type=signup`));
    const again = await fetch(`${site.url}${link.pathname}${link.search}`, { redirect: 'manual' });
    expect(again.headers.get('location')).toContain('error_code=otp_expired');

    const confirmed = createSupabaseClient(site.url, anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
    expect((await confirmed.auth.signInWithPassword(person)).error).toBeNull();
    const { data: profile } = await confirmed.from('profiles').select('role').eq('email', person.email).single();
    expect(profile?.role).toBe('pending');
  });

  it('writes every address on SITE_URL: a //host path and an absolute request target are only paths', async () => {
    const protocolRelative = await fetch(`${site.url}//attacker.example/`);
    expect(await protocolRelative.text()).not.toContain('attacker.example');

    const feed = await fetch(`${site.url}/rss.xml`, { headers: { 'X-Forwarded-Host': 'attacker.example', 'X-Forwarded-Proto': 'http' } });
    const xml = await feed.text();
    expect(xml).toContain(`<link>${SITE_URL}/</link>`);
    expect(xml).not.toContain('attacker.example');

    const absolute = await rawRequest(
      site.url,
      'GET http://attacker.example/sitemap.xml HTTP/1.1\r\nHost: attacker.example\r\nConnection: close\r\n\r\n',
    );
    expect(absolute).toMatch(/^HTTP\/1\.1 (200|400|404)/);
    expect(absolute).not.toContain('attacker.example');
  });

  it('serves stored files that no other site can frame', async () => {
    const admin = client();
    await admin.auth.signInWithPassword(ADMIN);
    const { error } = await admin.storage.from('publications').upload('framing/pixel.png', new Blob([tinyPng], { type: 'image/png' }));
    expect(error).toBeNull();
    const response = await fetch(admin.storage.from('publications').getPublicUrl('framing/pixel.png').data.publicUrl.replace(SITE_URL, site.url));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-frame-options')).toBe('DENY');
  });
});

describe('production without SMTP settings', () => {
  let site: ProductionServer;
  let dist: string;

  beforeAll(async () => {
    dist = makeDist(await embeddedBuild());
    const config = await productionConfigFrom(embeddedVars, await embeddedBuild());
    site = await startProductionServer({ config, vars: embeddedVars, distDir: dist, storage: { dataDir: null }, quiet: true });
  }, 60_000);

  afterAll(async () => {
    await site.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('takes sign-ups without a confirmation e-mail it could not send: the account signs in and awaits approval', async () => {
    const client = createSupabaseClient(site.url, await anonKeyFor(JWT_SECRET), { auth: { persistSession: false } });
    const { data, error } = await client.auth.signUp({ email: 'colaborador@portoferreiranoticias.example', password: 'senha-do-colaborador' });
    expect(error).toBeNull();
    expect(data.session).not.toBeNull();
  });

  it('says in pt-BR that recovery is unavailable and to contact the newsroom, for every address alike', async () => {
    const client = createSupabaseClient(site.url, await anonKeyFor(JWT_SECRET), { auth: { persistSession: false } });
    for (const email of [ADMIN.email, 'ninguem@portoferreiranoticias.example']) {
      const error: unknown = await requestPasswordReset(client, email, `${SITE_URL}/admin/nova-senha`).then(
        () => null,
        (caught: unknown) => caught,
      );
      expect(error).toMatchObject({ code: 'email_provider_disabled' });
      expect(recoveryRequestErrorMessage(error)).toBe(RECOVERY_UNAVAILABLE_MESSAGE);
    }
    expect(RECOVERY_UNAVAILABLE_MESSAGE).toMatch(/não está disponível.*Entre em contato com a redação/);
  });
});
