// The scheduled jobs' record and functions (supabase/migrations/20261130100000_scheduled_jobs.sql, docs/decisions/0042)
// attacked through real supabase-js as an anonymous reader, a pending account, a Repórter, an Editor and the
// administrator: only the hosts' service key writes a run, only administrators read one, and the campaigns' closing is
// nobody's but the service key's. Each refusal is checked against what the database holds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectRefused, ownerCount, permissionDenied, startAttackers, type Attackers, type Client } from './support/attackers.ts';

let attackers: Attackers;
let reporter: Client;
let editor: Client;
let runId = 0;

type Actor = 'anon' | 'pending' | 'reporter' | 'editor' | 'admin';
const clientOf = (actor: Actor): Client =>
  actor === 'reporter' ? reporter : actor === 'editor' ? editor : attackers[actor];

beforeAll(async () => {
  attackers = await startAttackers();
  const rita = await attackers.signUpAt('127.0.43.1', { name: 'Repórter Rita', role: 'admin' });
  const edu = await attackers.signUpAt('127.0.43.2', { name: 'Editor Edu', role: 'admin' });
  await attackers.db.query(`update public.profiles set role = 'reporter' where id = $1`, [rita.id]);
  await attackers.db.query(`update public.profiles set role = 'editor' where id = $1`, [edu.id]);
  reporter = rita.client;
  editor = edu.client;
  // `id` is a bigint: node-postgres reads it as a string, PGlite as a number; the API answers a number on both.
  const { rows } = await attackers.db.query<{ id: number | string }>(
    `insert into public.job_runs (job, started_at, finished_at, outcome, counts, error)
     values ('retention', now() - interval '1 minute', now(), 'falha', '{"media_kit_requests": 0}', 'storage removal answered 500')
     returning id`,
  );
  runId = Number(rows[0]!.id);
});
afterAll(() => attackers?.stop());

const runCount = () => ownerCount(attackers.db, 'select count(*) from public.job_runs');

describe.each(['anon', 'pending', 'reporter', 'editor'] as const)('as %s', (actor) => {
  it('reads no run, not even by naming its columns', async () => {
    const result = await clientOf(actor).from('job_runs').select('id, job, outcome, error, counts');
    if (actor === 'anon') expectRefused(result, permissionDenied('anon'));
    else {
      expect(result.error).toBeNull();
      expect(result.data).toEqual([]);
    }
  });

  it('cannot read the status function (the database size included)', async () => {
    const result = await clientOf(actor).rpc('scheduled_job_status');
    expectRefused(result, permissionDenied(actor === 'anon' ? 'anon' : 'pending'));
  });

  it('cannot record, change or delete a run', async () => {
    const before = await runCount();
    const client = clientOf(actor);
    const insert = await client.from('job_runs').insert({ job: 'retention', started_at: new Date().toISOString(), finished_at: new Date().toISOString(), outcome: 'sucesso' });
    expectRefused(insert, permissionDenied(actor === 'anon' ? 'anon' : 'pending'));
    const update = await client.from('job_runs').update({ outcome: 'sucesso', error: null }).eq('id', runId);
    expectRefused(update, permissionDenied(actor === 'anon' ? 'anon' : 'pending'));
    const remove = await client.from('job_runs').delete().eq('id', runId);
    expectRefused(remove, permissionDenied(actor === 'anon' ? 'anon' : 'pending'));
    expect(await runCount()).toBe(before);
    const { rows } = await attackers.db.query('select outcome, error from public.job_runs where id = $1', [runId]);
    expect(rows).toEqual([{ outcome: 'falha', error: 'storage removal answered 500' }]);
  });

  it("cannot run the campaigns' closing or retention", async () => {
    const client = clientOf(actor);
    expectRefused(await client.rpc('close_ad_campaign_days', { force: true }), permissionDenied(actor === 'anon' ? 'anon' : 'pending'));
    expectRefused(await client.rpc('run_retention', { force: true }), permissionDenied(actor === 'anon' ? 'anon' : 'pending'));
  });
});

describe('as the administrator', () => {
  it('reads every run and the status, and still writes none', async () => {
    const { data, error } = await attackers.admin.from('job_runs').select('id, job, outcome, error').eq('id', runId);
    expect(error).toBeNull();
    expect(data).toEqual([{ id: runId, job: 'retention', outcome: 'falha', error: 'storage removal answered 500' }]);
    const status = await attackers.admin.rpc('scheduled_job_status');
    expect(status.error).toBeNull();
    expect(status.data).toMatchObject({ jobs: { retention: { last_failure: { error: 'storage removal answered 500' } } } });

    const before = await runCount();
    const insert = await attackers.admin.from('job_runs').insert({ job: 'backup', started_at: new Date().toISOString(), finished_at: new Date().toISOString(), outcome: 'sucesso' });
    expectRefused(insert, permissionDenied('admin'));
    // A failure cannot be hidden from the next administrator either.
    expectRefused(await attackers.admin.from('job_runs').delete().eq('id', runId), permissionDenied('admin'));
    expectRefused(await attackers.admin.rpc('close_ad_campaign_days', { force: true }), permissionDenied('admin'));
    expect(await runCount()).toBe(before);
  });
});
