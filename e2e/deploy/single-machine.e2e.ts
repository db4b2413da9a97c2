import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonKeyFor } from '../../local-supabase/src/jwt.ts';
import { freePort } from '../../scripts/free-port.ts';
import { startMailSink, type MailSink } from '../../tests/support/mail-sink.ts';
import { publishLocalStory, signedInAdminClient, type PublishedStory } from '../support/api.ts';
import { useBrowser } from '../support/browser.ts';
import { baseEnv, runToEnd, startChild, waitForHttp, type Child } from './support/child-process.ts';
import { readStory, runNewsroomJourney } from './support/newsroom-journey.ts';
import { setUpAsReadme, startPostgresCluster, type PostgresCluster, type ReadmeDatabase } from './support/postgres-cluster.ts';
import { copyWorkingTree, REPOSITORY } from './support/site-copy.ts';

// The README's single machine: `npm start` with the embedded backend on a real PostgreSQL, configured as the README
// says (its own secret and administrator, SITE_URL, SMTP), then its backup (`npm run backup`, the daily job's code)
// and restore, run from the README's own code blocks, into a second PostgreSQL cluster.

const admin = { email: 'redacao@portoferreira.example', password: 'senha-da-redacao-de-teste' };
const jwtSecret = randomBytes(36).toString('base64');

/** The code block after `<!-- name -->` in the README: the exact commands a newsroom copies. */
function readmeBlock(name: string): string {
  const readme = readFileSync(join(REPOSITORY, 'README.md'), 'utf8');
  const match = new RegExp(`<!-- ${name} -->\\n\`\`\`sh\\n([\\s\\S]*?)\\n\`\`\``).exec(readme);
  if (!match?.[1]) throw new Error(`README.md has no <!-- ${name} --> code block`);
  return match[1];
}

