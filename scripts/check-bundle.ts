// Proves from the build output that a reader's first visit to the home page downloads neither the admin panel nor
// the rich-text editor (TipTap/ProseMirror), and prints the gzip size of that first-load JavaScript.
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
const HOME_ROUTE = 'src/features/reader/home/home.route.tsx';
/** Source folders whose code must never reach the home page's first load. */
const FORBIDDEN_SOURCES = [/^src\/features\/admin\//, /node_modules\/@tiptap\//, /node_modules\/prosemirror-/];
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
];
/** Budget for the home page's first-load JavaScript, gzip. */
const BUDGET_GZIP_BYTES = 140 * 1024;
/** The backend client, which the reader's loaders import dynamically as soon as the entry runs (reader-client.ts). */
const BACKEND_CLIENT = 'src/services/browser-client.ts';

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

const firstLoad = withStaticImports(entryKey, new Set());
// The home route is eager today (part of the entry); if it becomes lazy again, its chunk is part of the first load.
if (manifest[HOME_ROUTE]) withStaticImports(HOME_ROUTE, firstLoad);

const contents = new Map<string, string>();
const read = (file: string) => {
  let text = contents.get(file);
  if (text === undefined) {
    text = readFileSync(resolve(DIST, file), 'utf8');
    contents.set(file, text);
  }
  return text;
};

const problems: string[] = [];
for (const key of firstLoad) {
  const chunk = manifest[key]!;
  for (const source of new Set([key, chunk.src ?? ''])) {
    if (FORBIDDEN_SOURCES.some((pattern) => pattern.test(source))) problems.push(`${chunk.file} is built from ${source}`);
  }
  if (!chunk.file.endsWith('.js')) continue;
  for (const marker of MARKERS) {
    if (marker.pattern.test(read(chunk.file))) problems.push(`${chunk.file} contains ${marker.label} code (${marker.pattern})`);
  }
}

// The markers must still find what they look for, in the chunks that are allowed to hold it.
const allJs = Object.values(manifest).filter((chunk) => chunk.file.endsWith('.js'));
for (const marker of MARKERS) {
  if (!allJs.some((chunk) => marker.pattern.test(read(chunk.file)))) {
    problems.push(`marker "${marker.label}" ${marker.pattern} is found nowhere in the build: update MARKERS`);
  }
}

let total = 0;
console.log('Home page first-load JavaScript (entry, its static imports and the home route):');
for (const key of firstLoad) {
  const file = manifest[key]!.file;
  if (!file.endsWith('.js')) continue;
  const raw = readFileSync(resolve(DIST, file));
  const gzip = gzipSync(raw, { level: 9 }).length;
  total += gzip;
  console.log(`  ${file.padEnd(44)} ${(raw.length / 1024).toFixed(1).padStart(7)} kB  gzip ${(gzip / 1024).toFixed(1).padStart(6)} kB`);
}
console.log(`  total gzip: ${(total / 1024).toFixed(1)} kB (budget ${(BUDGET_GZIP_BYTES / 1024).toFixed(0)} kB)`);
if (total > BUDGET_GZIP_BYTES) problems.push(`first-load JavaScript is ${(total / 1024).toFixed(1)} kB gzip, over the budget`);

// Not part of the first paint, but the home page's data waits for it: say what it costs, and hold it to the same rules.
if (manifest[BACKEND_CLIENT]) {
  const clientChunks = [...withStaticImports(BACKEND_CLIENT, new Set())].filter((key) => !firstLoad.has(key));
  let clientTotal = 0;
  for (const key of clientChunks) {
    const file = manifest[key]!.file;
    if (file.endsWith('.js')) {
      clientTotal += gzipSync(readFileSync(resolve(DIST, file)), { level: 9 }).length;
      for (const marker of MARKERS) {
        if (marker.pattern.test(read(file))) problems.push(`${file} (backend client) contains ${marker.label} code`);
      }
    }
  }
  console.log(`  + backend client loaded right after, for the data: ${(clientTotal / 1024).toFixed(1)} kB gzip`);
}

if (problems.length > 0) fail(`\n  ${problems.join('\n  ')}`);
console.log('check-bundle: the home page loads no admin or editor code.');
