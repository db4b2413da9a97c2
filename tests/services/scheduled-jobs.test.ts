// The scheduled jobs (docs/decisions/0042) on the real local backend, through real supabase-js over HTTP: a host
// without mail runs retention (it deletes what is due) and records it, the mail jobs are off with the reason, the
// campaigns' daily closing, the record's bounds, and what an administrator reads of it (and nobody else does).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalSupabase } from '../../local-supabase/src/server.ts';
import { localSite } from '../../server/local-edge.ts';
import { edgeConfigFrom } from '../../edge/edge-config.ts';
import { hostJobs, NO_MAIL_REASON } from '../../edge/jobs/host-jobs.ts';
import { JobFailure, type ScheduledJob } from '../../edge/jobs/registry.ts';
import { newsletterFor } from '../../edge/newsletter/newsletter.ts';
import { serviceRoleKeyFor } from '../../local-supabase/src/jwt.ts';
import { failingJobs, readJobStatus } from '../../src/services/scheduled-jobs.ts';
import { loadSystemReport, runJobNow } from '../../src/services/system-report.ts';
import { createEdgeHandler } from '../../edge/handler.ts';
import { startTestBackend, uniqueEmail, type TestBackend, type TestUser } from '../support/test-backend.ts';

const ORIGIN = 'https://portoferreiranoticias.com.br';
const CREATIVE = '/storage/v1/object/public/ads/2026/lateral.webp';

let backend: TestBackend;
let admin: TestUser;
let serviceRoleKey = '';

beforeAll(async () => {
  backend = await startTestBackend();
  admin = await backend.admin();
  serviceRoleKey = await serviceRoleKeyFor(backend.jwtSecret);
});
afterAll(() => backend?.stop());

/** A host as npm start builds it without SMTP_HOST: the service key, no mailer (server/local-edge.ts). */
function hostWithoutMail(extraJobs: ScheduledJob[] = []) {
  const config = edgeConfigFrom({ VITE_LOCAL_SUPABASE_ANON_KEY: backend.anonKey, SITE_URL: ORIGIN }, backend.url);
  const fetcher: typeof fetch = (input, init) => fetch(input, init);
  const newsletter = newsletterFor(config, fetcher, null, serviceRoleKey);
  const jobs = hostJobs({
    config,
    fetch: fetcher,
    newsletter,
    serviceRoleKey,
    oneMachine: true,
    system: { backend: 'embedded', version: '9.9.9', commit: 'abc1234', uploadsBytes: () => Promise.resolve(2048) },
    extraJobs,
  });
  const handler = createEdgeHandler(config, { readHtml: () => Promise.resolve(null), fetch: fetcher }, { newsletter, system: jobs.systemApi });
  /** The site's /api/* through the handler, as the browser's fetch reaches it. */
  const siteFetch = async (path: string, init?: RequestInit): Promise<Response> =>
    (await handler(new Request(new URL(path, ORIGIN), init))) ?? new Response(null, { status: 404 });
  return { ...jobs, siteFetch };
}

async function runsOf(job: string) {
  const { rows } = await backend.db.query<{ outcome: string; counts: Record<string, number>; error: string | null }>(
    'select outcome, counts, error from public.job_runs where job = $1 order by started_at, id',
    [job],
  );
  return rows;
}

describe('a host without mail', () => {
  it('runs retention on its schedule: what is due is deleted, and the run is recorded', async () => {
    const gone = uniqueEmail('midia-kit-antigo');
    const kept = uniqueEmail('midia-kit-recente');
    await backend.db.query(
      `insert into public.media_kit_requests (name, company, email, phone, handled_at) values
         ('Antigo', 'Loja', $1, '19 0000-0000', now() - interval '2 years'),
         ('Recente', 'Loja', $2, '19 0000-0000', now() - interval '1 day')`,
      [gone, kept],
    );
    const { runner } = hostWithoutMail();
    const results = await runner.tick(ORIGIN);

    expect(results.find((result) => result.job === 'retention')).toMatchObject({ outcome: 'sucesso', counts: { media_kit_requests: 1 } });
    const { rows } = await backend.db.query<{ email: string }>('select email from public.media_kit_requests where email in ($1, $2)', [gone, kept]);
    expect(rows.map((row) => row.email)).toEqual([kept]);
    const recorded = await runsOf('retention');
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ outcome: 'sucesso', error: null, counts: { media_kit_requests: 1 } });

    // The mail jobs are off here, with the reason, and never recorded as failures.
    const mailJobs = runner.jobs.filter((job) => job.needs.includes('mail'));
    expect(mailJobs.map((job) => [job.name, job.disabled])).toEqual([
      ['newsletter_confirmations', NO_MAIL_REASON],
      ['newsletter_digest', NO_MAIL_REASON],
      ['audience_weekly_summary', NO_MAIL_REASON],
      ['support_mail', NO_MAIL_REASON],
    ]);
    expect(await runsOf('newsletter_confirmations')).toEqual([]);
    expect(results.map((result) => result.job)).not.toContain('newsletter_digest');

    // The next minute: retention has run this hour, so it is not due and nothing more is recorded.
    const again = await runner.tick(ORIGIN);
    expect(again.map((result) => result.job)).not.toContain('retention');
    expect(await runsOf('retention')).toHaveLength(1);
  });
});

