import type { DataClient } from '../../src/services/client';
import { getDigestSendTime } from '../../src/services/newsletter/admin';
import { nextDailyAt } from './schedule';
import { closeAdCampaignDays, type JobCounts } from '../../src/services/scheduled-jobs';
import type { Newsletter } from '../newsletter/newsletter';
import { JobFailure, type ScheduledJob } from './registry';
import { importOnce } from '../../src/lib/import-once';

// The site's scheduled jobs, on every host (docs/decisions/0042). A host adds its own to the list it hands
// createJobRunner: one line each, e.g. npm start's backup (server/backup/backup-job.ts).

const numeric = (counts: Record<string, number | undefined>): JobCounts =>
  Object.fromEntries(Object.entries(counts).filter((entry): entry is [string, number] => typeof entry[1] === 'number'));

/** The newsletter's confirmation e-mails, each minute: recorded only when one was sent or refused. */
export function confirmationsJob(newsletter: Newsletter): ScheduledJob {
  return {
    name: 'newsletter_confirmations',
    label: 'E-mails de confirmação da newsletter',
    schedule: { every: 'minute' },
    scheduleLabel: 'A cada minuto',
    needs: ['mail'],
    async run({ origin }) {
      const run = await newsletter.sendQueuedConfirmations(origin);
      if (run.sent === 0 && run.failed === 0) return null;
      const counts = { enviados: run.sent, recusados: run.failed };
      if (run.failed > 0) throw new JobFailure(`O servidor de e-mail recusou ${run.failed} confirmação(ões): ${run.lastError ?? 'sem detalhe'}`, counts);
      return counts;
    },
  };
}

/** The daily digest: checked each minute, sent once a day at the newsroom's time (the database decides). */
export function digestJob(newsletter: Newsletter): ScheduledJob {
  return {
    name: 'newsletter_digest',
    label: 'Resumo diário da newsletter',
    schedule: { every: 'minute' },
    scheduleLabel: 'Diário, no horário de envio da newsletter',
    needs: ['mail'],
    async run({ origin }) {
      const run = await newsletter.sendScheduledDigest(origin);
      if (!run) return null;
      const counts = { enviados: run.sent, recusados: run.failed };
      if (run.failed > 0) {
        throw new JobFailure(`O servidor de e-mail recusou ${run.failed} envio(s), tentados de novo depois: ${run.lastError ?? 'sem detalhe'}`, counts);
      }
      return counts;
    },
    // Checked each minute, but it goes at the newsroom's send time: that is its next run.
    async nextRunAt(asAdmin, now) {
      const [hour, minute] = (await getDigestSendTime(asAdmin)).split(':').map(Number);
      return nextDailyAt(hour ?? 7, minute ?? 0, now);
    },
  };
}

/** Retention (docs/decisions/0039): hourly, with the service key alone, whether or not the host sends e-mail. */
export function retentionJob(newsletter: Newsletter): ScheduledJob {
  return {
    name: 'retention',
    label: 'Retenção de dados pessoais',
    schedule: { every: 'hour' },
    scheduleLabel: 'A cada hora',
    needs: [],
    async run({ manual }) {
      const counts = await newsletter.runRetention(manual);
      return counts ? numeric({ ...counts }) : null;
    },
  };
}

/** The campaigns' daily closing (supabase/migrations/20261130100000_scheduled_jobs.sql), just after midnight. */
export function adCampaignsJob(service: DataClient | null): ScheduledJob {
  return {
    name: 'ad_campaigns_daily',
    label: 'Fechamento diário das campanhas',
    schedule: { every: 'day', atHour: 0 },
    scheduleLabel: 'Diário, logo após a meia-noite',
    needs: [],
    async run({ manual }) {
      if (!service) throw new Error('the campaigns’ closing needs the service key');
      return closeAdCampaignDays(service, manual);
    },
  };
}

// React Email comes with the first summary, not with the server's start (decision 0051).
const weeklySummary = importOnce(() => import('../audience/weekly-summary'));

/**
 * The weekly audience summary (issue 38, docs/decisions/0053): Monday at 08:00 (São Paulo), last week's figures to the
 * Administradores and Editores who asked for it; the database keeps it to once a week ('Executar agora' sends again).
 */
export function audienceSummaryJob(newsletter: Newsletter, service: DataClient | null, siteName: string): ScheduledJob {
  return {
    name: 'audience_weekly_summary',
    label: 'Resumo semanal da audiência',
    schedule: { every: 'week', weekday: 1, atHour: 8 },
    scheduleLabel: 'Semanal, às segundas-feiras às 8h',
    needs: ['mail'],
    async run({ origin, manual }) {
      if (!service || !newsletter.sendMail) throw new Error('the weekly summary needs the service key and a mailer');
      const { sendWeeklySummary } = await weeklySummary();
      const run = await sendWeeklySummary(service, newsletter.sendMail, { origin, name: siteName }, manual);
      if (!run) return null;
      const counts = { enviados: run.sent, recusados: run.failed };
      if (run.failed > 0) throw new JobFailure(`O servidor de e-mail recusou ${run.failed} resumo(s): ${run.lastError ?? 'sem detalhe'}`, counts);
      return counts;
    },
  };
}

/** Reader support's e-mails (docs/decisions/0054), each minute: thank-yous and the month's reminders; recorded when one went or failed. */
export function supportMailJob(newsletter: Newsletter): ScheduledJob {
  return {
    name: 'support_mail',
    label: 'E-mails de apoio (agradecimentos e lembretes mensais)',
    schedule: { every: 'minute' },
    scheduleLabel: 'A cada minuto',
    needs: ['mail'],
    async run({ origin }) {
      const run = await newsletter.support.sendDueMail(origin);
      if (run.thanked + run.reminded + run.failed === 0) return null;
      const counts = { agradecimentos: run.thanked, lembretes: run.reminded, recusados: run.failed };
      if (run.failed > 0) throw new JobFailure(`O servidor de e-mail recusou ${run.failed} e-mail(s) de apoio: ${run.lastError ?? 'sem detalhe'}`, counts);
      return counts;
    },
  };
}

/** Pending Pix codes expire after 7 days; supporters' data goes as the privacy policy says. Hourly, the service key only. */
export function supportUpkeepJob(newsletter: Newsletter): ScheduledJob {
  return {
    name: 'support_upkeep',
    label: 'Apoios: expiração e retenção',
    schedule: { every: 'hour' },
    scheduleLabel: 'A cada hora',
    needs: [],
    async run() {
      return numeric({ ...(await newsletter.support.upkeep()) });
    },
  };
}

/** The jobs every host runs; a host appends its own (the backup on npm start). */
export function siteJobs(newsletter: Newsletter, service: DataClient | null, siteName: string): ScheduledJob[] {
  return [
    confirmationsJob(newsletter),
    digestJob(newsletter),
    retentionJob(newsletter),
    adCampaignsJob(service),
    audienceSummaryJob(newsletter, service, siteName),
    supportMailJob(newsletter),
    supportUpkeepJob(newsletter),
  ];
}
