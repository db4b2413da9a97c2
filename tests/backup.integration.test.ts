import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runToEnd } from '../e2e/deploy/support/child-process.ts';
import { setUpAsReadme, startPostgresCluster, type PostgresCluster, type ReadmeDatabase } from '../e2e/deploy/support/postgres-cluster.ts';
import { startLocalSupabase, type LocalSupabase } from '../local-supabase/src/server.ts';
import { createFileBlobStore } from '../local-supabase/src/storage/blob-store.ts';
import { backupJob } from '../server/backup/backup-job.ts';
import { backupName } from '../server/backup/backup-names.ts';
import { MANIFEST_FILE, takeBackup } from '../server/backup/take-backup.ts';
import { createSupabaseClient, type Client } from '../src/services/client.ts';
import { setProfileRole } from '../src/services/profiles.ts';
import { savePublication, type PublicationInput } from '../src/services/publication-admin.ts';
import { uploadImage } from '../src/services/storage.ts';
import { seed, tinyPng } from './support/seed.ts';

// Backups on one machine (README § Backup and restore): taken while an editor keeps saving stories with pictures
// through supabase-js, as the panel does, each one restored with the README's own restore block into a new database
// owned by a role that is not a superuser, then checked: every story's picture, and every stored file's row, came
// back together, and nothing saved before the backup began is lost.

const admin = { email: 'redacao@backup.example', password: 'senha-da-redacao-de-teste' };
const jwtSecret = randomBytes(36).toString('base64');
/** The site's database owner in the restore: logs in, owns its database, is not a superuser and cannot create roles. */
const OWNER = 'portoferreira';

function readmeBlock(name: string): string {
  const readme = readFileSync(join(import.meta.dirname, '..', 'README.md'), 'utf8');
  const match = new RegExp(`<!-- ${name} -->\\n\`\`\`sh\\n([\\s\\S]*?)\\n\`\`\``).exec(readme);
  if (!match?.[1]) throw new Error(`README.md has no <!-- ${name} --> code block`);
  return match[1];
}

function withDatabase(url: string, database: string, user?: string): string {
  const next = new URL(url);
  next.pathname = `/${database}`;
  if (user) next.username = user;
  return next.toString();
}

async function sql<Row extends Record<string, unknown>>(url: string, text: string): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<Row>(text)).rows;
  } finally {
    await client.end();
  }
}

/** The object name in a public URL of the publications bucket. */
function objectName(imageUrl: string): string {
  const marker = '/storage/v1/object/public/publications/';
  const at = imageUrl.indexOf(marker);
  if (at < 0) throw new Error(`not a publications URL: ${imageUrl}`);
  return decodeURIComponent(imageUrl.slice(at + marker.length));
}

function story(n: number, imageUrl: string): PublicationInput {
  return {
    title: `Notícia salva durante a cópia ${n}`,
    description: `Descrição ${n}`,
    content: `<p>Texto ${n}.</p>`,
    image_url: imageUrl,
    image_alt: `Foto da notícia ${n}`,
    image_credit: null,
    youtube_url: null,
    topic_id: seed.topics.local,
    published: true,
    publish_at: null,
    is_lead: false,
    signed: false,
    sponsor_name: null,
  };
}