describe("npm start's embedded backend without SMTP_HOST", () => {
  // As server/production-server.ts starts it when SMTP_HOST is not set: production, no mailer. Started before the
  // test, as every backend of this suite is: its migrations are not what the test measures.
  let local: Awaited<ReturnType<typeof startLocalSupabase>>;
  const dataDir = mkdtempSync(join(tmpdir(), 'jobs-sem-smtp-'));
  beforeAll(async () => {
    local = await startLocalSupabase({
      dataDir,
      jwtSecret: 'segredo-de-producao-com-mais-de-32-caracteres',
      quiet: true,
      siteUrl: ORIGIN,
      production: { adminEmail: 'redacao@example.com', adminPassword: 'senha-longa-de-producao', mailer: null },
    });
  });
  afterAll(async () => {
    await local?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('ticks the jobs of the site npm start builds: retention deletes what is due and is recorded, the mail jobs are off', async () => {
    const gone = uniqueEmail('midia-kit-vencido');
    await local.db.query(
      `insert into public.media_kit_requests (name, company, email, phone, handled_at) values ('Antigo', 'Loja', $1, '19 0000-0000', now() - interval '13 months')`,
      [gone],
    );
    const site = await localSite({ SITE_URL: ORIGIN }, local, () => Promise.resolve(null));
    expect(site.newsletter.mailReady).toBe(false);
    const results = await site.jobs.tick(ORIGIN);
    expect(results.find((result) => result.job === 'retention')).toMatchObject({ outcome: 'sucesso', counts: { media_kit_requests: 1 } });
    const { rows: left } = await local.db.query('select 1 from public.media_kit_requests where email = $1', [gone]);
    expect(left).toEqual([]);
    const { rows: recorded } = await local.db.query<{ job: string; outcome: string }>('select job, outcome from public.job_runs order by job');
    expect(recorded).toEqual([
      { job: 'ad_campaigns_daily', outcome: 'sucesso' },
      { job: 'retention', outcome: 'sucesso' },
      { job: 'support_upkeep', outcome: 'sucesso' },
    ]);
    expect(site.jobs.jobs.filter((job) => job.disabled !== null).map((job) => job.name)).toEqual(['newsletter_confirmations', 'newsletter_digest', 'audience_weekly_summary', 'support_mail']);
  });
});

describe("the campaigns' daily closing", () => {
  it('closes a campaign past its last day and gives yesterday a row of zeros, once a day', async () => {
    const { rows: advertiser } = await backend.db.query<{ id: string }>(`insert into public.advertisers (name, contact) values ('Padaria', 'p@padaria.com.br') returning id`);
    const campaign = async (startsIn: number, endsIn: number) => {
      const { rows } = await backend.db.query<{ id: string }>(
        `insert into public.ad_campaigns (advertiser_id, space, image_url, image_width, image_height, alt_text, target_url, starts_on, ends_on)
         values ($1, 'banner-lateral', $2, 300, 600, 'Padaria: pão quente', 'https://padaria.com.br',
                 private.sao_paulo_date(now()) + $3::int, private.sao_paulo_date(now()) + $4::int)
         returning id`,
        [advertiser[0]!.id, CREATIVE, startsIn, endsIn],
      );
      return rows[0]!.id;
    };
    const ended = await campaign(-5, -1);
    const running = await campaign(-3, 3);
    const { runner } = hostWithoutMail();

    const first = await runner.runNow('ad_campaigns_daily', ORIGIN);
    expect(first).toMatchObject({ outcome: 'sucesso', counts: { campanhas_encerradas: 1, dias_sem_exibicao: 2 } });
    const { rows } = await backend.db.query<{ id: string; state: string }>('select id, state from public.ad_campaigns where id in ($1, $2)', [ended, running]);
    expect(Object.fromEntries(rows.map((row) => [row.id, row.state]))).toEqual({ [ended]: 'encerrada', [running]: 'ativa' });
    const { rows: days } = await backend.db.query<{ impressions: number; clicks: number }>(
      `select impressions, clicks from public.ad_campaign_days where campaign_id in ($1, $2) and day = private.sao_paulo_date(now()) - 1`,
      [ended, running],
    );
    expect(days).toEqual([
      { impressions: 0, clicks: 0 },
      { impressions: 0, clicks: 0 },
    ]);

    // Ticked the same day (a second server, the next minute): it already ran today.
    const ticked = await runner.tick(ORIGIN);
    expect(ticked.map((result) => result.job)).not.toContain('ad_campaigns_daily');
    const { rows: again } = await backend.db.query(`select public.close_ad_campaign_days(false) as result`);
    expect(again).toEqual([{ result: null }]);
  });
});

describe('the record, as an administrator reads it', () => {
  it('shows the last success and the last failure, warns after two failures in a row, and stops warning after a success', async () => {
    let failing = true;
    const flaky: ScheduledJob = {
      name: 'teste_instavel',
      label: 'Tarefa instável',
      schedule: { every: 'minute' },
      scheduleLabel: 'A cada minuto',
      needs: [],
      run: () => (failing ? Promise.reject(new JobFailure('connect ECONNREFUSED 127.0.0.1:1', { enviados: 0 })) : Promise.resolve({ enviados: 3 })),
    };
    const { runner } = hostWithoutMail([flaky]);
    await runner.runNow('teste_instavel', ORIGIN);
    expect(await failingJobs(admin.client)).not.toContain('teste_instavel');
    await runner.runNow('teste_instavel', ORIGIN);
    expect(await failingJobs(admin.client)).toContain('teste_instavel');

    const status = await readJobStatus(admin.client);
    expect(status.databaseBytes).toBeGreaterThan(0);
    expect(status.jobs.teste_instavel).toMatchObject({
      lastSuccess: null,
      lastFailure: { error: 'connect ECONNREFUSED 127.0.0.1:1', counts: { enviados: 0 } },
      failedTwice: true,
    });

    failing = false;
    await runner.runNow('teste_instavel', ORIGIN);
    expect(await failingJobs(admin.client)).not.toContain('teste_instavel');
    expect((await readJobStatus(admin.client)).jobs.teste_instavel).toMatchObject({ lastSuccess: { counts: { enviados: 3 } }, failedTwice: false });
  });

  it('keeps at most 100 runs per job and outcome, and the newest success whatever its age', async () => {
    await backend.db.query(
      `insert into public.job_runs (job, started_at, finished_at, outcome, counts)
       values ('teste_limite', now() - interval '40 days', now() - interval '40 days', 'sucesso', '{}')`,
    );
    await backend.db.query(
      `insert into public.job_runs (job, started_at, finished_at, outcome, error)
       select 'teste_limite', now() - make_interval(mins => n), now() - make_interval(mins => n), 'falha', 'recusado'
         from generate_series(1, 130) n`,
    );
    const { rows } = await backend.db.query<{ outcome: string; count: number }>(
      `select outcome, count(*)::int as count from public.job_runs where job = 'teste_limite' group by outcome order by outcome`,
    );
    expect(rows).toEqual([
      { outcome: 'falha', count: 100 },
      { outcome: 'sucesso', count: 1 },
    ]);
  });

  it("the site's 'Sistema' API: the host's facts and jobs for an administrator, nothing for anyone else", async () => {
    const { siteFetch } = hostWithoutMail();
    const session = (await admin.client.auth.getSession()).data.session!;
    const report = await loadSystemReport(session.access_token, siteFetch as typeof fetch);
    expect(report).toMatchObject({ version: '9.9.9', commit: 'abc1234', backend: 'embedded', uploadsBytes: 2048, recording: true });
    expect(report.databaseBytes).toBeGreaterThan(0);
    expect(report.jobs.map((job) => job.name)).toEqual(['newsletter_confirmations', 'newsletter_digest', 'retention', 'ad_campaigns_daily', 'audience_weekly_summary', 'support_mail', 'support_upkeep']);
    expect(report.jobs.find((job) => job.name === 'newsletter_digest')).toMatchObject({ disabled: NO_MAIL_REASON, nextRunAt: null });
    const retention = report.jobs.find((job) => job.name === 'retention');
    expect(retention?.disabled).toBeNull();
    expect(retention?.lastSuccess?.counts).toHaveProperty('media_kit_requests');
    expect(Date.parse(report.jobs.find((job) => job.name === 'retention')!.nextRunAt!)).toBeGreaterThan(Date.now());

    // 'Executar agora' as the administrator: recorded like any run.
    const ran = await runJobNow('retention', session.access_token, siteFetch as typeof fetch);
    expect(ran).toMatchObject({ job: 'retention', outcome: 'sucesso' });
    await expect(runJobNow('newsletter_digest', session.access_token, siteFetch as typeof fetch)).rejects.toMatchObject({ status: 404 });

    // A pending account and an anonymous caller: refused, and no job runs for them.
    const pending = await backend.newUser('Conta Pendente');
    const pendingToken = (await pending.client.auth.getSession()).data.session!.access_token;
    await expect(loadSystemReport(pendingToken, siteFetch as typeof fetch)).rejects.toMatchObject({ status: 403 });
    const before = (await runsOf('retention')).length;
    await expect(runJobNow('retention', pendingToken, siteFetch as typeof fetch)).rejects.toMatchObject({ status: 403 });
    await expect(runJobNow('retention', backend.anonKey, siteFetch as typeof fetch)).rejects.toMatchObject({ status: 403 });
    const anonymous = await siteFetch('/api/sistema');
    expect(anonymous.status).toBe(401);
    expect(await runsOf('retention')).toHaveLength(before);
  });
});
