// One e-mail as the newsletter hands it to its host's mailer: the Node hosts' (nodemailer over SMTP, or the local
// mailbox in development) or the Worker's (SMTP over Cloudflare's sockets). Structurally the local backend's
// MailMessage with the parts a newsletter needs beyond a recovery e-mail.

export interface OutgoingMail {
  to: string;
  subject: string;
  /** The plain-text part: every mail app shows it, and the local mailbox shows only it. */
  text: string;
  html?: string;
  /** The message's main link (the local mailbox makes it clickable). */
  link: string;
  /** Extra headers, e.g. RFC 8058's List-Unsubscribe and List-Unsubscribe-Post. */
  headers?: Record<string, string>;
}

/** Sends one e-mail; rejects when the mail server refuses it or does not answer. */
export type SendMail = (mail: OutgoingMail) => Promise<void>;
