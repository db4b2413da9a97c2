import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

// A mail server on 127.0.0.1 for tests of what production e-mails: it accepts every message and keeps it parsed.
// No mail leaves this machine. Options make it stricter, for the SMTP clients' own tests: AUTH required, a
// recipient refused, TLS.

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  /** The envelope's sender (MAIL FROM). */
  mailFrom: string;
  /** The HTML part, or null for a text-only message. */
  html: string | null;
  /** Each header's raw value by its lower-case name (List-Unsubscribe, ...). */
  headers: Record<string, string>;
  /** The user that authenticated, if any. */
  user: string | null;
  /** Whether the message came over TLS (from the first byte, or after STARTTLS). */
  secure: boolean;
}

export interface MailSinkOptions {
  /** AUTH required, with these credentials (PLAIN and LOGIN, in plain text unless `tls` is set). */
  auth?: { user: string; password: string; methods?: ('PLAIN' | 'LOGIN')[] };
  /** A reply for RCPT TO of this address, e.g. `{ code: 550, message: 'No such user' }`; null accepts it. */
  refuseRecipient?: (address: string) => { code: number; message: string } | null;
  /** TLS, offered as STARTTLS or from the first byte; with smtp-server's built-in localhost certificate unless given one. */
  tls?: 'starttls' | 'implicit';
  /** The server's key and certificate (PEM), e.g. from tests/support/local-ca.ts. */
  certificate?: { key: string; cert: string };
}

export interface MailSink {
  host: string;
  port: number;
  /** Messages in the order they arrived. */
  messages: ReceivedMail[];
  /** The next message to `to`, waiting up to `timeoutMs` for it. */
  next(to: string, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export async function startMailSink(options: MailSinkOptions = {}): Promise<MailSink> {
  const messages: ReceivedMail[] = [];
  const waiting = new Set<() => void>();
  const { auth, refuseRecipient, tls, certificate } = options;
  const server = new SMTPServer({
    authOptional: !auth,
    authMethods: auth?.methods ?? ['PLAIN', 'LOGIN'],
    // The sink is on 127.0.0.1: credentials in plain text are no risk there. With TLS, AUTH waits for it.
    allowInsecureAuth: !!auth && !tls,
    disabledCommands: tls === 'starttls' ? [] : ['STARTTLS'],
    secure: tls === 'implicit',
    ...(certificate ? { key: certificate.key, cert: certificate.cert } : {}),
    logger: false,
    onAuth(credentials, _session, callback) {
      if (auth && credentials.username === auth.user && credentials.password === auth.password) {
        callback(null, { user: credentials.username });
      } else {
        callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
      }
    },
    onRcptTo(address, _session, callback) {
      const refusal = refuseRecipient?.(address.address);
      callback(refusal ? Object.assign(new Error(refusal.message), { responseCode: refusal.code }) : null);
    },
    onData(stream, session, done) {
      simpleParser(stream)
        .then((mail) => {
          messages.push({
            from: mail.from?.text ?? '',
            to: session.envelope.rcptTo.map((recipient) => recipient.address),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            html: typeof mail.html === 'string' ? mail.html : null,
            headers: Object.fromEntries(mail.headerLines.map((line) => [line.key, line.line.slice(line.line.indexOf(':') + 1).trim()])),
            user: typeof session.user === 'string' ? session.user : null,
            secure: session.secure,
          });
          for (const wake of waiting) wake();
          done();
        })
        .catch((error: unknown) => done(error instanceof Error ? error : new Error(String(error))));
    },
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.server.address() as AddressInfo;
  let seen = 0;

  async function next(to: string, timeoutMs = 10_000): Promise<ReceivedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const index = messages.findIndex((message, at) => at >= seen && message.to.includes(to));
      if (index >= 0) {
        seen = index + 1;
        return messages[index] as ReceivedMail;
      }
      if (Date.now() > deadline) throw new Error(`no e-mail to ${to} within ${timeoutMs} ms`);
      await new Promise<void>((wake) => {
        const timer = setTimeout(wake, 100);
        waiting.add(() => {
          clearTimeout(timer);
          wake();
        });
      });
      waiting.clear();
    }
  }

  return {
    host: '127.0.0.1',
    port,
    messages,
    next,
    close: () => new Promise<void>((closed) => server.close(() => closed())),
  };
}
