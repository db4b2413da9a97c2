import { buildMimeMessage, parseMailbox } from './mime-message';

// A minimal SMTP client (RFC 5321, STARTTLS RFC 3207, AUTH RFC 4954) over Web streams, for the Worker that has no
// nodemailer: one connection per message, commands one at a time. The socket comes from an injected connector, so
// the Worker passes Cloudflare's connect() (adapters/cloudflare/smtp-connect.ts) and tests pass a node:net one.

export type SecureTransport = 'on' | 'starttls' | 'off';

/** The part of Cloudflare's `Socket` (cloudflare:sockets) this client uses. */
export interface SmtpSocket {
  readable: ReadableStream<Uint8Array>;
  writable: WritableStream<Uint8Array>;
  /** Resolves once connected; rejects when the connection fails. */
  opened: Promise<unknown>;
  /** The same connection over TLS; this socket's streams are unusable afterwards. */
  startTls(): SmtpSocket;
  close(): Promise<void>;
}

export type SmtpConnect = (options: { hostname: string; port: number; secureTransport: SecureTransport }) => SmtpSocket;

/** Structurally local-supabase's SmtpSettings (edge code imports no Node code): SMTP_* of the deployment. */
export interface SmtpSettingsLike {
  host: string;
  port: number;
  /** TLS from the first byte (port 465); otherwise STARTTLS is used when the server offers it. */
  secure: boolean;
  user: string | null;
  password: string | null;
  /** The sender, e.g. `Porto Ferreira Notícias <nao-responda@portoferreiranoticias.com.br>`. */
  from: string;
}

/** What the caller sends; the sender is the settings' `from`. Compatible with local-supabase's MailMessage. */
export interface SmtpMailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
}

export interface SocketSmtpOptions {
  /** The whole send, connection to QUIT: past it the send rejects and the socket is closed. Default 15 s. */
  timeoutMs?: number;
  /** The name given in EHLO/HELO; default the sender's domain (a Worker has no host name of its own). */
  clientName?: string;
  /** The Date header's clock. */
  now?: () => Date;
  /**
   * Refuse to go on in plain text when a plain port's server offers no STARTTLS (an attacker on the path can strip
   * the offer). Off by default, as the Node hosts' nodemailer transport.
   */
  requireTls?: boolean;
}

/** As the Node hosts' nodemailer transport: a stuck mail server fails the send instead of holding it open. */
export const SMTP_SEND_TIMEOUT_MS = 15_000;

/** A 4xx/5xx (or otherwise unexpected) reply: its code and the server's text. */
export class SmtpReplyError extends Error {
  override readonly name = 'SmtpReplyError';
  constructor(
    /** The command the reply answered, credentials left out, e.g. `RCPT TO`. */
    readonly command: string,
    readonly code: number,
    /** The reply's text, its lines joined by a space. */
    readonly response: string,
  ) {
    super(`SMTP ${command} failed: ${code} ${response}`);
  }
}

interface Reply {
  code: number;
  lines: string[];
}

/** Far above any real reply: a server that streams endless text without a line end fails instead of filling memory. */
const MAX_BUFFERED = 64 * 1024;

/** Reads replies line by line; a multi-line reply (`250-…` … `250 …`) is one reply. */
class ReplyReader {
  private buffer = '';
  private readonly decoder = new TextDecoder();

  constructor(private readonly reader: ReadableStreamDefaultReader<Uint8Array>) {}

  /** Bytes received past the last reply: after STARTTLS's 220 they would be injected plaintext (CVE-2011-0411). */
  get hasPending(): boolean {
    return this.buffer.length > 0;
  }

  release(): void {
    this.reader.releaseLock();
  }

  async cancel(): Promise<void> {
    await this.reader.cancel();
  }

  private async line(): Promise<string> {
    for (;;) {
      const end = this.buffer.indexOf('\n');
      if (end >= 0) {
        const line = this.buffer.slice(0, end).replace(/\r$/, '');
        this.buffer = this.buffer.slice(end + 1);
        return line;
      }
      if (this.buffer.length > MAX_BUFFERED) throw new Error('SMTP: the server sent a reply line without end');
      const { value, done } = await this.reader.read();
      if (done) throw new Error('SMTP: the server closed the connection');
      this.buffer += this.decoder.decode(value, { stream: true });
    }
  }

