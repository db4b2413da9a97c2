import type { Queryable } from '../db/database.ts';
import { toDate } from '../auth/user-json.ts';
import type { MailMessage, SendMail } from '../../../edge/mail/mail-message.ts';

// The local mailbox (auth-local.sql's auth.local_mailbox): what hosted Supabase would have sent by e-mail.

// One message type on every host (edge/mail/mail-message.ts): what the auth e-mails, the newsletter and the Worker send.
export type { MailMessage } from '../../../edge/mail/mail-message.ts';

export interface StoredMailMessage extends Omit<MailMessage, 'html' | 'headers'> {
  id: number;
  date: Date;
}

/**
 * Delivers one message: the development mailbox stores it, production sends it over SMTP (smtp-mailer.ts). Called
 * after the database work that made the link is committed, so a slow mail server holds no transaction open.
 */
export type Mailer = SendMail;

export async function storeMessage(db: Queryable, message: MailMessage): Promise<void> {
  await db.query(`insert into auth.local_mailbox (recipient, subject, body, link) values ($1, $2, $3, $4)`, [
    message.to,
    message.subject,
    message.text,
    message.link,
  ]);
}

/** The newest first; only those sent to `to` (case-insensitive) when given. */
export async function listMessages(db: Queryable, options: { to?: string; limit?: number } = {}): Promise<StoredMailMessage[]> {
  const { rows } = await db.query(
    `select id, recipient, subject, body, link, created_at from auth.local_mailbox
      where $1::text is null or lower(recipient) = lower($1)
      order by id desc limit $2`,
    [options.to ?? null, options.limit ?? 100],
  );
  return rows.map((row) => ({
    id: Number(row.id),
    to: String(row.recipient),
    subject: String(row.subject),
    text: String(row.body),
    link: String(row.link),
    date: toDate(row.created_at) ?? new Date(0),
  }));
}

/** Development's mailer: stores in the mailbox, and prints the link on one console line unless quiet. */
export function createMailboxMailer(db: Queryable, options: { log?: (line: string) => void } = {}): Mailer {
  return async (message) => {
    await storeMessage(db, message);
    options.log?.(`[local-supabase] e-mail to ${message.to} ("${message.subject}"): ${message.link}`);
  };
}
