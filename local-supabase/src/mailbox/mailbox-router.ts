import type { IncomingMessage } from 'node:http';
import { Hono, type Context } from 'hono';
import type { Database } from '../db/database.ts';
import { mailboxPage } from './mailbox-page.ts';
import { listMessages } from './mailbox-store.ts';

/** Where the mailbox is served; hosts that mount the backend forward this prefix too. */
export const MAILBOX_PATH = '/__mailbox';

const LOOPBACK_ADDRESSES: ReadonlySet<string> = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * What a proxy adds to a request it forwards (nginx's common X-Real-IP, Cloudflare's and Akamai's client headers,
 * Via): a request carrying any of them came from elsewhere, whatever its socket says.
 */
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip', 'cf-connecting-ip', 'true-client-ip', 'via', 'x-forwarded-host'];

/**
 * Recovery links sign whoever opens them in, so the mailbox answers only this machine: a request over a loopback
 * socket that no proxy forwarded. A request without a socket (an in-process fetch) is refused too. Production has
 * no mailbox at all (docs/decisions/0021).
 */
function isFromThisMachine(c: Context): boolean {
  const env: unknown = c.env;
  const incoming = env !== null && typeof env === 'object' && 'incoming' in env ? (env.incoming as IncomingMessage | undefined) : undefined;
  const address = incoming?.socket?.remoteAddress;
  if (!address || !LOOPBACK_ADDRESSES.has(address)) return false;
  return FORWARDING_HEADERS.every((name) => c.req.header(name) === undefined);
}

const PAGE_HEADERS = {
  'Cache-Control': 'no-store',
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; img-src data:",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
};

/** GET /__mailbox (HTML) and GET /__mailbox/messages[?to=] (JSON, for tests): the local backend's sent e-mail. */
export function createMailboxRouter(db: Database): Hono {
  const router = new Hono();
  router.use(async (c, next) => {
    if (!isFromThisMachine(c)) return c.text('Forbidden', 403);
    await next();
    for (const [name, value] of Object.entries(PAGE_HEADERS)) c.res.headers.set(name, value);
  });
  router.get('/', async (c) => c.html(mailboxPage(await listMessages(db))));
  router.get('/messages', async (c) => {
    const messages = await listMessages(db, { to: c.req.query('to') || undefined });
    return c.json(messages.map((message) => ({ ...message, date: message.date.toISOString() })));
  });
  return router;
}
