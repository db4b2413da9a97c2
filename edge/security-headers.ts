// The page policy, defined once: the edge handler puts it on its answers and every host
// (npm start's Node server, the Vite dev and preview servers, the Cloudflare Worker) on everything else it serves.
// Web-only, no Node imports: the Worker imports it too.

/** The only host the article's video frame may load from (src/lib/youtube.ts embeds the privacy-enhanced one). */
export const YOUTUBE_EMBED_ORIGIN = 'https://www.youtube-nocookie.com';

/**
 * What `vite dev` writes as the nonce of its inline scripts and styles (vite.config.ts, html.cspNonce): the edge
 * handler replaces it with a fresh nonce in each page it answers and names that nonce in the page's policy.
 */
export const DEV_NONCE_PLACEHOLDER = '__PF_DEV_CSP_NONCE__';

export interface PagePolicyOptions {
  /** The hosted Supabase project the browser talks to (VITE_SUPABASE_URL); null: the local backend on 'self'. */
  supabaseUrl?: string | null;
  /** The page's nonce for `vite dev`'s inline React-refresh preamble and injected styles; never in a build. */
  nonce?: string;
  /** The sha256 sources ('sha256-…') of the page's own inline boot script (edge/inline-scripts.ts). */
  scriptHashes?: readonly string[];
  /**
   * The origin the browser's error reports are posted to (VITE_SENTRY_DSN's, docs/decisions/0041); absent or null:
   * none, and the policy names no such host.
   */
  errorReportOrigin?: string | null;
}

/** The origin of a Sentry DSN (https://<key>@<host>/<project>), where its envelopes are posted; null without one. */
export function errorReportOriginOf(dsn: string | null | undefined): string | null {
  if (!dsn) return null;
  try {
    const url = new URL(dsn);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/** The project's origin and its realtime (WebSocket) twin. */
function supabaseOrigins(url: string | null | undefined): { http: string; ws: string } | null {
  if (!url) return null;
  const { origin } = new URL(url);
  // http → ws, https → wss.
  return { http: origin, ws: origin.replace(/^http/, 'ws') };
}

/**
 * The Content-Security-Policy of every page. Scripts and styles come from the app's own origin only, never inline
 * (the JSON data blocks and JSON-LD are data, not executed, and need no allowance), except the boot script that the
 * build wrote into the page's head, allowed by its hash and nothing else; style attributes in markup are
 * refused too (React sets `style` through the CSSOM, which a policy does not govern). Images: the app, its storage,
 * `blob:` for the editor's previews of a file not yet uploaded, and any https host, because NewsAPI's pictures come
 * from each publisher's own server and no list of them can exist.
 */
export function contentSecurityPolicy({ supabaseUrl, nonce, scriptHashes = [], errorReportOrigin }: PagePolicyOptions = {}): string {
  const supabase = supabaseOrigins(supabaseUrl);
  const reports = errorReportOrigin ? [errorReportOrigin] : [];
  const own = (extra: readonly string[] = []) => ["'self'", ...extra].join(' ');
  const nonceSource = nonce ? [`'nonce-${nonce}'`] : [];
  return [
    `default-src 'self'`,
    `script-src ${own([...nonceSource, ...scriptHashes])}`,
    `style-src ${own(nonceSource)}`,
    `style-src-attr 'none'`,
    `img-src ${own(['blob:', 'https:', ...(supabase ? [supabase.http] : [])])}`,
    `connect-src ${own([...(supabase ? [supabase.http, supabase.ws] : []), ...reports])}`,
    `frame-src ${YOUTUBE_EMBED_ORIGIN}`,
    `frame-ancestors 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `object-src 'none'`,
  ].join('; ');
}

/**
 * The backend's answers (the API and stored objects) are never pages: a stored file opened on its own runs nothing
 * and cannot be framed, whatever it holds.
 */
export const BACKEND_POLICY = "default-src 'none'; frame-ancestors 'none'; sandbox";

/**
 * The headers of a document (a page, the app page, the backend's answers): the policy, no type sniffing (a file is
 * what its Content-Type says), and a referrer that names only the site's origin to other hosts, which the YouTube
 * embed needs to play (it refuses to play without one); no framing. Only documents carry them: a script, a
 * stylesheet or a feed is never a browsing context, and the policy repeated on each of them cost the reader's first
 * load half a kilobyte (issue 37). Every other answer gets ANSWER_HEADERS.
 */
export function securityHeaders(options: PagePolicyOptions & { policy?: string } = {}): Record<string, string> {
  return {
    'Content-Security-Policy': options.policy ?? contentSecurityPolicy(options),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    // frame-ancestors 'none' says it to current browsers; this, to those that predate it.
    'X-Frame-Options': 'DENY',
  };
}

/** The headers of every answer that is not a document: no type sniffing (a script is run only as a script). */
export const ANSWER_HEADERS: Readonly<Record<string, string>> = { 'X-Content-Type-Options': 'nosniff' };

/**
 * Whether the answer is a document a browser would open as a page (HTML, or SVG, which runs its scripts when opened
 * on its own): those take the page policy. An answer with a body but no type is treated as one, to be safe; a
 * redirect or a 304 shows nothing.
 */
export function isDocument(response: Pick<Response, 'headers' | 'status'>): boolean {
  const type = response.headers.get('Content-Type');
  if (type === null) return response.status !== 204 && (response.status < 300 || response.status >= 400);
  return /^\s*(text\/html|application\/xhtml\+xml|image\/svg\+xml)\b/i.test(type);
}

/**
 * The answer with the headers its kind takes: a document the page policy and its companions (`documentHeaders`),
 * unless it carries a policy of its own (a page with its script hashes); anything else ANSWER_HEADERS.
 */
export function withAnswerHeaders(response: Response, documentHeaders: Record<string, string>): Response {
  if (!isDocument(response)) return withHeaders(response, ANSWER_HEADERS);
  return response.headers.has('Content-Security-Policy') ? response : withHeaders(response, documentHeaders);
}

/** A fresh nonce: 128 random bits, base64. */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/** The response with these headers set (a copy when its headers are immutable, as fetch's are). */
export function withHeaders(response: Response, headers: Record<string, string>): Response {
  const copy = new Response(response.body, response);
  for (const [name, value] of Object.entries(headers)) copy.headers.set(name, value);
  return copy;
}
