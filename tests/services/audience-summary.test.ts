// The weekly audience summary (issue 38 point 5, docs/decisions/0053) as a host runs it: its scheduled job ticks on a
// Monday morning, the database gives last week's figures and the Administradores and Editores who asked for it, and
// real SMTP carries the e-mail to a local sink. Only the editors who opted in receive it (an editor who did not, a
// Repórter, an account that asked and was then made Repórter do not), once that week.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceRoleKeyFor } from '../../local-supabase/src/jwt.ts';
import { createSmtpMailer } from '../../local-supabase/src/mailbox/smtp-mailer.ts';
import { edgeConfigFrom } from '../../edge/edge-config.ts';
import { audienceSummaryJob } from '../../edge/jobs/site-jobs.ts';
import { createJobRunner } from '../../edge/jobs/registry.ts';
import { newsletterFor } from '../../edge/newsletter/newsletter.ts';
import { createDataClient } from '../../src/services/data-client.ts';
import { setWeeklySummaryChoice } from '../../src/services/audience.ts';
import { addAudienceDay, addPageReaders, seedAudience, type AudienceFixture } from '../support/audience-fixtures.ts';
import { resetDatabaseClock, setDatabaseClock } from '../support/database-clock.ts';
import { startMailSink, type MailSink } from '../support/mail-sink.ts';
import { startTestBackend, type TestBackend, type TestUser } from '../support/test-backend.ts';

const ORIGIN = 'https://portoferreiranoticias.example';
/** Monday 30 November 2026, 08:05 in São Paulo: the summary's slot has come; last week is 23 to 29 November. */
const MONDAY_MORNING = new Date('2026-11-30T11:05:00Z');

let backend: TestBackend;
let sink: MailSink;
let wanting: TestUser;
let notWanting: TestUser;
let demoted: TestUser;
let reporter: TestUser;
let fixture: AudienceFixture;

async function staff(name: string, role: 'editor' | 'reporter'): Promise<TestUser> {
  const user = await backend.newUser(name);
  await backend.db.query('update public.profiles set role = $2 where id = $1', [user.id, role]);
  return user;
}

beforeAll(async () => {
  backend = await startTestBackend();
  sink = await startMailSink();
  await setDatabaseClock(backend.db, MONDAY_MORNING);
  wanting = await staff('Editora Elisa', 'editor');
  notWanting = await staff('Editor Edu', 'editor');
  demoted = await staff('Ex-editora Iara', 'editor');
  reporter = await staff('Repórter Rui', 'reporter');
  await setWeeklySummaryChoice(wanting.client, wanting.id, true);
  await setWeeklySummaryChoice(demoted.client, demoted.id, true);
  await backend.db.query(`update public.profiles set role = 'reporter' where id = $1`, [demoted.id]);

  // Last week (days 1 to 7 before this Monday): the fixture's Facebook visits (3 days ago) and a digest's clicks and
  // send yesterday; today's figures are this week's, not last week's.
  fixture = await seedAudience(backend.db, { authorId: wanting.id });
  await addAudienceDay(backend.db, { daysAgo: 1, path: fixture.second.path, publicationId: fixture.second.id, source: 'digest', campaign: 'resumo-2026-11-29', device: 'mobile', views: 9, readers: 9, depth: [8, 6, 4, 2] });
  await addPageReaders(backend.db, 1, fixture.second.path, 9);
  await backend.db.query(
    `insert into public.newsletter_sends (digest_date, scheduled, state, stories_since, stories_until, story_count, recipient_count, sent_count, failed_count, started_at, finished_at)
     values ('2026-11-29', true, 'enviado', '2026-11-28T10:00:00Z', '2026-11-29T10:00:00Z', 4, 25, 24, 1, '2026-11-29T10:00:00Z', '2026-11-29T10:01:00Z')`,
  );
}, 60_000);

afterAll(async () => {
  if (backend) await resetDatabaseClock(backend.db);
  await sink?.close();
  await backend?.stop();
});

function runner(serviceRoleKey: string) {
  const config = edgeConfigFrom({ VITE_LOCAL_SUPABASE_ANON_KEY: backend.anonKey, SITE_URL: ORIGIN }, backend.url);
  const sendMail = createSmtpMailer({ host: sink.host, port: sink.port, secure: false, user: null, password: null, from: 'Porto Ferreira Notícias <nao-responda@portoferreiranoticias.example>' });
  const fetcher: typeof fetch = (input, init) => fetch(input, init);
  const newsletter = newsletterFor(config, fetcher, { serviceRoleKey, sendMail });
  const service = createDataClient(backend.url, serviceRoleKey, { retry: false });
  return createJobRunner({
    jobs: [audienceSummaryJob(newsletter, service, config.siteName)],
    abilities: { mailMissing: null, oneMachine: false },
    service,
    now: () => MONDAY_MORNING,
    log: () => undefined,
  });
}

describe('the weekly audience summary', () => {
  it("reaches only the editors who asked for it, with last week's stories, sources and digest figures, once a week", async () => {
    const jobs = runner(await serviceRoleKeyFor(backend.jwtSecret));
    const [result] = await jobs.tick(ORIGIN);
    expect(result).toMatchObject({ job: 'audience_weekly_summary', outcome: 'sucesso', counts: { enviados: 1, recusados: 0 } });

    const mail = await sink.next(wanting.email);
    expect(mail.subject).toBe('Porto Ferreira Notícias: a audiência da semana (23/11/2026 a 29/11/2026)');
    // The fixture's lead story (30 Facebook visits) and the digest's story (9 clicks), most read first.
    expect(mail.text).toMatch(/1\. .*ponte do rio Mogi-Guaçu reaberta[\s\S]*30 visualizações, 25 leitores/);
    expect(mail.text).toMatch(/2\. .*Câmara aprova orçamento[\s\S]*9 visualizações, 9 leitores/);
    expect(mail.text).toContain('Facebook: 30');
    expect(mail.text).toContain('Newsletter (resumo diário): 9');
    expect(mail.text).toContain('Envios: 1');
    expect(mail.text).toContain('E-mails entregues: 24');
    expect(mail.text).toContain('Cliques nas matérias: 9');
    expect(mail.html).toContain(`${ORIGIN}/admin/audiencia?periodo=7`);
    expect(mail.html).toContain(`${ORIGIN}/noticia/${fixture.lead.id}/`);
    // Today's WhatsApp and Google visits belong to this week.
    expect(mail.text).not.toContain('WhatsApp');

    const recipients = sink.messages.filter((message) => message.subject.includes('audiência da semana')).flatMap((message) => message.to);
    expect(recipients).toEqual([wanting.email]);
    for (const other of [notWanting, demoted, reporter]) expect(recipients).not.toContain(other.email);

    // The same Monday again: the week's summary has gone, so the job is not even due.
    expect(await jobs.tick(ORIGIN)).toEqual([]);
    const { rows } = await backend.db.query<{ n: number }>(`select count(*)::integer as n from public.job_runs where job = 'audience_weekly_summary'`);
    expect(rows[0]!.n).toBe(1);
  });
});
