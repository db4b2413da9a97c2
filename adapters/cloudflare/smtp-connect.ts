import { connect } from 'cloudflare:sockets';
import { createSocketSmtpMailer, type SmtpConnect, type SmtpMailMessage, type SmtpSettingsLike, type SocketSmtpOptions } from '../../edge/mail/socket-smtp';

// SMTP from the Worker (e.g. the daily digest's Cron Trigger): edge/mail/socket-smtp.ts over Cloudflare's TCP
// sockets. Outbound port 25 is blocked on Workers: the provider's submission port (587 STARTTLS, 465 TLS) is used.

/** Cloudflare's connect() as the SMTP client's connector. */
export const cloudflareSmtpConnect: SmtpConnect = ({ hostname, port, secureTransport }) =>
  connect({ hostname, port }, { secureTransport, allowHalfOpen: false });

/** A mailer for the Worker: each call sends one message over its own connection, rejecting on refusal or timeout. */
export function createWorkerSmtpMailer(settings: SmtpSettingsLike, options?: SocketSmtpOptions): (message: SmtpMailMessage) => Promise<void> {
  return createSocketSmtpMailer(settings, cloudflareSmtpConnect, options);
}
