import { WorkerMailer, type WorkerMailerOptions } from 'worker-mailer';
import { assertSendable, fromField, senderOf } from './worker-mail-fields';
import { SMTP_SEND_TIMEOUT_MS, type SendMail, type SmtpSettings } from '../../edge/mail/mail-message';

// SMTP from the Worker (the confirmation e-mails and the daily digest's Cron Trigger) through worker-mailer, which
// speaks SMTP and builds the MIME message over Cloudflare's TCP sockets (`cloudflare:sockets`): STARTTLS on a plain
// port when the server offers it, TLS from the first byte on 465, AUTH PLAIN or LOGIN (docs/decisions/0046).
// Outbound port 25 is blocked on Workers: the provider's submission port (587 STARTTLS, 465 TLS) is used.

function mailerOptions(settings: SmtpSettings): WorkerMailerOptions {
  return {
    host: settings.host,
    port: settings.port,
    secure: settings.secure || settings.port === 465,
    startTls: true,
    credentials: settings.user ? { username: settings.user, password: settings.password ?? '' } : undefined,
    // worker-mailer tries none unless told which: the two every submission server offers.
    authType: ['plain', 'login'],
    socketTimeoutMs: SMTP_SEND_TIMEOUT_MS,
    responseTimeoutMs: SMTP_SEND_TIMEOUT_MS,
  };
}

/**
 * A mailer for the Worker: each call sends one message over its own connection (a Cron run sends a handful; a
 * connection kept between invocations would outlive the request that opened it), rejecting on refusal or timeout.
 */
export function createWorkerSmtpMailer(settings: SmtpSettings): SendMail {
  const options = mailerOptions(settings);
  const from = senderOf(settings.from);
  const fromHeader = fromField(from);
  return async (message) => {
    assertSendable(message);
    let mailer: WorkerMailer | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`SMTP: the send to ${settings.host}:${settings.port} took over ${SMTP_SEND_TIMEOUT_MS} ms`)), SMTP_SEND_TIMEOUT_MS);
    });
    const send = async () => {
      mailer = await WorkerMailer.connect(options);
      await mailer.send({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        // A copy: worker-mailer writes its own fields (From, Date, ...) into the object it is given.
        headers: { ...message.headers, From: fromHeader },
      });
    };
    const sending = send();
    // Whichever loses the race settles unobserved later: its rejection is expected, not unhandled.
    sending.catch(() => undefined);
    try {
      await Promise.race([sending, timedOut]);
    } catch (error) {
      // QUIT without waiting: after a timeout the connection may never answer, and its end is no news to anyone.
      void mailer?.close();
      throw error;
    } finally {
      clearTimeout(timer);
    }
    // The message is accepted: QUIT ends the connection (worker-mailer swallows a QUIT that goes wrong).
    await mailer?.close();
  };
}