describe('one machine: npm start with the embedded backend on PostgreSQL', () => {
  const browser = useBrowser();
  let siteDir = '';
  const scratch: string[] = [];
  let cluster: PostgresCluster | undefined;
  let restored: PostgresCluster | undefined;
  let outage: PostgresCluster | undefined;
  /** The README's roles and database on `cluster`. */
  let database: ReadmeDatabase | undefined;
  let sink: MailSink | undefined;
  let server: Child | undefined;
  let siteUrl = '';
  let story: PublishedStory | undefined;

  const tempDir = (label: string) => {
    const dir = mkdtempSync(join(tmpdir(), `pfn-single-${label}-`));
    scratch.push(dir);
    return dir;
  };

  /** The variables of the README's .env.production.local, for this cluster and data folder. */
  const productionVars = (database: ReadmeDatabase, dataDir: string, mail: MailSink) => ({
    SITE_URL: siteUrl,
    DATABASE_URL: database.ownerUrl,
    DATABASE_API_URL: database.apiUrl,
    LOCAL_SUPABASE_DATA_DIR: dataDir,
    LOCAL_SUPABASE_JWT_SECRET: jwtSecret,
    LOCAL_ADMIN_EMAIL: admin.email,
    LOCAL_ADMIN_PASSWORD: admin.password,
    SMTP_HOST: mail.host,
    SMTP_PORT: String(mail.port),
    SMTP_FROM: 'Porto Ferreira Notícias <nao-responda@portoferreira.example>',
  });

  async function startSite(database: ReadmeDatabase, dataDir: string, mail: MailSink): Promise<Child> {
    const port = Number(new URL(siteUrl).port);
    const child = startChild('npm', ['start'], {
      cwd: siteDir,
      name: 'npm start (embedded, PostgreSQL)',
      env: { ...baseEnv(), ...productionVars(database, dataDir, mail), PORT: String(port) },
    });
    await waitForHttp(child, `${siteUrl}/robots.txt`, 'npm start');
    return child;
  }

  beforeAll(async () => {
    siteUrl = `http://127.0.0.1:${await freePort()}`;
    siteDir = tempDir('site');
    copyWorkingTree(siteDir);
    cluster = await startPostgresCluster();
    database = setUpAsReadme(cluster, siteDir);
    sink = await startMailSink();
    // The README's `npm run build` reads LOCAL_SUPABASE_JWT_SECRET from .env.production.local; here, from the
    // environment (build:app: CI has type-checked already).
    await runToEnd('npm', ['run', 'build:app'], {
      cwd: siteDir,
      name: 'npm run build:app (embedded)',
      env: { ...baseEnv(), LOCAL_SUPABASE_JWT_SECRET: jwtSecret },
    });
  });

  afterAll(async () => {
    await server?.stop();
    await sink?.close();
    cluster?.stop();
    restored?.stop();
    outage?.stop();
    for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
  });

  it("refuses to start with the README's development password, on one line", async () => {
    if (!database || !sink) throw new Error('setup did not finish');
    const vars = { ...productionVars(database, tempDir('refused'), sink), LOCAL_ADMIN_PASSWORD: 'portoferreira2026' };
    const child = startChild('npm', ['start'], { cwd: siteDir, name: 'npm start (refused)', env: { ...baseEnv(), ...vars } });
    expect(await child.exited).toBe(1);
    const lines = child.output().split('\n').filter((line) => line.startsWith('npm start cannot serve production'));
    expect(lines).toEqual([expect.stringContaining("LOCAL_ADMIN_PASSWORD is the README's development password")]);
    expect(child.output()).not.toContain('Porto Ferreira Notícias listening');
  });

  it('refuses to serve requests as a superuser, on one line', async () => {
    if (!cluster || !database || !sink) throw new Error('setup did not finish');
    const superuser = new URL(cluster.url);
    superuser.pathname = '/portoferreira';
    const vars = { ...productionVars(database, tempDir('superuser'), sink), DATABASE_API_URL: superuser.toString() };
    const child = startChild('npm', ['start'], { cwd: siteDir, name: 'npm start (superuser API)', env: { ...baseEnv(), ...vars } });
    expect(await child.exited).toBe(1);
    const lines = child.output().split('\n').filter((line) => line.includes('could not start'));
    expect(lines).toEqual([expect.stringContaining(`DATABASE_API_URL's role "postgres" is a superuser`)]);
    expect(child.output()).not.toContain('Porto Ferreira Notícias listening');
  });

  it('an editor signs in and publishes; readers read it; crawlers, feeds and sitemaps name it on SITE_URL; recovery e-mail leaves by SMTP', async () => {
    if (!cluster || !database || !sink) throw new Error('setup did not finish');
    const dataDir = tempDir('data');
    server = await startSite(database, dataDir, sink);
    // Its log names the administrator's state, never the address or the password (docs/decisions/0040).
    expect(server.output()).toContain('administrator (LOCAL_ADMIN_EMAIL)');
    expect(server.output()).not.toContain(admin.email);
    expect(server.output()).not.toContain(admin.password);

    const adminPage = await browser.newPage('desktop', { baseUrl: siteUrl });
    const phone = await browser.newPage('phone', { baseUrl: siteUrl });
    const desktop = await browser.newPage('desktop', { baseUrl: siteUrl });
    story = await runNewsroomJourney({ baseUrl: siteUrl, siteUrl, admin, adminPage, readerPages: [phone, desktop] });

    // 'Esqueci minha senha' as the editor would use it: the e-mail arrives with its link on SITE_URL.
    const forgot = await browser.newPage('phone', { baseUrl: siteUrl });
    await forgot.goto('/admin/recuperar-senha');
    await forgot.getByLabel('Email').fill(admin.email);
    await forgot.getByRole('button', { name: 'Enviar link' }).click();
    await forgot.getByText(`Se houver uma conta com o email ${admin.email}`).waitFor();
    const mail = await sink.next(admin.email);
    expect(mail.text).toContain(`${siteUrl}/auth/v1/verify?`);
    expect(server.output()).not.toContain('/auth/v1/verify?');

    // Backup, with the README's command, while the site runs: the daily job's own code (server/backup/), into BACKUP_DIR.
    const backupDir = join(tempDir('backup'), 'backups');
    const backupVars = { ...baseEnv(), ...productionVars(database, dataDir, sink), PATH: `${cluster.bindir}:${process.env.PATH ?? ''}` };
    const unset = startChild('bash', ['-euo', 'pipefail', '-c', readmeBlock('backup')], { cwd: siteDir, name: 'npm run backup (no BACKUP_DIR)', env: backupVars });
    expect(await unset.exited).toBe(1);
    expect(unset.output().split('\n').filter((line) => line.startsWith('npm run backup cannot run'))).toEqual([expect.stringContaining('set BACKUP_DIR')]);
    const backedUp = await runToEnd('bash', ['-euo', 'pipefail', '-c', readmeBlock('backup')], {
      cwd: siteDir,
      name: 'the README backup',
      env: { ...backupVars, BACKUP_DIR: backupDir },
    });
    expect(backedUp).toMatch(/Backup \d{4}-\d{2}-\d{2}T\d{6}Z in /);

    // Restore on a new machine: another PostgreSQL server, an empty data folder, the site started again on them. The
    // readers' tabs close first: a tab left open on a stopped server fails what it loads later (the audience beacon's
    // module after 5 s), which is this test's doing, not the site's.
    await Promise.all([adminPage, phone, desktop, forgot].map((page) => page.close()));
    await server.stop();
    server = undefined;
    // A new machine is set up as the README says (roles and an empty database, no superuser for the server) first.
    restored = await startPostgresCluster();
    const restoredDatabase = setUpAsReadme(restored, siteDir);
    const restoredData = join(tempDir('restored'), 'data');
    await runToEnd('bash', ['-euo', 'pipefail', '-c', readmeBlock('restore')], {
      cwd: siteDir,
      name: 'the README restore',
      env: { ...baseEnv(), PATH: `${restored.bindir}:${process.env.PATH ?? ''}`, BACKUP_DIR: backupDir, DATABASE_URL: restoredDatabase.ownerUrl, LOCAL_SUPABASE_DATA_DIR: restoredData },
    });
    server = await startSite(restoredDatabase, restoredData, sink);

    const reader = await browser.newPage('phone', { baseUrl: siteUrl });
    const pictures: number[] = [];
    reader.on('response', (response) => {
      if (response.url().includes('/storage/v1/object/public/')) pictures.push(response.status());
    });
    await readStory(reader, story);
    expect(pictures.length).toBeGreaterThan(0);
    expect(pictures.every((status) => status === 200)).toBe(true);

    // The administrator's account came back with the data: the same sign-in works.
    const signIn = await fetch(`${siteUrl}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: await anonKeyFor(jwtSecret), 'Content-Type': 'application/json' },
      body: JSON.stringify(admin),
    });
    expect(signIn.status).toBe(200);
  });

  it('a PostgreSQL restart under load: the server stays up, answers 200 or 503 with Retry-After, and serves again on its own', async () => {
    if (!sink) throw new Error('setup did not finish');
    await server?.stop();
    server = undefined;
    outage = await startPostgresCluster();
    const site = await startSite(setUpAsReadme(outage, siteDir), tempDir('outage'), sink);
    server = site;
    const anonKey = await anonKeyFor(jwtSecret);
    const editor = await signedInAdminClient({ url: siteUrl, anonKey, admin });
    const published = await publishLocalStory(editor, 'Reinício do banco', { description: 'Resumo.', content: '<p>Texto.</p>' });
    const apiPath = '/rest/v1/publications?select=id&limit=1';
    const addresses = ['/', published.path, apiPath];

    type Seen = { path: string; status: number; retryAfter: string | null } | { path: string; failure: string };
    const seen: Seen[] = [];
    /** One reader's request, bounded: a hang past the bound counts as a failure, as a crash's refused connection does. */
    const load = async (path: string): Promise<Seen> => {
      try {
        const response = await fetch(`${siteUrl}${path}`, {
          headers: path.startsWith('/rest/') ? { apikey: anonKey } : {},
          signal: AbortSignal.timeout(20_000),
        });
        await response.arrayBuffer();
        return { path, status: response.status, retryAfter: response.headers.get('Retry-After') };
      } catch (error) {
        return { path, failure: String(error) };
      }
    };
    let loading = true;
    const readers = Array.from({ length: 4 }, async (_, reader) => {
      for (let round = 0; loading && round < 10_000; round += 1) seen.push(await load(addresses[(reader + round) % addresses.length]!));
    });
    let exitCode: number | null | undefined;
    void site.exited.then((code) => (exitCode = code));
    /** Waits for `condition` between the load's requests: the load keeps going meanwhile. Fails at once if the server exits. */
    const until = async (what: string, condition: () => Promise<boolean> | boolean) => {
      for (let attempt = 0; attempt < 600; attempt += 1) {
        if (exitCode !== undefined) throw new Error(`npm start exited (code ${String(exitCode)}) while waiting for ${what}:\n${site.output().slice(0, 6000)}`);
        if (await condition()) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`waited in vain for ${what}:\n${site.output().slice(-4000)}`);
    };
    const allAnswer200 = async () => (await Promise.all(addresses.map(load))).every((one) => 'status' in one && one.status === 200);

    try {
      await until('the first answers under load', () => seen.length >= 12);
      // What a package upgrade does: every connection is terminated while readers load pages.
      await outage.restart();
      await until('home, the story and the API to answer 200 again after the restart', allAnswer200);
      // An outage that lasts: pages and the API say so with 503 and Retry-After, then it serves again on its own.
      await outage.pause();
      await until('a 503 for home, the story and the API while the database is away', async () => {
        const answers = await Promise.all(addresses.map(load));
        return answers.every((one) => 'status' in one && one.status === 503 && one.retryAfter !== null);
      });
      const outagePage = await fetch(`${siteUrl}${published.path}`);
      expect(outagePage.status).toBe(503);
      expect(outagePage.headers.get('Cache-Control')).toBe('no-store');
      // Still the site's page: its sections say what failed and offer 'Tentar novamente'.
      expect(await outagePage.text()).toContain('<div id="root"');
      await outage.resume();
      await until('home, the story and the API to answer 200 again after the database returned', allAnswer200);
    } finally {
      loading = false;
      await Promise.all(readers);
    }

    expect(exitCode).toBeUndefined();
    const failures = seen.filter((one) => 'failure' in one || (one.status !== 200 && !(one.status === 503 && one.retryAfter)));
    expect(failures).toEqual([]);
    expect(seen.length).toBeGreaterThan(12);
  });
});
