import type { MailMessage } from '../mailbox/mailbox-store.ts';

/**
 * The e-mail of a one-time link (password recovery, sign-up confirmation): the greeting, what the link is for, the
 * link on a line of its own, and what else the reader should know.
 */
export function linkEmail(to: string, subject: string, link: string, { before, after }: { before: readonly string[]; after: readonly string[] }): MailMessage {
  const text = ['Olá,', '', ...before, '', link, '', ...after].join('\n');
  return { to, subject, text, link };
}
