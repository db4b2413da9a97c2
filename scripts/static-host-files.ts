// What a static host (Cloudflare Pages, Netlify) reads from the build's folder to serve the site without the edge
// handler: `_headers` (the page policy and its companions of edge/security-headers.ts, the built files' caching of
// server/static-policy.ts) and `_redirects` (which file answers which address). Written by scripts/prerender.ts once
// every HTML file is in dist/, because the policy allows the pages' inline boot script by the hashes of what it wrote.
//
// The rules follow Cloudflare Pages' documented order, which Netlify shares for the addresses below (no file exists
// there): a rule is tried before the files, a 200 serves its target's file under the asked address, and a target
// without '.html' finds `<target>.html` (Pages answers an address ending in .html with a redirect to the one without).
// Nothing matches every address: on Pages a '/*' rule would also take /assets/… away from their files.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { ANSWER_HEADERS, securityHeaders } from '../edge/security-headers.ts';
import { inlineScriptHashes } from '../edge/inline-scripts.ts';
import { NEWS_NOT_CONFIGURED } from '../edge/news-proxy.ts';
import { NEWS_PROXY_PREFIX } from '../src/services/news/category-mapping.ts';
import { NO_WEATHER, WEATHER_PATH } from '../src/services/weather/weather.ts';
import { cacheControlFor } from '../server/static-policy.ts';
import { paths } from '../src/lib/paths.ts';
import { APP_SHELL_FILE, PRERENDERED_PAGES, READER_SHELL } from '../src/render/prerendered-pages.ts';

/** Where a static host looks for its page to answer an address no file and no rule answers (both hosts). */
export const NOT_FOUND_FILE = '404.html';

/**
 * The news proxy's answer without a key (edge/news-proxy.ts), as a file: a static host runs no proxy, and the app
 * then shows its built-in samples instead of a failed request per news section.
 */
export const NEWS_NOT_CONFIGURED_FILE = 'static-host/news-not-configured.json';

/**
 * The weather's answer without a reading (edge/weather-proxy.ts), as a file: a static host runs no proxy, and the
 * widget then says 'Previsão indisponível' instead of a failed request.
 */
export const NO_WEATHER_FILE = 'static-host/no-weather.json';

/** A rewrite target that names no file: what a private build file's address is sent to, so it answers 404. */
const NO_FILE = '/__nao-encontrado';

/** The address a static host serves `file` (relative to dist/) under, as a rewrite target: without '.html'. */
function target(file: string): string {
  return `/${file.replace(/\.html$/, '')}`;
}

/**
 * A route pattern as a _redirects source: '/vagas' as it is, '/vagas/:id/:slug?' as '/vagas/*' (every address
 * under it; the app tells a job from a miss).
 */
function source(pattern: string): string {
  const param = pattern.indexOf('/:');
  return param === -1 ? pattern : `${pattern.slice(0, param)}/*`;
}

/** Every reader route's pattern but the home page's (served by dist/index.html as '/'). */
function readerPatterns(): string[] {
  const { admin: _admin, home: _home, ...reader } = paths;
  return Object.values(reader).map((route) => route.pattern);
}

/**
 * `_redirects`: one `<address> <target> <status>` per line; the first that matches wins. Exact addresses come before
 * patterns (Pages looks them up first and counts them against a separate limit), so '/topic/local' is its own page
 * and '/topic/*' the frame.
 *
 * The build's private files answer 404: the server's render and Vite's manifest wherever they are asked for, and each
 * HTML template under the extensionless address Pages redirects its '.html' to. Only that one: Cloudflare's Workers
 * read this file too (adapters/cloudflare/wrangler.toml serves dist/), and the Worker reads its templates from the
 * assets by their '.html' names, which no rule may take away. A rule matches the address asked for, never the target
 * another rule served, so '/obituarios' still gets prerendered/obituarios.html.
 */
