// Proves from the build output that no reader page's first load downloads the admin panel, the rich-text editor
// (TipTap/ProseMirror), supabase-js's auth/storage/realtime clients or the error reports' Sentry SDK, and holds each reader page's first-load
// JavaScript (gzip) to its budget. This is the deterministic half of `npm run perf` that CI runs on every build.
// Usage: npx vite build && npx tsx scripts/check-bundle.ts   (exit code 1 on a violation)
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const DIST = resolve(import.meta.dirname, '../dist');
const MANIFEST = resolve(DIST, '.vite/manifest.json');
/** Source folders whose code must never reach the home page's first load. */
const FORBIDDEN_SOURCES = [
  /^src\/features\/admin\//,
  /node_modules\/@tiptap\//,
  /node_modules\/prosemirror-/,
  // The error reports' browser SDK loads in the admin panel only, and only with VITE_SENTRY_DSN (decision 0041).
  /^src\/lib\/error-reports\//,
  /node_modules\/@sentry\//,
];
/**
 * Text that only the editor or the admin panel contains. Shared chunks carry no module list in the manifest, so
 * their contents are searched too. Each marker is also required to appear somewhere in the build (see below), so a
 * renamed string cannot make this check pass vacuously.
 */
const MARKERS = [
  { label: 'ProseMirror (editor view)', pattern: /ProseMirror/ },
  { label: 'TipTap editor', pattern: /tiptap/i },
  { label: 'admin publication form', pattern: /Publicar imediatamente/ },
  { label: 'admin publication list', pattern: /Nova Publicação/ },
  // Readers never sign in: supabase-js (auth, storage, realtime) is the admin panel's; readers use postgrest-js.
  { label: "supabase-js's auth client", pattern: /GoTrueClient/ },
  // In its own chunk, which the admin panel asks for only with VITE_SENTRY_DSN set (docs/decisions/0041).
  { label: 'the Sentry browser SDK', pattern: /sentry_key/ },
];
/**
 * Every reader page's first-load JavaScript, gzip, the data client included, on React 19 (docs/decisions/0022): what
 * the reader feels is held by `npm run perf`'s Lighthouse budgets; this keeps the weight from creeping up unseen.
 */
const BUDGET_GZIP_BYTES = 150 * 1024;

function fail(message: string): never {
  console.error(`check-bundle: ${message}`);
  process.exit(1);
}

if (!existsSync(MANIFEST)) fail(`no ${MANIFEST}: run "npx vite build" (vite.config.ts sets build.manifest) first`);
const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8')) as Manifest;

const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry && key.endsWith('index.html'));
if (!entryKey) fail('the manifest has no index.html entry');

/** A chunk and everything it imports statically: what the browser must load before that chunk runs. */
function withStaticImports(key: string, into: Set<string>): Set<string> {
  if (into.has(key)) return into;
  const chunk = manifest[key];
  if (!chunk) fail(`the manifest names ${key} but has no such chunk`);
  into.add(key);
  for (const imported of chunk.imports ?? []) withStaticImports(imported, into);
  return into;
}

/**
 * Each reader page's first load: the entry and what it imports, the page's route module (lazy) with its imports, and
 * the chunks its loader asks for as soon as it runs (the search service of the archive pages). `onDemand` chunks load
 * only when needed (the built-in sample articles, when the news service is off or fails), reported separately.
 */
interface ReaderPage {
  name: string;
  route: string | null;
  alsoLoads: string[];
  /** gzip bytes. */
  budget: number;
}
const KB = 1024;
const SEARCH_SERVICE = 'src/services/search.ts';
const SAMPLE_ARTICLES = 'src/services/news/sample-articles.ts';
const READER_PAGES: ReaderPage[] = [
  { name: 'home /', route: null, alsoLoads: [], budget: BUDGET_GZIP_BYTES },
  { name: 'topic /topic/:slug', route: 'src/features/reader/topic/topic.route.tsx', alsoLoads: [SEARCH_SERVICE], budget: BUDGET_GZIP_BYTES },
  { name: 'article /noticia/:id/:slug', route: 'src/features/reader/article/article.route.tsx', alsoLoads: [], budget: BUDGET_GZIP_BYTES },
  { name: 'obituaries /obituarios', route: 'src/features/reader/obituaries/obituaries.route.tsx', alsoLoads: [SEARCH_SERVICE], budget: BUDGET_GZIP_BYTES },
  { name: 'obituary /obituarios/:id', route: 'src/features/reader/obituaries/obituary.route.tsx', alsoLoads: [], budget: BUDGET_GZIP_BYTES },
  { name: 'jobs /vagas', route: 'src/features/reader/jobs/jobs.route.tsx', alsoLoads: [], budget: BUDGET_GZIP_BYTES },
  { name: 'job /vagas/:id', route: 'src/features/reader/jobs/job.route.tsx', alsoLoads: [], budget: BUDGET_GZIP_BYTES },
  { name: 'search /busca', route: 'src/features/reader/search/search.route.tsx', alsoLoads: [SEARCH_SERVICE], budget: BUDGET_GZIP_BYTES },
  { name: 'advertising /anuncie', route: 'src/features/reader/advertising/advertising.route.tsx', alsoLoads: [], budget: BUDGET_GZIP_BYTES },
  { name: 'corrections /correcoes', route: 'src/features/reader/corrections/corrections.route.tsx', alsoLoads: [], budget: BUDGET_GZIP_BYTES },
  // The tip line's supabase-js client (for the photos' uploads) comes only when a tip is sent: not in this first load.
  { name: 'privacy /privacidade', route: 'src/features/reader/privacy/privacy.route.tsx', alsoLoads: [], budget: BUDGET_GZIP_BYTES },
  { name: 'tip line /envie-sua-noticia', route: 'src/features/reader/tip-line/tip-line.route.tsx', alsoLoads: [], budget: BUDGET_GZIP_BYTES },
  { name: 'accessibility /acessibilidade', route: 'src/features/reader/accessibility/accessibility.route.tsx', alsoLoads: [], budget: BUDGET_GZIP_BYTES },
  // Reader support (decision 0054): the Pix code's builder is the server's, imported by the loader only when it runs.
  { name: 'support /apoie', route: 'src/features/reader/support/support.route.tsx', alsoLoads: [], budget: BUDGET_GZIP_BYTES },
  { name: 'support code /apoie/pix/:txid', route: 'src/features/reader/support/support-code.route.tsx', alsoLoads: [], budget: BUDGET_GZIP_BYTES },
];

