/** @jsxRuntime automatic @jsxImportSource react */
// (The pragma: wrangler's bundler reads no tsconfig for the Worker, and would compile JSX for a global React.)
// render from its own package, not @react-email/components' older copy (2.0.6), whose HTML gains React 19's
// <link rel="preload"> for the lead image (docs/decisions/0046).
import { render } from '@react-email/render';
import type { ReactElement } from 'react';
import { paths } from '../../src/lib/paths';
import type { DigestRecipient, DigestStory } from '../../src/services/newsletter/delivery';
import { NEWSLETTER_API } from '../../src/services/newsletter/api-paths';
import { CONFIRMATION_SUBJECT, ConfirmationEmail } from '../emails/confirmation-email';
import { DigestEmail, type DigestContent, type DigestItem } from '../emails/digest-email';
import type { MailMessage } from '../mail/mail-message';

// The site's e-mails as messages: HTML from React Email, the plain-text part from that HTML, and every link an
// absolute address on the site (SITE_URL, or the request's origin in development).

export interface SiteIdentity {
  /** The site's public origin, no trailing slash. */
  origin: string;
  name: string;
}

const dayFormat = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', weekday: 'long', day: 'numeric', month: 'long' });

function absolute(origin: string, url: string | null): string | null {
  if (!url) return null;
  if (url.startsWith('/')) return `${origin}${url}`;
  return /^https?:\/\//.test(url) ? url : null;
}

/** The São Paulo date of a send, YYYY-MM-DD: its links' campaign. */
const isoDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit' });

/**
 * A story's link in the digest of `day`: tagged so the audience counts the visit as the digest's (decision 0052):
 * utm_source=digest&utm_medium=email&utm_campaign=digest-YYYY-MM-DD.
 */
export function digestStoryHref(site: SiteIdentity, story: Pick<DigestStory, 'id' | 'title'>, day: Date): string {
  const tags = new URLSearchParams({ utm_source: 'digest', utm_medium: 'email', utm_campaign: `digest-${isoDay.format(day)}` });
  return `${site.origin}${paths.article(story.id, story.title)}?${tags.toString()}`;
}

function itemFrom(site: SiteIdentity, story: DigestStory, day: Date): DigestItem {
  return {
    id: story.id,
    title: story.title,
    description: story.description,
    href: digestStoryHref(site, story, day),
    imageUrl: absolute(site.origin, story.imageUrl),
  };
}

/**
 * The lead story first (the newsroom's Manchete, else the newest), then the others by topic, in the given order; each
 * link tagged with the send's day.
 */
export function digestContent(site: SiteIdentity, stories: readonly DigestStory[], day: Date): DigestContent {
  const leadStory = stories.find((story) => story.isLead) ?? null;
  const topics: DigestContent['topics'] = [];
  for (const story of stories) {
    if (story === leadStory) continue;
    const name = story.topicName ?? 'Outras notícias';
    let topic = topics.find((entry) => entry.name === name);
    if (!topic) topics.push((topic = { name, items: [] }));
    topic.items.push(itemFrom(site, story, day));
  }
  return { lead: leadStory ? itemFrom(site, leadStory, day) : null, topics };
}

/** Headings keep their case in the text part (html-to-text's default shouts them). */
const TEXT_OPTIONS = {
  // A link whose text is its address is written once.
  hideLinkHrefIfSameAsText: true,
  selectors: ['h1', 'h2', 'h3'].map((selector) => ({ selector, options: { uppercase: false } })),
};

async function parts(element: ReactElement): Promise<{ html: string; text: string }> {
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true, htmlToTextOptions: TEXT_OPTIONS })]);
  return { html, text };
}

export async function confirmationMail(site: SiteIdentity, to: string, token: string): Promise<MailMessage> {
  const link = `${site.origin}${paths.newsletterConfirm(token)}`;
  return { to, subject: CONFIRMATION_SUBJECT, link, ...(await parts(<ConfirmationEmail siteName={site.name} confirmUrl={link} />)) };
}

export function digestSubject(site: SiteIdentity, day: Date): string {
  return `${site.name}: o resumo de ${dayFormat.format(day)}`;
}

/**
 * One reader's digest: the content is the same for everyone; the unsubscribe link and RFC 8058's headers are theirs.
 * Without a recipient, the newsroom's test e-mail, which has neither.
 */
export async function digestMail(
  site: SiteIdentity,
  content: DigestContent,
  day: Date,
  to: string,
  recipient: Pick<DigestRecipient, 'unsubscribeToken'> | null,
): Promise<MailMessage> {
  const unsubscribePage = recipient ? `${site.origin}${paths.newsletterUnsubscribe(recipient.unsubscribeToken)}` : null;
  const email = (
    <DigestEmail siteName={site.name} siteUrl={`${site.origin}/`} dayLabel={dayFormat.format(day)} content={content} unsubscribeUrl={unsubscribePage} />
  );
  const subject = digestSubject(site, day);
  if (!recipient || !unsubscribePage) {
    return { to, subject: `[Teste] ${subject}`, link: `${site.origin}/`, ...(await parts(email)) };
  }
  return {
    to,
    subject,
    link: unsubscribePage,
    headers: {
      'List-Unsubscribe': `<${site.origin}${NEWSLETTER_API.unsubscribe(recipient.unsubscribeToken)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
    ...(await parts(email)),
  };
}
