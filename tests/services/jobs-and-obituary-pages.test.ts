import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getPublishedJob, listOpenJobs } from '../../src/services/job-board.ts';
import { listPublishedJobs } from '../../src/services/jobs.ts';
import { ServiceError } from '../../src/services/errors.ts';
import { getJob, saveJob } from '../../src/services/job-admin.ts';
import { getPublishedObituary } from '../../src/services/obituary-notice.ts';
import { listRelatedStories } from '../../src/services/related-stories.ts';
import { seed } from '../support/seed.ts';
import { startTestBackend, type TestBackend } from '../support/test-backend.ts';

// docs/product.md §7b, §7c and §19.1: expired jobs leave the readers' view by São Paulo's calendar (the read
// policy), the /vagas paging, an obituary's own page and 'Leia também', through supabase-js against the local backend.

let backend: TestBackend;
beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend.stop());

async function insertJob(title: string, expiresAt: string, createdAt = 'now()'): Promise<string> {
  const { rows } = await backend.db.query<{ id: string }>(
    `insert into public.jobs (title, company, location, published, expires_at, created_at)
     values ($1, 'Empresa Teste', 'Centro', true, ${expiresAt}, ${createdAt}) returning id`,
    [title],
  );
  return rows[0]!.id;
}

describe('job expiry, by São Paulo’s calendar', () => {
  it('São Paulo’s date is the day it is there, not in UTC, late in the evening and just after midnight', async () => {
    const { rows } = await backend.db.query<{ late: string; early: string; noon: string }>(
      `select private.sao_paulo_date('2026-11-24T02:30:00Z')::text as late,
              private.sao_paulo_date('2026-11-24T03:00:00Z')::text as early,
              private.sao_paulo_date('2026-11-23T15:00:00Z')::text as noon`,
    );
    // 23:30 in São Paulo on the 23rd is already the 24th in UTC.
    expect(rows[0]).toEqual({ late: '2026-11-23', early: '2026-11-24', noon: '2026-11-23' });
  });

  it('an anonymous reader sees a job expiring today and none that expired yesterday; an administrator sees both', async () => {
    const today = await insertJob('Vaga que vence hoje', 'private.sao_paulo_date(now())');
    const yesterday = await insertJob('Vaga que venceu ontem', 'private.sao_paulo_date(now()) - 1');

    const anon = backend.anon();
    await expect(getPublishedJob(anon, today)).resolves.toMatchObject({ id: today });
    await expect(getPublishedJob(anon, yesterday)).resolves.toBeNull();
    const home = (await listPublishedJobs(anon, 50)).map((job) => job.id);
    expect(home).toContain(today);
    expect(home).not.toContain(yesterday);
    const page = (await listOpenJobs(anon, { pageSize: 50 })).items.map((job) => job.id);
    expect(page).toContain(today);
    expect(page).not.toContain(yesterday);

    const admin = await backend.admin();
    await expect(getJob(admin.client, yesterday)).resolves.toMatchObject({ id: yesterday });
    await expect(getJob(admin.client, today)).resolves.toMatchObject({ id: today });
  });

  it('a signed-in account that is not an administrator sees no expired job either', async () => {
    const expired = await insertJob('Vencida para contas pendentes', 'private.sao_paulo_date(now()) - 3');
    const pending = await backend.newUser();
    await expect(getPublishedJob(pending.client, expired)).resolves.toBeNull();
  });
});

/** A published job of the seed (supabase/seed.sql). */
const PUBLISHED_JOB = '44444444-4444-4444-8444-000000000001';

