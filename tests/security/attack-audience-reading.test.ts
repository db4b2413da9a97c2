// The audience's reading side (supabase/migrations/20261130140000_audience_reading.sql, docs/decisions/0053)
// attacked through real supabase-js as an anonymous reader, a pending account, a Repórter, an Editor and the
// administrator: only Administradores and Editores read the figures (the daily tables, every reading function,
// 'readers now' and the digest's sends), nobody but the hosts' service key runs the weekly summary, the reader marks
// and the salts stay unreachable, and each account chooses the weekly summary for itself alone. The writing side
// (the beacon) is tests/security/attack-audience.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAudience, type AudienceFixture } from '../support/audience-fixtures.ts';
import { expectRefused, ownerCount, permissionDenied, startAttackers, type Attackers, type Client } from './support/attackers.ts';

let attackers: Attackers;
let reporter: Client;
let editor: Client;
let reporterId = '';
let editorId = '';
let fixture: AudienceFixture;

type Actor = 'anon' | 'pending' | 'reporter' | 'editor' | 'admin';
const clientOf = (actor: Actor): Client => (actor === 'reporter' ? reporter : actor === 'editor' ? editor : attackers[actor]);

beforeAll(async () => {
  attackers = await startAttackers();
  const rita = await attackers.signUpAt('127.0.44.1', { name: 'Repórter Rita', role: 'admin' });
  const edu = await attackers.signUpAt('127.0.44.2', { name: 'Editor Edu', role: 'admin' });
  await attackers.db.query(`update public.profiles set role = 'reporter' where id = $1`, [rita.id]);
  await attackers.db.query(`update public.profiles set role = 'editor' where id = $1`, [edu.id]);
  reporter = rita.client;
  editor = edu.client;
  reporterId = rita.id;
  editorId = edu.id;
  fixture = await seedAudience(attackers.db, { authorId: edu.id });
});
afterAll(() => attackers?.stop());

/** Every reading function with arguments a screen would send. */
const READINGS: [string, Record<string, unknown>][] = [
  ['audience_readers_now', {}],
  ['audience_totals', { days: 7 }],
  ['audience_top_stories', { days: 30, max_count: 20 }],
  ['audience_topics', { days: 30 }],
  ['audience_authors', { days: 30 }],
  ['audience_sources_by_day', { days: 30 }],
  ['audience_digest', { days: 30 }],
  ['audience_vitals', { days: 30 }],
];

const TABLES = ['audience_days', 'audience_page_readers', 'audience_vitals_days', 'newsletter_unsubscribe_days'];

describe.each(['anon', 'pending', 'reporter'] as const)('as %s', (actor) => {
  const refusal = () => permissionDenied(actor === 'anon' ? 'anon' : 'pending');

  it.each(READINGS)('is refused %s', async (fn, args) => {
    expectRefused(await clientOf(actor).rpc(fn, args), refusal());
  });

  it("is refused a story's figures and the story list's", async () => {
    expectRefused(await clientOf(actor).rpc('audience_story', { story: fixture.lead.id, days: 30 }), refusal());
    expectRefused(await clientOf(actor).rpc('audience_story_list', { stories: [fixture.lead.id] }), refusal());
  });

  it.each(TABLES)('reads no row of %s', async (table) => {
    const result = await clientOf(actor).from(table).select('*');
    if (actor === 'anon') expectRefused(result, permissionDenied('anon'));
    else {
      expect(result.error).toBeNull();
      expect(result.data).toEqual([]);
    }
  });

  it('cannot ask for the weekly summary, nor for someone else', async () => {
    const own = actor === 'reporter' ? reporterId : actor === 'pending' ? attackers.pendingId : editorId;
    const result = await clientOf(actor).from('audience_summary_subscriptions').insert({ profile_id: own });
    expectRefused(result, permissionDenied(actor === 'anon' ? 'anon' : 'pending'));
    expect(await ownerCount(attackers.db, 'select count(*) from public.audience_summary_subscriptions where profile_id = $1', [own])).toBe(0);
  });
});

describe.each(['editor', 'admin'] as const)('as %s', (actor) => {
  it.each(READINGS)('reads %s', async (fn, args) => {
    const result = await clientOf(actor).rpc(fn, args);
    expect(result.error).toBeNull();
  });

  it('reads the figures the fixture holds', async () => {
    const { data } = await clientOf(actor).rpc('audience_readers_now');
    expect(data).toBe(2);
    const story = await clientOf(actor).rpc('audience_story', { story: fixture.lead.id, days: 30 });
    expect(story.error).toBeNull();
    expect(story.data).toMatchObject([{ views: 90 }]);
  });

  it('cannot change or remove a figure', async () => {
    const client = clientOf(actor);
    const before = await ownerCount(attackers.db, 'select coalesce(sum(views), 0) from public.audience_days');
    const update = await client.from('audience_days').update({ views: 1_000_000 }).eq('publication_id', fixture.lead.id);
    expectRefused(update, permissionDenied('admin'));
    const remove = await client.from('audience_days').delete().eq('publication_id', fixture.lead.id);
    expectRefused(remove, permissionDenied('admin'));
    const insert = await client.from('audience_page_readers').insert({ day: '2026-01-01', path: '/x', readers: 9 });
    expectRefused(insert, permissionDenied('admin'));
    const unsubscribes = await client.from('newsletter_unsubscribe_days').insert({ day: '2026-01-01', unsubscribes: 9 });
    expectRefused(unsubscribes, permissionDenied('admin'));
    expect(await ownerCount(attackers.db, 'select coalesce(sum(views), 0) from public.audience_days')).toBe(before);
  });

  it('bounds what a caller may ask for: no other period, no more than 100 stories', async () => {
    const client = clientOf(actor);
    expectRefused(await client.rpc('audience_totals', { days: 3650 }), { status: 400, code: '22023' });
    const many = Array.from({ length: 101 }, () => fixture.lead.id);
    expectRefused(await client.rpc('audience_story_list', { stories: many }), { status: 400, code: '22023' });
  });
});

describe.each(['anon', 'pending', 'reporter', 'editor', 'admin'] as const)('as %s, the private parts', (actor) => {
  it('cannot run the weekly summary (the hosts’ service key only)', async () => {
    const result = await clientOf(actor).rpc('audience_weekly_summary', { force: true });
    expect(result.error).not.toBeNull();
    expect([401, 403, 404]).toContain(result.status);
  });

  it('cannot reach the reader marks or the salts', async () => {
    for (const table of ['audience_marks', 'audience_salts']) {
      const result = await clientOf(actor).from(table).select('*');
      expect(result.error).not.toBeNull();
    }
  });
});

describe('the weekly summary choice', () => {
  it("is each editor's own: another's row is neither seen, added nor removed", async () => {
    const admin = clientOf('admin');
    expect((await admin.from('audience_summary_subscriptions').insert({ profile_id: attackers.adminId })).error).toBeNull();
    const forOther = await editor.from('audience_summary_subscriptions').insert({ profile_id: attackers.adminId });
    expectRefused(forOther, permissionDenied('pending'));
    const seen = await editor.from('audience_summary_subscriptions').select('profile_id');
    expect(seen.data).toEqual([]);
    await editor.from('audience_summary_subscriptions').delete().eq('profile_id', attackers.adminId);
    expect(await ownerCount(attackers.db, 'select count(*) from public.audience_summary_subscriptions where profile_id = $1', [attackers.adminId])).toBe(1);
    const changed = await admin.from('audience_summary_subscriptions').update({ profile_id: editorId }).eq('profile_id', attackers.adminId);
    expectRefused(changed, permissionDenied('admin'));
  });
});
