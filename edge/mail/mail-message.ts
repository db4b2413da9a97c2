// One e-mail as every host's mailer takes it: the Node hosts' (nodemailer over SMTP, or the local mailbox in
// development; local-supabase/src/mailbox) and the Worker's (worker-mailer over Cloudflare's sockets;
// adapters/cloudflare/worker-smtp.ts). The auth e-mails fill the first four fields; the newsletter's add the rest.

export interface MailMessage {
  /** One mailbox, a bare address. */
  to: string;
  subject: string;
  /** The plain-text part, pt-BR: every mail app shows it, and the local mailbox shows only it. */
  text: string;
  /** The message's main link (the local mailbox makes it clickable). */
  link: string;
  /** An HTML part beside the text (the newsletter's e-mails); the local mailbox keeps the text only. */
  html?: string;
  /** Extra headers, e.g. RFC 8058's List-Unsubscribe and List-Unsubscribe-Post; the local mailbox keeps none. */
  headers?: Record<string, string>;
}

/** Sends one e-mail; rejects when the mail server refuses it or does not answer. */
export type SendMail = (message: MailMessage) => Promise<void>;

/** Where production e-mail goes: the newsroom's mail provider, from SMTP_* (the same variables on every host). */
export interface SmtpSettings {
  host: string;
  port: number;
  /** TLS from the first byte (port 465); otherwise STARTTLS is used when the server offers it. */
  secure: boolean;
  user: string | null;
  password: string | null;
  /** The sender, e.g. `Porto Ferreira Notícias <nao-responda@portoferreiranoticias.com.br>`. */
  from: string;
}

/** How long one message may take: a stuck mail server fails the send instead of holding it open. */
export const SMTP_SEND_TIMEOUT_MS = 15_000;
