import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../edge/security-headers.ts';
import { writeStaticHostFiles } from '../scripts/static-host-files.ts';

// What the build writes for static hosts (scripts/static-host-files.ts), over a folder shaped like dist/: the policy
// allows exactly the inline boot scripts the pages carry, and the fallbacks name the build's own files.

const page = (boot: string) =>
  `<!doctype html><html><head><script type="module" data-app="/assets/index.js">${boot}</script></head><body><div id="root"></div></body></html>`;
const FILES: Record<string, string> = {
  'index.html': page('start(1)'),
  'prerendered/shell.html': page('start(2)'),
  'prerendered/obituarios.html': page('start(1)'),
  'app.html': '<!doctype html><html><head></head><body><div id="root"></div></body></html>',
};

const hashOf = (code: string) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`;

let dist: string;

beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'static-host-files-'));
  for (const [file, content] of Object.entries(FILES)) {
    await mkdir(dirname(join(dist, file)), { recursive: true });
    await writeFile(join(dist, file), content);
  }
  await writeStaticHostFiles(dist, 'https://abc.supabase.co');
});

afterAll(async () => {
  await rm(dist, { recursive: true, force: true });
});

/** dist/_redirects as a map from each address to its target and status. */
async function redirectRules(): Promise<Map<string, string>> {
  return new Map(
    (await readFile(join(dist, '_redirects'), 'utf8'))
      .split('\n')
      .filter((line) => line && !line.startsWith('#'))
      .map((line) => {
        const [from = '', to, status] = line.split(' ');
        return [from, `${to} ${status}`] as const;
      }),
  );
}

describe('the static host files the build writes', () => {
  it("_headers sends the page policy of every host, allowing each page's inline boot script by its hash", async () => {
    const headers = await readFile(join(dist, '_headers'), 'utf8');
    const scriptHashes = [hashOf('start(1)'), hashOf('start(2)')].sort();
    const policy = contentSecurityPolicy({ supabaseUrl: 'https://abc.supabase.co', scriptHashes });
    expect(policy).toContain(`script-src 'self' ${scriptHashes.join(' ')};`);
    expect(policy).toContain("style-src 'self';");
    expect(headers).toContain(`/*\n  Content-Security-Policy: ${policy}\n`);
    expect(policy).toContain('connect-src \'self\' https://abc.supabase.co wss://abc.supabase.co');
    expect(headers).toContain('X-Frame-Options: DENY');
    expect(headers).toContain('/assets/*\n  Cache-Control: public, max-age=31536000, immutable');
    // A script or an image is no document: it keeps nosniff (the '/*' rule's) and loses the page policy and framing.
    const assets = headers.slice(headers.indexOf('/assets/*'), headers.indexOf('/images/*'));
    expect(assets).toContain('  ! Content-Security-Policy\n');
    expect(assets).toContain('  ! X-Frame-Options\n');
    expect(assets).not.toContain('X-Content-Type-Options');
  });

  it("_redirects answers deep links with the reader's frame or their own page, and private files with nothing", async () => {
    const rules = await redirectRules();
    expect(rules.get('/obituarios')).toBe('/prerendered/obituarios 200');
    expect(rules.get('/topic/local')).toBe('/prerendered/topic/local 200');
    expect(rules.get('/noticia/*')).toBe('/prerendered/shell 200');
    expect(rules.get('/busca')).toBe('/prerendered/shell 200');
    expect(rules.get('/admin/*')).toBe('/app 200');
    // A template's extensionless address (where Pages redirects its .html name) answers 404; the .html name itself
    // stays readable for the Worker, which reads its templates from the same folder.
    for (const from of ['/.server/*', '/.vite/*', '/prerendered/obituarios', '/prerendered/shell', '/app']) {
      const to = rules.get(from)?.split(' ')[0];
      expect(to, from).toBeDefined();
      expect(FILES[`${to!.slice(1)}.html`], from).toBeUndefined();
    }
    const sources = [...rules.keys()];
    expect(sources.filter((from) => from === '/*' || from.endsWith('.html') || from === '/prerendered/*')).toEqual([]);
  });

  it("404.html is the reader's frame, the news feeds get the keyless proxy's answer and the weather no reading", async () => {
    expect(await readFile(join(dist, '404.html'), 'utf8')).toBe(FILES['prerendered/shell.html']);
    const news = JSON.parse(await readFile(join(dist, 'static-host/news-not-configured.json'), 'utf8')) as { code: string };
    expect(news.code).toBe('apiKeyMissing');
    expect((await redirectRules()).get('/api/weather')).toBe('/static-host/no-weather.json 200');
    expect(JSON.parse(await readFile(join(dist, 'static-host/no-weather.json'), 'utf8'))).toEqual({ reading: null, stale: false });
  });
});
