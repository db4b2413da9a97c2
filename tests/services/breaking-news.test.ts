// Breaking news ('Plantão', docs/decisions/0034): an administrator marks a visible story urgent until an end time,
// readers ask which story is urgent now, the mark ends by itself and goes with its story. Through supabase-js against
// the local backend, acting as an anonymous reader, a pending account and an administrator; the database's clock
// (private.clock_now) is set by the database owner, as only it can.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { endUrgent, getUrgentStory, markUrgent } from '../../src/services/breaking-news-admin.ts';
import { getCurrentBreakingNews } from '../../src/services/breaking-news.ts';
import { ServiceError } from '../../src/services/errors.ts';
import { deletePublication, savePublication, setPublicationPublished, type PublicationInput } from '../../src/services/publication-admin.ts';
import { createSupabaseClient, type Client } from '../../src/services/client.ts';
import { resetDatabaseClock, setDatabaseClock } from '../support/database-clock.ts';
import { buildPublicationInput } from '../support/row-factories.ts';
import { startTestBackend, type TestBackend, type TestUser } from '../support/test-backend.ts';

let backend: TestBackend;
let admin: TestUser;
let pending: TestUser;
let anon: Client;
beforeAll(async () => {
  backend = await startTestBackend();
  admin = await backend.admin();
  pending = await backend.newUser('Conta Pendente');
  anon = createSupabaseClient(backend.url, backend.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false, storageKey: 'breaking-news-anon' },
  });
});
afterAll(() => backend.stop());
afterEach(async () => {
  await resetDatabaseClock(backend.db);
  await backend.db.query('update public.publications set urgent_until = null where urgent_until is not null');
});

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const NOW = new Date('2030-03-10T14:00:00.000Z'); // 11:00 in São Paulo
const at = (offset: number) => new Date(NOW.getTime() + offset).toISOString();

async function story(overrides: Partial<PublicationInput> = {}): Promise<string> {
  const saved = await savePublication(admin.client, buildPublicationInput({ title: 'Temporal derruba árvores no centro', published: true, ...overrides }));
  return saved.id;
}

async function urgentUntilOf(id: string): Promise<string | null> {
  const { rows } = await backend.db.query<{ urgent_until: Date | null }>('select urgent_until from public.publications where id = $1', [id]);
  return rows[0]?.urgent_until?.toISOString() ?? null;
}

async function refusal(promise: Promise<unknown>): Promise<string | undefined> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ServiceError);
  return (error as ServiceError).code;
}

describe('marking a story urgent', () => {
  it('readers of every kind see the marked story until its end, and then no longer', async () => {
    await setDatabaseClock(backend.db, NOW);
    const id = await story();
    await markUrgent(admin.client, id, at(2 * HOUR));
    for (const client of [anon, pending.client, admin.client]) {
      expect(await getCurrentBreakingNews(client)).toEqual({ id, title: 'Temporal derruba árvores no centro', urgentUntil: at(2 * HOUR) });
    }
    await setDatabaseClock(backend.db, new Date(NOW.getTime() + 2 * HOUR));
    expect(await getCurrentBreakingNews(anon)).toBeNull();
    // The newsroom still sees which story carried the mark.
    expect(await getUrgentStory(admin.client)).toMatchObject({ id });
  });

  it('a new mark replaces the current one: one urgent story at a time', async () => {
    await setDatabaseClock(backend.db, NOW);
    const first = await story({ title: 'Primeira' });
    const second = await story({ title: 'Segunda' });
    await markUrgent(admin.client, first, at(HOUR));
    await markUrgent(admin.client, second, at(3 * HOUR));
    expect(await getCurrentBreakingNews(anon)).toMatchObject({ id: second, title: 'Segunda' });
    expect(await urgentUntilOf(first)).toBeNull();
  });

  it('is refused for a draft, a scheduled story, an end already past and an end more than 24 hours ahead', async () => {
    await setDatabaseClock(backend.db, NOW);
    const draft = await story({ published: false });
    const scheduled = await story({ publish_at: at(HOUR) });
    const live = await story();
    expect(await refusal(markUrgent(admin.client, draft, at(HOUR)))).toBe('urgent_not_visible');
    expect(await refusal(markUrgent(admin.client, scheduled, at(2 * HOUR)))).toBe('urgent_not_visible');
    expect(await refusal(markUrgent(admin.client, live, at(-MINUTE)))).toBe('urgent_until_past');
    expect(await refusal(markUrgent(admin.client, live, at(24 * HOUR + MINUTE)))).toBe('urgent_until_too_far');
    // 24 hours exactly is allowed.
    await markUrgent(admin.client, live, at(24 * HOUR));
    expect(await urgentUntilOf(live)).toBe(at(24 * HOUR));
    expect(await urgentUntilOf(draft)).toBeNull();
  });

  it('is refused to anonymous readers and pending accounts, and leaves the story as it was', async () => {
    await setDatabaseClock(backend.db, NOW);
    const id = await story();
    const anonMark = await anon.from('publications').update({ urgent_until: at(HOUR) }).eq('id', id);
    expect(anonMark.error?.code).toBe('42501');
    expect(await refusal(markUrgent(pending.client, id, at(HOUR)))).toBe('not_changed');
    expect(await urgentUntilOf(id)).toBeNull();
    expect(await getCurrentBreakingNews(anon)).toBeNull();
  });

  it('a pending account cannot end the running breaking news either', async () => {
    await setDatabaseClock(backend.db, NOW);
    const id = await story();
    await markUrgent(admin.client, id, at(HOUR));
    await endUrgent(pending.client, id);
    expect(await urgentUntilOf(id)).toBe(at(HOUR));
  });
});