export function redirectsFile(): string {
  const rules: Array<{ from: string; to: string; why: string }> = [];
  const rule = (from: string, to: string, why: string) => {
    if (!rules.some((existing) => existing.from === from)) rules.push({ from, to, why });
  };
  const isPrivate = "the build's private files (the server's render, Vite's manifest, the raw templates): 404";
  const templates = [...PRERENDERED_PAGES.map((page) => page.file), APP_SHELL_FILE, NOT_FOUND_FILE].filter((file) => file !== 'index.html');
  for (const from of ['/.server/*', '/.vite/*', ...templates.map(target)]) rule(from, NO_FILE, isPrivate);
  for (const page of PRERENDERED_PAGES) {
    if (page.mode === 'page' && page.path !== paths.home()) rule(page.path, target(page.file), 'a page prerendered at build time, from its own file');
  }
  const admin = "the admin panel: the plain app page (its first render needs a session)";
  rule(paths.admin.root(), target(APP_SHELL_FILE), admin);
  rule(`${paths.admin.root()}/*`, target(APP_SHELL_FILE), admin);
  for (const pattern of readerPatterns()) {
    rule(source(pattern), target(READER_SHELL.file), "another reader address: the reader's frame, never another page's content");
  }
  rule(`${NEWS_PROXY_PREFIX}*`, `/${NEWS_NOT_CONFIGURED_FILE}`, 'the news proxy needs a server: the app shows its built-in samples');
  rule(WEATHER_PATH, `/${NO_WEATHER_FILE}`, "the weather needs a server: the widget says there is no reading");
  const ordered = [...rules.filter((entry) => !entry.from.includes('*')), ...rules.filter((entry) => entry.from.includes('*'))];
  return [
    '# Written by scripts/static-host-files.ts (npm run build): which file a static host answers each address with.',
    `# Any address no rule and no file answers gets ${NOT_FOUND_FILE}: the reader's frame with a 404; the app shows its not-found page.`,
    // A comment line above each group, never after a rule: not every host reads a comment at the end of a line.
    ...ordered.flatMap(({ from, to, why }, index) => [...(ordered[index - 1]?.why === why ? [] : [`# ${why}`]), `${from} ${to} 200`]),
    '',
  ].join('\n');
}

/** `_headers`: an address pattern, then its headers indented below it. */
export function headersFile(options: { supabaseUrl: string | null; scriptHashes: readonly string[] }): string {
  const documentHeaders = securityHeaders({ supabaseUrl: options.supabaseUrl, scriptHashes: options.scriptHashes });
  // The built files are no documents: they keep nosniff and lose the page policy and its companions (`! Name`).
  const documentOnly = Object.keys(documentHeaders).filter((name) => !(name in ANSWER_HEADERS));
  const block = (pattern: string, headers: Record<string, string>, detached: readonly string[] = []) =>
    [pattern, ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`), ...detached.map((name) => `  ! ${name}`)].join('\n');
  return `${[
    '# Written by scripts/static-host-files.ts (npm run build): the headers every host of the site sends (edge/security-headers.ts).',
    block('/*', documentHeaders),
    // Only these two set Cache-Control: Pages joins the values of every rule that matches.
    block('/assets/*', { 'Cache-Control': cacheControlFor('/assets/') }, documentOnly),
    block('/images/*', { 'Cache-Control': cacheControlFor('/images/') }, documentOnly),
    // As the proxy sends it: a browser sees the news as soon as the site moves to a host with a key.
    block(`${NEWS_PROXY_PREFIX}*`, { 'Cache-Control': 'no-store' }),
  ].join('\n')}\n`;
}

/** Every .html file below `dir`, relative to it. */
function htmlFiles(dir: string, root = dir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name.startsWith('.') ? [] : htmlFiles(path, root);
    return entry.name.endsWith('.html') ? [relative(root, path)] : [];
  });
}

/**
 * Writes dist/404.html (the reader's frame), the news proxy's answer without a key, dist/_headers and
 * dist/_redirects. The policy names every inline boot script of every HTML file the build wrote, and the hosted
 * project the bundle talks to.
 */
export async function writeStaticHostFiles(distDir: string, supabaseUrl: string | null): Promise<void> {
  writeFileSync(join(distDir, NOT_FOUND_FILE), readFileSync(join(distDir, READER_SHELL.file)));
  mkdirSync(dirname(join(distDir, NEWS_NOT_CONFIGURED_FILE)), { recursive: true });
  writeFileSync(join(distDir, NEWS_NOT_CONFIGURED_FILE), JSON.stringify(NEWS_NOT_CONFIGURED));
  writeFileSync(join(distDir, NO_WEATHER_FILE), JSON.stringify(NO_WEATHER));
  const hashes = new Set<string>();
  for (const file of htmlFiles(distDir)) {
    for (const hash of await inlineScriptHashes(readFileSync(join(distDir, file), 'utf8'))) hashes.add(hash);
  }
  writeFileSync(join(distDir, '_headers'), headersFile({ supabaseUrl, scriptHashes: [...hashes].sort() }));
  writeFileSync(join(distDir, '_redirects'), redirectsFile());
}
