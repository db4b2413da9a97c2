/** @jsxRuntime automatic @jsxImportSource react */
// (The pragma: wrangler's bundler reads no tsconfig for the Worker, and would compile JSX for a global React.)
import { render } from '@react-email/render';
import type { DataClient } from '../../src/services/client';
import { startWeeklySummary, type WeeklySummary } from '../../src/services/audience';
import { formatCount, formatDepth, sourceLabel } from '../../src/lib/audience-figures';
import { formatDate } from '../../src/lib/dates';
import { paths } from '../../src/lib/paths';
import { AudienceSummaryEmail, type AudienceSummaryContent } from '../emails/audience-summary-email';
import type { MailMessage, SendMail } from '../mail/mail-message';
import type { SiteIdentity } from '../newsletter/compose';

// The weekly audience summary's sending (issue 38 point 5, docs/decisions/0053): the database gives last week's
// figures and the addresses of the Administradores and Editores who asked for it, once a week whichever host asks;
// this renders one e-mail and mails it to each. A refused address is counted, not retried: next week's comes anyway.

export interface SummaryRun {
  sent: number;
  failed: number;
  lastError: string | null;
}

export function summaryContent(site: SiteIdentity, summary: WeeklySummary): AudienceSummaryContent {
  const { totals, digest } = summary;
  return {
    weekLabel: `${formatDate(summary.from)} a ${formatDate(summary.to)}`,
    totals: [
      { label: 'Visualizações', value: formatCount(totals.views) },
      { label: 'Leitores únicos (somados dia a dia)', value: formatCount(totals.readers) },
      { label: 'Leitura média das matérias', value: formatDepth(totals, totals.storyViews) },
    ],
    stories: summary.topStories.map((story) => ({
      title: story.title,
      href: `${site.origin}${paths.article(story.publicationId, story.title)}`,
      figures: `${formatCount(story.views)} visualizações, ${formatCount(story.readers)} leitores, leitura média ${formatDepth(story, story.views)}`,
    })),
    sources: summary.sources.map((source) => ({ label: sourceLabel(source.source), value: formatCount(source.views) })),
    digest: [
      { label: 'Envios', value: formatCount(digest.sends.sends) },
      { label: 'E-mails entregues', value: formatCount(digest.sends.sent) },
      { label: 'Cliques nas matérias', value: formatCount(digest.clicks) },
      { label: 'Descadastros', value: formatCount(digest.unsubscribes) },
    ],
  };
}

export async function summaryMail(site: SiteIdentity, summary: WeeklySummary, to: string): Promise<MailMessage> {
  const audienceUrl = `${site.origin}${paths.admin.audience(7)}`;
  const email = (
    <AudienceSummaryEmail siteName={site.name} audienceUrl={audienceUrl} accountUrl={`${site.origin}${paths.admin.account()}`} content={summaryContent(site, summary)} />
  );
  const [html, text] = await Promise.all([render(email), render(email, { plainText: true, htmlToTextOptions: { wordwrap: false, selectors: ['h1', 'h2'].map((selector) => ({ selector, options: { uppercase: false } })) } })]);
  return { to, subject: `${site.name}: a audiência da semana (${formatDate(summary.from)} a ${formatDate(summary.to)})`, link: audienceUrl, html, text };
}

/** Last week's summary to everyone who asked, when this week's has not gone yet (or `force`); null when not due. */
export async function sendWeeklySummary(service: DataClient, sendMail: SendMail, site: SiteIdentity, force: boolean): Promise<SummaryRun | null> {
  const summary = await startWeeklySummary(service, force);
  if (!summary) return null;
  const run: SummaryRun = { sent: 0, failed: 0, lastError: null };
  for (const to of summary.recipients) {
    try {
      await sendMail(await summaryMail(site, summary, to));
      run.sent += 1;
    } catch (error) {
      run.failed += 1;
      run.lastError = error instanceof Error ? error.message : String(error);
    }
  }
  return run;
}
