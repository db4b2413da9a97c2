/** @jsxRuntime automatic @jsxImportSource react */
// (The pragma: wrangler's bundler reads no tsconfig for the Worker, and would compile JSX for a global React.)
import { render } from '@react-email/render';
import type { ReactElement } from 'react';
import { paths } from '../../src/lib/paths';
import { SUPPORT_REMINDER_STOP_API } from '../../src/lib/pix/support-form';
import type { ReminderDue } from '../../src/services/support/support-jobs';
import { SupportReminderEmail, ThankYouEmail } from '../emails/support-emails';
import type { MailMessage } from '../mail/mail-message';
import type { SiteIdentity } from '../newsletter/compose';

// Reader support's e-mails as messages, as the digest's are made (edge/newsletter/compose.tsx).

const TEXT_OPTIONS = {
  hideLinkHrefIfSameAsText: true,
  // The Pix Copia e Cola must stay one line in the text part: a wrapped code is a different (invalid) code.
  wordwrap: false as const,
  selectors: ['h1', 'h2', 'h3'].map((selector) => ({ selector, options: { uppercase: false } })),
};

async function parts(element: ReactElement): Promise<{ html: string; text: string }> {
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true, htmlToTextOptions: TEXT_OPTIONS })]);
  return { html, text };
}

export const THANK_YOU_SUBJECT = 'Obrigado pelo seu apoio!';

export async function thankYouMail(site: SiteIdentity, to: string, name: string | null, amount: string): Promise<MailMessage> {
  const supportUrl = `${site.origin}${paths.support()}`;
  return { to, subject: THANK_YOU_SUBJECT, link: supportUrl, ...(await parts(<ThankYouEmail siteName={site.name} name={name} amount={amount} supportUrl={supportUrl} />)) };
}

export function reminderSubject(amount: string): string {
  return `Seu apoio mensal de ${amount}: o código Pix deste mês`;
}

export async function supportReminderMail(site: SiteIdentity, due: ReminderDue, amount: string, payload: string): Promise<MailMessage> {
  const codeUrl = `${site.origin}${paths.supportCode(due.txid)}`;
  const stopUrl = `${site.origin}${paths.supportReminderStop(due.stopToken)}`;
  return {
    to: due.email,
    subject: reminderSubject(amount),
    link: codeUrl,
    headers: {
      'List-Unsubscribe': `<${site.origin}${SUPPORT_REMINDER_STOP_API}${due.stopToken}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
    ...(await parts(<SupportReminderEmail siteName={site.name} name={due.name} amount={amount} codeUrl={codeUrl} payload={payload} stopUrl={stopUrl} />)),
  };
}