const contents = new Map<string, string>();
const read = (file: string) => {
  let text = contents.get(file);
  if (text === undefined) {
    text = readFileSync(resolve(DIST, file), 'utf8');
    contents.set(file, text);
  }
  return text;
};

const gzipSizes = new Map<string, number>();
const gzipSize = (file: string) => {
  let size = gzipSizes.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(resolve(DIST, file)), { level: 9 }).length;
    gzipSizes.set(file, size);
  }
  return size;
};
const jsTotal = (keys: Iterable<string>) =>
  [...keys].map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js')).reduce((sum, file) => sum + gzipSize(file), 0);

/** The boot script (server/deferred-app-plugin.ts): every built page's first script, which starts the entry. */
const BOOT_SOURCE = 'src/boot.ts';
if (!manifest[BOOT_SOURCE]?.isEntry) fail(`the manifest has no ${BOOT_SOURCE} entry: is deferredAppPlugin() in vite.config.ts?`);
const entryLoad = withStaticImports(entryKey, withStaticImports(BOOT_SOURCE, new Set()));
const problems: string[] = [];
/** Admin panel and editor code never reaches a reader page's first load. */
function checkNoAdminCode(keys: Set<string>, page: string): void {
  for (const key of keys) {
    const chunk = manifest[key]!;
    for (const source of new Set([key, chunk.src ?? ''])) {
      if (FORBIDDEN_SOURCES.some((pattern) => pattern.test(source))) problems.push(`${page}: ${chunk.file} is built from ${source}`);
    }
    if (!chunk.file.endsWith('.js')) continue;
    for (const marker of MARKERS) {
      if (marker.pattern.test(read(chunk.file))) problems.push(`${page}: ${chunk.file} contains ${marker.label} code (${marker.pattern})`);
    }
  }
}

console.log('Reader pages: first-load JavaScript, gzip -9 (boot + entry + route + what the loader loads at once):');
console.log(`  ${'page'.padEnd(26)} ${'first load'.padStart(11)} ${'budget'.padStart(9)}   of which the boot and the entry (React, React Router, data client, home)`);
for (const page of READER_PAGES) {
  const keys = new Set(entryLoad);
  if (page.route) {
    if (!manifest[page.route]) fail(`the manifest has no ${page.route}: update READER_PAGES`);
    withStaticImports(page.route, keys);
  }
  for (const extra of page.alsoLoads) {
    if (!manifest[extra]) fail(`the manifest has no ${extra}: update READER_PAGES`);
    withStaticImports(extra, keys);
  }
  checkNoAdminCode(keys, page.name);
  const total = jsTotal(keys);
  const verdict = total > page.budget ? '  OVER' : '';
  console.log(
    `  ${page.name.padEnd(26)} ${`${(total / KB).toFixed(1)} kB`.padStart(11)} ${`${(page.budget / KB).toFixed(0)} kB`.padStart(9)}   ${(jsTotal(entryLoad) / KB).toFixed(1)} kB${verdict}`,
  );
  if (total > page.budget) problems.push(`${page.name}: first-load JavaScript is ${(total / KB).toFixed(1)} kB gzip, over its ${(page.budget / KB).toFixed(0)} kB budget`);
}
if (manifest[SAMPLE_ARTICLES]) {
  console.log(`  + the built-in sample articles, only when a news section falls back to them: ${(jsTotal(withStaticImports(SAMPLE_ARTICLES, new Set())) / KB - jsTotal(entryLoad) / KB).toFixed(1)} kB`);
}

// The markers must still find what they look for, in the chunks that are allowed to hold it.
const allJs = Object.values(manifest).filter((chunk) => chunk.file.endsWith('.js'));
for (const marker of MARKERS) {
  if (!allJs.some((chunk) => marker.pattern.test(read(chunk.file)))) {
    problems.push(`marker "${marker.label}" ${marker.pattern} is found nowhere in the build: update MARKERS`);
  }
}
// Every page has the site's one stylesheet from its start (vite.config.ts, cssCodeSplit): a chunk that names a
// stylesheet would load one while the page runs, and restyle the whole page.
for (const chunk of allJs) {
  const stylesheet = /assets\/[\w.-]+\.css/.exec(read(chunk.file))?.[0];
  if (stylesheet) problems.push(`${chunk.file} loads the stylesheet ${stylesheet} when it runs: every page has the site's one stylesheet already`);
}
if (problems.length > 0) fail(`\n  ${problems.join('\n  ')}`);
console.log('check-bundle: every reader page is within its budget and loads no admin, editor or auth code.');
