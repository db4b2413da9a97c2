import { createReadStream, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, resolve, sep } from 'node:path';

// A plain static host for the deploy suite: it serves a folder and honours the `_headers` and `_redirects` files in it
// as Cloudflare Pages documents them and its asset server runs them (rules before files; a 200 rule serves its
// target under the asked address; '/x' finds x.html, '/x.html' redirects to '/x'; a miss gets the nearest 404.html
// with a 404, or, with none, index.html: Pages' single-page default). It knows nothing of this site: what it serves
// is what the build wrote.

interface Rule {
  /** As written in the file, e.g. '/admin/*'. */
  source: string;
  pattern: RegExp;
  /** Whether the source has no wildcard or placeholder: Pages tries these first. */
  exact: boolean;
}

interface RedirectRule extends Rule {
  to: string;
  status: number;
}

interface HeaderRule extends Rule {
  headers: Array<[string, string]>;
  /** Names another matching rule's headers lose here. */
  detached: string[];
}

/** '/admin/*' → ^/admin/(?<splat>.*)$, '/a/:id' → ^/a/(?<id>[^/]+)$ */
function compile(source: string): Rule {
  const exact = !source.includes('*') && !source.includes(':');
  const body = source
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/:(\w+)/g, '(?<$1>[^/]+)'))
    .join('(?<splat>.*)');
  return { source, pattern: new RegExp(`^${body}$`), exact };
}

/** Lines without comments (whole-line, or after whitespace at the end of a line). */
function meaningfulLines(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.replace(/\s+#.*$/, '').trimEnd())
    .filter((line) => line.trim() !== '' && !line.trim().startsWith('#'));
}

export function parseRedirects(text: string): RedirectRule[] {
  return meaningfulLines(text).map((line) => {
    const [from, to, status = '302'] = line.trim().split(/\s+/);
    if (!from || !to) throw new Error(`_redirects: unreadable line "${line}"`);
    return { ...compile(from), to, status: Number(status) };
  });
}

export function parseHeaders(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const line of meaningfulLines(text)) {
    if (!/^\s/.test(line)) {
      rules.push({ ...compile(line.trim()), headers: [], detached: [] });
      continue;
    }
    const current = rules.at(-1);
    // `! Name` takes a header that another matching rule gives away from these addresses (Cloudflare's detach).
    const detached = /^\s+!\s*([\w-]+)\s*$/.exec(line);
    if (current && detached) {
      current.detached.push(detached[1]!);
      continue;
    }
    const separator = line.indexOf(':');
    if (!current || separator === -1) throw new Error(`_headers: a header outside a rule, or unreadable: "${line}"`);
    current.headers.push([line.slice(0, separator).trim(), line.slice(separator + 1).trim()]);
  }
  return rules;
}

/** The headers `_headers` gives every address (its `/*` rule), by name: what any host honouring it must send. */
export function headersForEveryAddress(dist: string): Record<string, string> {
  const everyAddress = parseHeaders(readFileSync(join(dist, '_headers'), 'utf8')).find((rule) => rule.source === '/*');
  return Object.fromEntries(everyAddress?.headers ?? []);
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  '.woff2': 'font/woff2',
};

/** What the host reads, never serves. */
const HOST_FILES = new Set(['/_headers', '/_redirects']);

export interface StaticHost {
  url: string;
  /** Every path the host was asked for, in order: what a journey checks was (not) requested. */
  requested: string[];
  close(): Promise<void>;
}

function firstMatch<R extends Rule>(rules: R[], path: string): { rule: R; groups: Record<string, string> } | null {
  for (const rule of [...rules.filter((entry) => entry.exact), ...rules.filter((entry) => !entry.exact)]) {
    const match = rule.pattern.exec(path);
    if (match) return { rule, groups: match.groups ?? {} };
  }
  return null;
}