describe('backups on one machine', () => {
  const scratch: string[] = [];
  let source: PostgresCluster | undefined;
  /** The source as the README sets it up: the owner's connection (migrations, backups) and authenticator's (requests). */
  let sourceDb: ReadmeDatabase | undefined;
  let target: PostgresCluster | undefined;
  let backend: LocalSupabase | undefined;
  let server: Server | undefined;
  let dataDir = '';
  let backupDir = '';
  let editor: Client;
  /** The last restore: a database its non-superuser owner owns, and its uploads. */
  let lastRestored: { databaseUrl: string; dataDir: string } | undefined;

  const tempDir = (label: string) => {
    const dir = mkdtempSync(join(tmpdir(), `pfn-backup-${label}-`));
    scratch.push(dir);
    return dir;
  };

  beforeAll(async () => {
    [source, target] = await Promise.all([startPostgresCluster(), startPostgresCluster()]);
    sourceDb = setUpAsReadme(source, join(import.meta.dirname, '..'));
    dataDir = tempDir('data');
    backupDir = join(tempDir('backups'), 'backups');
    backend = await startLocalSupabase({
      databaseUrl: sourceDb.ownerUrl,
      apiDatabaseUrl: sourceDb.apiUrl,
      dataDir,
      jwtSecret,
      quiet: true,
      production: { adminEmail: admin.email, adminPassword: admin.password, mailer: null },
    });
    const handler = backend.handler;
    server = createServer((req, res) => void handler(req, res));
    await new Promise<void>((listening) => server!.listen(0, '127.0.0.1', listening));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const client = () => createSupabaseClient(url, backend!.anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
    // An Editor, as the newsroom has them: registered, then given the role by the administrator.
    const administrator = client();
    const signedIn = await administrator.auth.signInWithPassword(admin);
    if (signedIn.error) throw signedIn.error;
    editor = client();
    const registered = await editor.auth.signUp({ email: 'editora@backup.example', password: 'senha-da-editora-de-teste', options: { data: { name: 'Editora' } } });
    if (registered.error || !registered.data.user) throw registered.error ?? new Error('sign-up returned no user');
    await setProfileRole(administrator, registered.data.user.id, 'editor');
    // What the setup's superuser makes once on a new server: the README's roles block (the API roles, authenticator
    // and the site's owner role); each restore then goes into a new database that owner owns.
    setUpAsReadme(target, join(import.meta.dirname, '..'));
    // Two clusters and every migration: as the suites that start a backend allow for a busy machine.
  }, 120_000);

  afterAll(async () => {
    await new Promise((closed) => (server ? server.close(closed) : closed(undefined)));
    await backend?.close();
    source?.stop();
    target?.stop();
    for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
  });

  /** Uploads a picture and saves a story with it, as the panel's form does; returns the story's id. */
  async function saveStoryWithPicture(n: number): Promise<{ id: string; imageUrl: string }> {
    const file = new File([tinyPng], `foto-${n}.png`, { type: 'image/png' });
    const imageUrl = await uploadImage(editor, 'publications', file);
    const saved = await savePublication(editor, story(n, imageUrl));
    return { id: saved.id, imageUrl };
  }

  /** The README's restore block, run as the owner into a new database it owns, from one backup's folder. */
  async function restore(backup: { name: string; path: string }): Promise<{ databaseUrl: string; dataDir: string }> {
    if (!target) throw new Error('setup did not finish');
    const database = `restored_${backup.name.replace(/\W/g, '').toLowerCase()}`;
    await sql(target.url, `create database ${database} owner ${OWNER}`);
    const databaseUrl = withDatabase(target.url, database, OWNER);
    const restoredData = join(tempDir('restored'), 'data');
    const script = readmeBlock('restore').replace(/^BACKUP=.*$/m, `BACKUP=${backup.path}`);
    await runToEnd('bash', ['-euo', 'pipefail', '-c', script], {
      cwd: tmpdir(),
      name: `the README restore of ${backup.name}`,
      env: { PATH: `${target.bindir}:${process.env.PATH ?? ''}`, BACKUP_DIR: backupDir, DATABASE_URL: databaseUrl, LOCAL_SUPABASE_DATA_DIR: restoredData },
    });
    return { databaseUrl, dataDir: restoredData };
  }

  it("restores every story's picture from backups taken while an editor saves stories with pictures, as a database owner that is not a superuser", async () => {
    if (!sourceDb) throw new Error('setup did not finish');
    const before = await saveStoryWithPicture(0);

    // The editor keeps saving; each fourth save replaces an earlier story's picture and removes the old file, as
    // changing a picture and tidying up does: a row deleted while a backup runs must not leave a story without it.
    let editing = true;
    let saves = 0;
    const stories: { id: string; imageUrl: string }[] = [before];
    const editing$ = (async () => {
      for (let n = 1; editing; n += 1) {
        const saved = await saveStoryWithPicture(n);
        stories.push(saved);
        if (n % 4 === 0) {
          const earlier = stories[stories.length - 3]!;
          const file = new File([tinyPng], `troca-${n}.png`, { type: 'image/png' });
          const replacement = await uploadImage(editor, 'publications', file);
          const { error } = await editor.from('publications').update({ image_url: replacement }).eq('id', earlier.id);
          if (error) throw error;
          const removed = await editor.storage.from('publications').remove([objectName(earlier.imageUrl)]);
          if (removed.error) throw removed.error;
          earlier.imageUrl = replacement;
        }
        saves = n;
      }
    })();

    // The daily job's own runs (as the job registry calls them), on three days.
    const backups: { name: string; path: string; counts: Record<string, number> }[] = [];
    try {
      for (let day = 0; day < 3; day += 1) {
        const at = new Date(Date.UTC(2026, 10, 27 + day, 6, 30));
        const job = backupJob({ DATABASE_URL: sourceDb.ownerUrl, LOCAL_SUPABASE_DATA_DIR: dataDir, BACKUP_DIR: backupDir }, { now: () => at });
        const counts = await job.run();
        backups.push({ name: backupName(at), path: join(backupDir, backupName(at)), counts });
        // The next backup starts only once the editor has saved again: every backup overlaps saves.
        const after = saves;
        while (saves === after) await new Promise((tick) => setTimeout(tick, 20));
      }
    } finally {
      editing = false;
      await editing$;
    }

    expect(readdirSync(backupDir).sort()).toEqual(['2026-11-27T063000Z', '2026-11-28T063000Z', '2026-11-29T063000Z']);
    for (const backup of backups) {
      const manifest = JSON.parse(readFileSync(join(backup.path, MANIFEST_FILE), 'utf8')) as { uploads: { files: number } };
      expect(manifest.uploads.files).toBe(backup.counts.files);
      expect(backup.counts.databaseBytes).toBeGreaterThan(0);

      const restored = await restore(backup);
      const files = createFileBlobStore(join(restored.dataDir, 'storage'));
      const rows = await sql<{ id: string; image_url: string | null }>(restored.databaseUrl, 'select id, image_url from public.publications');
      expect(rows.map((row) => row.id)).toContain(before.id);
      const pictures = rows.flatMap((row) => (row.image_url ? [objectName(row.image_url)] : []));
      expect(pictures.length).toBeGreaterThan(0);
      const objects = await sql<{ name: string }>(restored.databaseUrl, "select name from storage.objects where bucket_id = 'publications'");
      const objectNames = new Set(objects.map((object) => object.name));
      for (const name of pictures) {
        expect(objectNames.has(name), `storage row of ${name}`).toBe(true);
        expect(await files.get('publications', name), `file of ${name}`).not.toBeNull();
      }
      // Every stored object's file, not only the stories': the uploads and the database are one instant.
      for (const name of objectNames) expect(await files.get('publications', name), `file of ${name}`).not.toBeNull();
      // The restored owner owns what it restored (--no-owner), so migrations can run as it later.
      const [owner] = await sql<{ owner: string }>(restored.databaseUrl, "select tableowner as owner from pg_tables where tablename = 'publications'");
      expect(owner?.owner).toBe(OWNER);
      lastRestored = restored;
    }
    // The editor's saves overlapped the backups (else this test would prove nothing about them).
    expect(saves).toBeGreaterThan(3);
  }, 240_000);

  it('backs up, as that owner, a database a non-superuser owns, and restores it again', async () => {
    if (!lastRestored) throw new Error('the restore test did not finish');
    const stories = await sql<{ id: string }>(lastRestored.databaseUrl, 'select id from public.publications order by id');
    const backup = await takeBackup({ ...lastRestored, backupDir: join(tempDir('owner-backups'), 'backups') });
    const again = await restore(backup);
    expect(await sql<{ id: string }>(again.databaseUrl, 'select id from public.publications order by id')).toEqual(stories);
    const files = createFileBlobStore(join(again.dataDir, 'storage'));
    const objects = await sql<{ name: string }>(again.databaseUrl, "select name from storage.objects where bucket_id = 'publications'");
    expect(objects.length).toBeGreaterThan(0);
    for (const { name } of objects) expect(await files.get('publications', name), `file of ${name}`).not.toBeNull();
  });

  it('the daily job without BACKUP_DIR fails each run saying, in pt-BR, what to set', async () => {
    if (!sourceDb) throw new Error('setup did not finish');
    const job = backupJob({ DATABASE_URL: sourceDb.ownerUrl, LOCAL_SUPABASE_DATA_DIR: dataDir });
    expect(job.schedule).toEqual({ every: 'day', atHour: 3 });
    expect(job.off).toMatch(/^Cópias de segurança desligadas: defina BACKUP_DIR/);
    await expect(job.run()).rejects.toThrow('Cópias de segurança desligadas: defina BACKUP_DIR');
  });

  it("rotates BACKUP_DIR after a backup: 7 daily and 4 weekly kept, a dead run's left-overs cleared, nothing else touched", async () => {
    if (!sourceDb) throw new Error('setup did not finish');
    const dir = join(tempDir('rotation'), 'backups');
    const DAY_MS = 86_400_000;
    const last = Date.UTC(2026, 11, 5, 6, 30); // Saturday 2026-12-05
    for (let day = 1; day <= 40; day += 1) mkdirSync(join(dir, backupName(new Date(last - day * DAY_MS))), { recursive: true });
    mkdirSync(join(dir, '.partial-2026-12-04T063000Z'));
    const hoursAgo = (hours: number) => new Date(last - hours * 3_600_000);
    utimesSync(join(dir, '.partial-2026-12-04T063000Z'), hoursAgo(24), hoursAgo(24));
    mkdirSync(join(dir, '.partial-2026-12-05T060000Z'));
    utimesSync(join(dir, '.partial-2026-12-05T060000Z'), hoursAgo(0.5), hoursAgo(0.5));
    writeFileSync(join(dir, 'LEIA-ME.txt'), 'cópias do servidor');

    const result = await takeBackup({ databaseUrl: sourceDb.ownerUrl, dataDir, backupDir: dir, now: () => new Date(last) });

    expect(readdirSync(dir).sort()).toEqual([
      // A run that may still be going (half an hour old) is left alone; the day-old one is gone.
      '.partial-2026-12-05T060000Z',
      // Weekly: the Sundays of the 4 weeks before the week of 2026-11-30.
      '2026-11-08T063000Z',
      '2026-11-15T063000Z',
      '2026-11-22T063000Z',
      '2026-11-29T063000Z',
      // Daily: the 7 newest days.
      '2026-11-30T063000Z',
      '2026-12-01T063000Z',
      '2026-12-02T063000Z',
      '2026-12-03T063000Z',
      '2026-12-04T063000Z',
      '2026-12-05T063000Z',
      'LEIA-ME.txt',
    ]);
    // Of the 40 older ones, 9 stay beside the new one.
    expect(result.removed).toHaveLength(40 - 9);
  });

  it('a failed backup leaves no folder behind and the earlier backups as they were', async () => {
    if (!sourceDb) throw new Error('setup did not finish');
    const earlier = readdirSync(backupDir).sort();
    await expect(
      takeBackup({ databaseUrl: sourceDb.ownerUrl, dataDir, backupDir, pgDump: '/bin/false', now: () => new Date(Date.UTC(2026, 10, 30, 6, 30)) }),
    ).rejects.toThrow(/pg_dump failed/);
    expect(readdirSync(backupDir).sort()).toEqual(earlier);
    expect(readdirSync(dataDir).filter((name) => name.startsWith('.backup-'))).toEqual([]);
    expect(existsSync(join(backupDir, '.partial-2026-11-30T063000Z'))).toBe(false);
  });
});