  async reply(): Promise<Reply> {
    const lines: string[] = [];
    for (;;) {
      const line = await this.line();
      const match = /^([2-5]\d\d)([ -]|$)(.*)$/.exec(line);
      if (!match) throw new Error(`SMTP: not a reply: ${JSON.stringify(line.slice(0, 200))}`);
      lines.push(match[3] ?? '');
      if (match[2] !== '-') return { code: Number(match[1]), lines };
    }
  }
}

const encoder = new TextEncoder();

function base64Utf8(text: string): string {
  let binary = '';
  for (const byte of encoder.encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** RFC 5321 §4.5.2: a line that starts with a dot gets another; the data ends with a line holding a single dot. */
export function dotStuffed(message: string): string {
  const body = message.endsWith('\r\n') ? message : `${message}\r\n`;
  return `${body.replace(/^\./gm, '..')}.\r\n`;
}

/** The socket's `opened`, its failure said with what was being attempted (workerd's own text can be bare). */
async function opened(socket: SmtpSocket, attempt: string): Promise<void> {
  try {
    await socket.opened;
  } catch (error) {
    throw new Error(`SMTP: ${attempt}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}

/** One connection: a reader and writer on the current socket (replaced after STARTTLS). */
class Session {
  private reader: ReplyReader;
  private writer: WritableStreamDefaultWriter<Uint8Array>;

  constructor(public socket: SmtpSocket) {
    this.reader = new ReplyReader(socket.readable.getReader());
    this.writer = socket.writable.getWriter();
  }

  async write(text: string): Promise<void> {
    await this.writer.write(encoder.encode(text));
  }

  /** Sends `line` (when given) and reads the reply; a code not in `expected` rejects with the server's text. */
  async command(label: string, line: string | null, expected: number[]): Promise<Reply> {
    if (line !== null) await this.write(`${line}\r\n`);
    const reply = await this.reader.reply();
    if (!expected.includes(reply.code)) throw new SmtpReplyError(label, reply.code, reply.lines.join(' ').trim());
    return reply;
  }

  async upgrade(): Promise<void> {
    if (this.reader.hasPending) throw new Error('SMTP: the server sent data after agreeing to STARTTLS');
    // Cloudflare's startTls() flushes and detaches these streams; the locks are released so nothing still holds them.
    this.reader.release();
    this.writer.releaseLock();
    this.socket = this.socket.startTls();
    this.reader = new ReplyReader(this.socket.readable.getReader());
    this.writer = this.socket.writable.getWriter();
    await opened(this.socket, 'TLS after STARTTLS failed');
  }

  /** Unblocks a pending read and closes the connection; errors are of no use to anyone by then. */
  async abort(): Promise<void> {
    await Promise.allSettled([this.reader.cancel(), this.socket.close()]);
  }
}

/** The EHLO reply's keywords (after its first line, the server's name), upper-cased, with their parameters. */
function extensions(reply: Reply): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const line of reply.lines.slice(1)) {
    const [keyword = '', ...parameters] = line.trim().split(/[\s=]+/);
    if (keyword) found.set(keyword.toUpperCase(), parameters.map((parameter) => parameter.toUpperCase()));
  }
  return found;
}

/** EHLO, or HELO from a server that does not know it (500/502): then it announces no extensions. */
async function greet(session: Session, clientName: string): Promise<Map<string, string[]>> {
  try {
    return extensions(await session.command('EHLO', `EHLO ${clientName}`, [250]));
  } catch (error) {
    if (!(error instanceof SmtpReplyError) || (error.code !== 500 && error.code !== 502)) throw error;
    await session.command('HELO', `HELO ${clientName}`, [250]);
    return new Map();
  }
}

async function authenticate(session: Session, offered: Map<string, string[]>, user: string, password: string): Promise<void> {
  const mechanisms = offered.get('AUTH');
  if (!mechanisms) throw new Error('SMTP: a user is set but the server offers no AUTH');
  if (mechanisms.includes('PLAIN')) {
    await session.command('AUTH PLAIN', `AUTH PLAIN ${base64Utf8(`\0${user}\0${password}`)}`, [235]);
  } else if (mechanisms.includes('LOGIN')) {
    await session.command('AUTH LOGIN', 'AUTH LOGIN', [334]);
    await session.command('AUTH LOGIN', base64Utf8(user), [334]);
    await session.command('AUTH LOGIN', base64Utf8(password), [235]);
  } else {
    throw new Error(`SMTP: the server offers neither AUTH PLAIN nor LOGIN (${mechanisms.join(' ')})`);
  }
}

/** One send's part of the conversation, decided before connecting. */
interface Plan {
  /** host:port, for messages. */
  address: string;
  implicitTls: boolean;
  requireTls: boolean;
  clientName: string;
  user: string | null;
  password: string;
  from: string;
  to: string;
  data: string;
}

async function converse(session: Session, plan: Plan): Promise<void> {
  await opened(session.socket, `no connection to ${plan.address}`);
  await session.command('greeting', null, [220]);
  let offered = await greet(session, plan.clientName);
  if (!plan.implicitTls) {
    if (offered.has('STARTTLS')) {
      await session.command('STARTTLS', 'STARTTLS', [220]);
      await session.upgrade();
      // RFC 3207 §4.2: what the server said before TLS is forgotten and asked again.
      offered = await greet(session, plan.clientName);
    } else if (plan.requireTls) {
      throw new Error('SMTP: the server offers no STARTTLS and TLS is required');
    }
  }
  if (plan.user) await authenticate(session, offered, plan.user, plan.password);
  await session.command('MAIL FROM', `MAIL FROM:<${plan.from}>`, [250]);
  await session.command('RCPT TO', `RCPT TO:<${plan.to}>`, [250, 251]);
  await session.command('DATA', 'DATA', [354]);
  await session.write(dotStuffed(plan.data));
  await session.command('end of data', null, [250]);
  // The message is accepted at this point: a QUIT that goes wrong does not make it unsent.
  await session.command('QUIT', 'QUIT', [221]).catch(() => undefined);
}

/**
 * Sends each message over its own SMTP connection: greeting, EHLO (HELO), STARTTLS when offered on a plain port,
 * AUTH PLAIN or LOGIN when a user is set, MAIL FROM, RCPT TO, DATA, QUIT. A 4xx/5xx reply rejects with a
 * SmtpReplyError; past `timeoutMs` the send rejects and the socket is closed. An invalid address or header rejects
 * before any connection. Like the Node hosts' nodemailer, a server that offers no STARTTLS is talked to in plain text
 * unless `requireTls` is set.
 */
export function createSocketSmtpMailer(settings: SmtpSettingsLike, connect: SmtpConnect, options: SocketSmtpOptions = {}): (message: SmtpMailMessage) => Promise<void> {
  const timeoutMs = options.timeoutMs ?? SMTP_SEND_TIMEOUT_MS;
  const now = options.now ?? (() => new Date());
  const implicitTls = settings.secure || settings.port === 465;
  return async (message) => {
    const from = parseMailbox(settings.from).address;
    const to = parseMailbox(message.to).address;
    const clientName = options.clientName ?? from.slice(from.lastIndexOf('@') + 1);
    if (!/^[\x21-\x7e]+$/.test(clientName)) throw new Error(`SMTP: not a client name: ${JSON.stringify(clientName)}`);
    const plan: Plan = {
      address: `${settings.host}:${settings.port}`,
      implicitTls,
      requireTls: options.requireTls ?? false,
      clientName,
      user: settings.user,
      password: settings.password ?? '',
      from,
      to,
      data: buildMimeMessage({ ...message, from: settings.from, date: now() }),
    };

    const session = new Session(connect({ hostname: settings.host, port: settings.port, secureTransport: implicitTls ? 'on' : 'starttls' }));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`SMTP: the send to ${plan.address} took over ${timeoutMs} ms`)), timeoutMs);
    });
    const conversation = converse(session, plan);
    // Whichever loses the race settles unobserved later: its rejection is expected, not unhandled.
    conversation.catch(() => undefined);
    try {
      await Promise.race([conversation, timedOut]);
    } finally {
      clearTimeout(timer);
      await session.abort();
    }
  };
}