export async function startStaticHost(folder: string): Promise<StaticHost> {
  const root = resolve(folder);
  const redirects = parseRedirects(readFileSync(join(root, '_redirects'), 'utf8'));
  const headerRules = parseHeaders(readFileSync(join(root, '_headers'), 'utf8'));
  const requested: string[] = [];

  /** The file at a decoded path, or null: none, a folder, outside the root, or one of the host's own. */
  const fileAt = (path: string): string | null => {
    if (HOST_FILES.has(path)) return null;
    const file = resolve(root, `.${path}`);
    if (!file.startsWith(`${root}${sep}`)) return null;
    try {
      return statSync(file).isFile() ? file : null;
    } catch {
      return null;
    }
  };

  function headersFor(path: string): Record<string, string> {
    const headers: Record<string, string> = {};
    for (const rule of headerRules) {
      if (!rule.pattern.test(path)) continue;
      for (const [name, value] of rule.headers) headers[name] = headers[name] ? `${headers[name]}, ${value}` : value;
    }
    for (const rule of headerRules) if (rule.pattern.test(path)) for (const name of rule.detached) delete headers[name];
    return headers;
  }

  function send(req: IncomingMessage, res: ServerResponse, status: number, file: string, headers: Record<string, string>): void {
    res.writeHead(status, { ...headers, 'Content-Type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream' });
    if (req.method === 'HEAD') res.end();
    else createReadStream(file).pipe(res);
  }

  function redirect(res: ServerResponse, status: number, location: string, headers: Record<string, string>): void {
    res.writeHead(status, { ...headers, Location: location });
    res.end();
  }

  function notFound(req: IncomingMessage, res: ServerResponse, path: string, headers: Record<string, string>): void {
    const folders = path.split('/').slice(0, -1);
    for (let depth = folders.length; depth >= 1; depth--) {
      const page = fileAt(`${folders.slice(0, depth).join('/')}/404.html`);
      if (page) return send(req, res, 404, page, headers);
    }
    const index = fileAt('/index.html');
    if (index) return send(req, res, 200, index, headers);
    res.writeHead(404, headers).end();
  }

  function answer(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', 'http://static.invalid');
    requested.push(`${url.pathname}${url.search}`);
    const headers = headersFor(url.pathname);
    let path = url.pathname;
    const matched = firstMatch(redirects, path);
    if (matched) {
      const to = matched.rule.to.replace(/:(\w+)/g, (whole, name: string) => matched.groups[name] ?? whole);
      if (matched.rule.status !== 200) return redirect(res, matched.rule.status, to, headers);
      path = new URL(to, url).pathname;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return void res.writeHead(405, headers).end();
    try {
      path = decodeURIComponent(path);
    } catch {
      // Served as asked.
    }
    if (path.split('/').includes('..')) return void res.writeHead(400, headers).end();
    const again = (to: string) => redirect(res, 308, `${to}${url.search}`, headers);
    if (path.endsWith('/')) {
      const index = fileAt(`${path}index.html`);
      if (index) return send(req, res, 200, index, headers);
      if (fileAt(path.replace(/\/$/, '.html'))) return again(path.slice(0, -1));
      return notFound(req, res, path, headers);
    }
    const file = fileAt(path);
    if (file) {
      if (!path.endsWith('.html')) return send(req, res, 200, file, headers);
      const extensionless = path.slice(0, -'.html'.length);
      if (extensionless.endsWith('/index')) return again(extensionless.replace(/\/index$/, '/'));
      if (fileAt(extensionless)) return send(req, res, 200, file, headers);
      return again(extensionless);
    }
    if (path.endsWith('/index')) return again(path.slice(0, -'index'.length));
    const page = fileAt(`${path}.html`);
    if (page) return send(req, res, 200, page, headers);
    if (fileAt(`${path}/index.html`)) return again(`${path}/`);
    notFound(req, res, path, headers);
  }

  const server: Server = createServer(answer);
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requested,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