describe('how to apply for a job', () => {
  const job = { title: 'Recepcionista', company: 'Clínica Central', contract_type: 'CLT' as const, location: 'Centro' };

  it('an anonymous reader reads it on a published job, on its page and in the lists, line breaks kept', async () => {
    const admin = await backend.admin();
    const howToApply = 'Currículos para rh@clinica.com.br\nou https://clinica.com.br/vagas';
    const saved = await saveJob(admin.client, { ...job, published: true, how_to_apply: howToApply });
    expect(saved.how_to_apply).toBe(howToApply);

    const anon = backend.anon();
    await expect(getPublishedJob(anon, saved.id)).resolves.toMatchObject({ id: saved.id, how_to_apply: howToApply });
    const listed = (await listOpenJobs(anon, { pageSize: 50 })).items.find((row) => row.id === saved.id);
    expect(listed?.how_to_apply).toBe(howToApply);
    // A job saved without it reads as null (the page's generic text).
    const plain = await saveJob(admin.client, { ...job, title: 'Sem instruções', published: true });
    await expect(getPublishedJob(anon, plain.id)).resolves.toMatchObject({ how_to_apply: null });
  });

  it('the column refuses more than 1000 characters, for an administrator too; exactly 1000 is stored', async () => {
    const admin = await backend.admin();
    const error = await saveJob(admin.client, { ...job, how_to_apply: 'a'.repeat(1001) }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as ServiceError).code).toBe('23514');

    const saved = await saveJob(admin.client, { ...job, how_to_apply: 'ç'.repeat(1000) });
    expect(saved.how_to_apply).toHaveLength(1000);
    const updated = await saveJob(admin.client, { ...job, how_to_apply: 'b'.repeat(1001) }, saved.id).catch((e: unknown) => e);
    expect((updated as ServiceError).code).toBe('23514');
    await expect(getJob(admin.client, saved.id)).resolves.toMatchObject({ how_to_apply: 'ç'.repeat(1000) });
  });

  it('only an administrator writes it: an anonymous reader and a pending account are refused', async () => {
    const anon = await backend.anon().from('jobs').update({ how_to_apply: 'golpe@example.com' }).eq('id', PUBLISHED_JOB).select('id');
    expect(anon.data ?? []).toEqual([]);
    const pending = await backend.newUser();
    const write = await pending.client.from('jobs').update({ how_to_apply: 'golpe@example.com' }).eq('published', true).select('id');
    expect(write.data ?? []).toEqual([]);
    const { rows } = await backend.db.query<{ n: number }>(`select count(*)::int as n from public.jobs where how_to_apply = 'golpe@example.com'`);
    expect(rows[0]?.n).toBe(0);
  });
});

describe('the /vagas paging', () => {
  it('walks every open job newest first, a page at a time, without repeating or losing one', async () => {
    const created = [];
    for (let index = 0; index < 7; index += 1) {
      // Two jobs share one instant: the id breaks the tie.
      const at = index === 3 ? `now() + interval '1 day' + interval '3 minutes'` : `now() + interval '1 day' + interval '${index} minutes'`;
      created.push(await insertJob(`Vaga paginada ${index}`, 'null', at));
    }
    const anon = backend.anon();
    const seen: string[] = [];
    let page = await listOpenJobs(anon, { pageSize: 3 });
    seen.push(...page.items.map((job) => job.id));
    while (page.next) {
      page = await listOpenJobs(anon, { pageSize: 3, after: page.next });
      expect(page.items.length).toBeLessThanOrEqual(3);
      seen.push(...page.items.map((job) => job.id));
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(expect.arrayContaining(created));
    // The newest first: the seven made a day ahead open the list.
    expect(new Set(seen.slice(0, 7))).toEqual(new Set(created));
    expect(seen).toContain('44444444-4444-4444-8444-000000000001');
    expect(seen).not.toContain('44444444-4444-4444-8444-000000000004');
  });
});

describe('an obituary’s own page', () => {
  it('finds a published obituary by id; a draft, an unknown or a malformed id is null', async () => {
    const anon = backend.anon();
    await expect(getPublishedObituary(anon, seed.obituaries.published)).resolves.toMatchObject({ id: seed.obituaries.published });
    await expect(getPublishedObituary(anon, seed.obituaries.draft)).resolves.toBeNull();
    await expect(getPublishedObituary(anon, '00000000-0000-4000-8000-000000000000')).resolves.toBeNull();
    await expect(getPublishedObituary(anon, 'nao-e-uuid')).resolves.toBeNull();
  });
});

describe('Leia também', () => {
  it('gives three other published stories of the topic, newest first, never the story itself nor a draft', async () => {
    const rows = await listRelatedStories(backend.anon(), { topicId: seed.topics.local, excludeId: seed.publications.publishedLocal });
    expect(rows).toHaveLength(3);
    expect(rows.map((row) => row.id)).not.toContain(seed.publications.publishedLocal);
    expect(rows.every((row) => row.topics?.slug === 'local')).toBe(true);
    const dates = rows.map((row) => Date.parse(row.published_at ?? ''));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect(rows.map((row) => row.id)).not.toContain(seed.publications.draft);
  });

  it('is empty for a topic with no other story', async () => {
    const { rows } = await backend.db.query<{ id: string }>(
      `insert into public.topics (name, slug) values ('Tópico solitário', 'topico-solitario') returning id`,
    );
    const topicId = rows[0]!.id;
    const { rows: story } = await backend.db.query<{ id: string }>(
      `insert into public.publications (title, topic_id, published, published_at) values ('Única', $1, true, now()) returning id`,
      [topicId],
    );
    await expect(listRelatedStories(backend.anon(), { topicId, excludeId: story[0]!.id })).resolves.toEqual([]);
  });
});