describe('the banner goes', () => {
  it("when the editor ends it early ('Encerrar plantão')", async () => {
    await setDatabaseClock(backend.db, NOW);
    const id = await story();
    await markUrgent(admin.client, id, at(HOUR));
    await endUrgent(admin.client, id);
    expect(await getCurrentBreakingNews(anon)).toBeNull();
    expect(await getUrgentStory(admin.client)).toBeNull();
  });

  it('when the story is unpublished, or saved as a draft or scheduled, without the change being refused', async () => {
    await setDatabaseClock(backend.db, NOW);
    const unpublished = await story();
    await markUrgent(admin.client, unpublished, at(HOUR));
    await setPublicationPublished(admin.client, unpublished, false);
    expect(await urgentUntilOf(unpublished)).toBeNull();

    const rescheduled = await story();
    await markUrgent(admin.client, rescheduled, at(HOUR));
    await savePublication(admin.client, buildPublicationInput({ title: 'Reagendada', published: true, publish_at: at(5 * HOUR) }), rescheduled);
    expect(await urgentUntilOf(rescheduled)).toBeNull();
    expect(await getCurrentBreakingNews(anon)).toBeNull();
  });

  it('when the story is deleted', async () => {
    await setDatabaseClock(backend.db, NOW);
    const id = await story();
    await markUrgent(admin.client, id, at(HOUR));
    await deletePublication(admin.client, id);
    expect(await getCurrentBreakingNews(anon)).toBeNull();
  });

  it('an edit of the urgent story keeps the mark', async () => {
    await setDatabaseClock(backend.db, NOW);
    const id = await story();
    await markUrgent(admin.client, id, at(HOUR));
    // A live story's new title goes with a minor edit (decision 0038).
    const revision = { kind: 'minor_edit', note: '' } as const;
    await savePublication(admin.client, buildPublicationInput({ title: 'Temporal: prefeitura decreta emergência', published: true, revision }), id);
    expect(await getCurrentBreakingNews(anon)).toMatchObject({ id, title: 'Temporal: prefeitura decreta emergência' });
  });
});

describe("the readers' query", () => {
  it('can be served by the partial index, which holds one row at most', async () => {
    // The seeded table is small enough for a sequential scan to win: turned off, the plan shows the index serves it.
    await backend.db.query('set enable_seqscan = off');
    try {
      const plan = await backend.db.query<{ 'QUERY PLAN': string }>(
        // The body of public.current_breaking_news() (a function with its own search_path is never inlined).
        'explain select p.id, p.title, p.urgent_until from public.publications p where p.urgent_until is not null and p.urgent_until > private.clock_now() limit 1',
      );
      expect(plan.rows.map((row) => row['QUERY PLAN']).join('\n')).toContain('publications_one_urgent_idx');
    } finally {
      await backend.db.query('reset enable_seqscan');
    }
  });
});
