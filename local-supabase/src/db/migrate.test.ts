import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './database.ts';
import { applyMigrations, parseMigrationFileName } from './migrate.ts';

// A tiny project tree per test: base scripts, migrations and a seed that record the order they ran in.
let root: string;
let db: Database;

async function writeProjectFile(path: string, text: string): Promise<void> {
  const full = join(root, path);
  await mkdir(join(full, '..'), { recursive: true });
  await writeFile(full, text);
}

async function ranSteps(): Promise<string[]> {
  const result = await db.query<{ step: string }>('select step from public.steps order by n');
  return result.rows.map((row) => row.step);
}

describe('parseMigrationFileName', () => {
  it.each([
    ['20261001090100_topics.sql', { version: '20261001090100', name: 'topics' }],
    ['20261001090000_profiles_and_admin_role.sql', { version: '20261001090000', name: 'profiles_and_admin_role' }],
    ['topics.sql', null],
    ['2026_topics.txt', null],
  ])('%s', (fileName, expected) => {
    expect(parseMigrationFileName(fileName)).toEqual(expected);
  });
});

describe('applyMigrations', () => {
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'pf-migrate-'));
    db = await openDatabase();
    await writeProjectFile(
      'local-supabase/sql/bootstrap.sql',
      `create table if not exists public.steps (n serial primary key, step text not null);
       insert into public.steps (step) values ('bootstrap');`,
    );
    await writeProjectFile('local-supabase/sql/auth-local.sql', `insert into public.steps (step) values ('auth-local');`);
    await writeProjectFile(
      'supabase/migrations/20260101000000_topics.sql',
      `create table public.topics (id serial primary key, name text not null);
       create table public.publications (id serial primary key, title text not null);
       insert into public.steps (step) values ('topics');`,
    );
    await writeProjectFile(
      'supabase/migrations/20260102000000_notes.sql',
      `create table public.notes (id serial primary key);
       insert into public.steps (step) values ('notes');`,
    );
    await writeProjectFile(
      'supabase/seed.sql',
      `insert into public.publications (title) values ('Notícia de demonstração');
       insert into public.steps (step) values ('seed');`,
    );
  }, 60_000);

  afterEach(async () => {
    await db.close();
    await rm(root, { recursive: true, force: true });
  });

  it('runs bootstrap.sql first, the other base scripts by name, then migrations in order, then the seed', async () => {
    const result = await applyMigrations(db, { root });
    expect(result).toEqual({ applied: ['20260101000000', '20260102000000'], seeded: true });
    expect(await ranSteps()).toEqual(['bootstrap', 'auth-local', 'topics', 'notes', 'seed']);
  });

  it('runs base scripts every time but migrations and the seed only once', async () => {
    await applyMigrations(db, { root });
    expect(await applyMigrations(db, { root })).toEqual({ applied: [], seeded: false });
    expect(await ranSteps()).toEqual(['bootstrap', 'auth-local', 'topics', 'notes', 'seed', 'bootstrap', 'auth-local']);
  });

  it('applies a migration added later, and records it', async () => {
    await applyMigrations(db, { root, seed: false });
    await writeProjectFile('supabase/migrations/20260103000000_jobs.sql', `insert into public.steps (step) values ('jobs');`);
    expect(await applyMigrations(db, { root, seed: false })).toEqual({ applied: ['20260103000000'], seeded: false });
    const recorded = await db.query<{ version: string; name: string }>(
      'select version, name from supabase_migrations.schema_migrations order by version',
    );
    expect(recorded.rows).toEqual([
      { version: '20260101000000', name: 'topics' },
      { version: '20260102000000', name: 'notes' },
      { version: '20260103000000', name: 'jobs' },
    ]);
  });

  it('rolls a failing migration back whole, records nothing for it, and names the file', async () => {
    await writeProjectFile(
      'supabase/migrations/20260103000000_broken.sql',
      `insert into public.steps (step) values ('broken'); select * from no_such_table;`,
    );
    await expect(applyMigrations(db, { root })).rejects.toThrow(/20260103000000_broken\.sql/);
    expect(await ranSteps()).toEqual(['bootstrap', 'auth-local', 'topics', 'notes']);
    const recorded = await db.query('select version from supabase_migrations.schema_migrations');
    expect(recorded.rows).toHaveLength(2);
  });

  it('refuses a migration file without a timestamp', async () => {
    await writeProjectFile('supabase/migrations/extra.sql', 'select 1;');
    await expect(applyMigrations(db, { root })).rejects.toThrow(/extra\.sql/);
  });

  it('does not seed a database migrated before, with content or empty (a production database a dev server opens)', async () => {
    await applyMigrations(db, { root, seed: false });
    expect((await applyMigrations(db, { root })).seeded).toBe(false);
    await db.query(`insert into public.publications (title) values ('Criada à mão')`);
    expect((await applyMigrations(db, { root })).seeded).toBe(false);
    expect(await ranSteps()).not.toContain('seed');
  });

  it("seeds a database it creates, whose only rows are the migrations' topics", async () => {
    await writeProjectFile('supabase/migrations/20260104000000_topics_row.sql', `insert into public.topics (name) values ('Porto Ferreira');`);
    expect((await applyMigrations(db, { root })).seeded).toBe(true);
    expect(await ranSteps()).toContain('seed');
  });

  it('defaults to this repository: the real migrations apply', async () => {
    const result = await applyMigrations(db, { seed: false });
    expect(result.applied.length).toBeGreaterThanOrEqual(8);
    const tables = await db.query<{ name: string }>(
      `select table_name::text as name from information_schema.tables where table_schema = 'public' order by 1`,
    );
    expect(tables.rows.map((row) => row.name)).toEqual(
      expect.arrayContaining(['jobs', 'media_kit_requests', 'obituaries', 'profiles', 'publications', 'topics']),
    );
  });
});
