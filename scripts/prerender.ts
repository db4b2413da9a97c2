// Renders the reader's prerendered pages (src/render/prerendered-pages.ts) into the built app with the request render's
// producer (decision 0048): after `vite build`, each page's HTML is dist/index.html with the page's markup inside #root, so the masthead, the navigation, the footer and
// the page's static blocks paint before the JavaScript runs. Also keeps the plain template as dist/app.html for the
// admin panel, and writes what static hosts read (scripts/static-host-files.ts). Run by `npm run build` (and
// `npm run test:e2e`); exit code 1 on any failure.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { createServer } from 'vite';
import type * as Pages from '../src/render/prerendered-pages.ts';
import type * as Render from '../src/render/render-prerendered.tsx';
import type * as PageHtml from '../src/render/page-html.ts';
import { BUILD_TARGET_FILE, readBuildTarget } from '../server/build-target.ts';
import { writeStaticHostFiles } from './static-host-files.ts';

const ROOT = resolve(import.meta.dirname, '..');
const DIST = resolve(ROOT, 'dist');
/** The reader's data requests never leave during the render: every section prerenders as its skeleton anyway. */
const ORIGIN = 'http://prerender.invalid';

function fail(message: string): never {
  console.error(`prerender: ${message}`);
  process.exit(1);
}

const templatePath = resolve(DIST, 'index.html');
if (!existsSync(templatePath)) fail('no dist/index.html: run `vite build` first');
// A second run starts from the plain template kept by the first, never from an already prerendered page.
const appShellPath = resolve(DIST, 'app.html');
const template = readFileSync(existsSync(appShellPath) ? appShellPath : templatePath, 'utf8');
if (!template.includes('<div id="root"></div>')) fail('dist/index.html has no empty <div id="root"></div>');

// The render runs the app's modules on Node through Vite (JSX, import.meta.env); no config file, so the local
// backend's plugin does not start. The reader client's address needs a window; its requests must never settle.
Object.assign(globalThis, { window: { location: new URL(ORIGIN) } });
globalThis.fetch = () => new Promise<Response>(() => undefined);

const vite = await createServer({
  root: ROOT,
  configFile: false,
  logLevel: 'error',
  plugins: [react()],
  server: { middlewareMode: true, hmr: false, watch: null },
  appType: 'custom',
});
try {
  const pages = (await vite.ssrLoadModule('/src/render/prerendered-pages.ts')) as typeof Pages;
  const { renderPrerendered } = (await vite.ssrLoadModule('/src/render/render-prerendered.tsx')) as typeof Render;
  const pageHtml = (await vite.ssrLoadModule('/src/render/page-html.ts')) as typeof PageHtml;
  writeFileSync(appShellPath, template);
  for (const page of pages.PRERENDERED_PAGES) {
    // The request render's producer (decision 0048): the page's markup, React's preloads for its head and React Router's
    // hydration data (none for the shell, which is served at addresses the build cannot know).
    const rendered = await renderPrerendered(page, ORIGIN);
    const html = pageHtml.pageDocument(template, rendered, page.key);
    const target = resolve(DIST, page.file);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, html);
    console.log(`prerender: ${page.path.padEnd(20)} → dist/${page.file} (${(html.length / 1024).toFixed(1)} kB)`);
  }
} finally {
  await vite.close();
}

// What a static host reads (scripts/static-host-files.ts), from the pages just written and the project the bundle
// was built for, as the build recorded it (server/build-target.ts).
const target = await readBuildTarget(DIST);
if (!target) throw new Error(`prerender: dist/${BUILD_TARGET_FILE} is missing: run vite build first`);
await writeStaticHostFiles(DIST, target.supabaseUrl);
console.log('prerender: dist/_headers, dist/_redirects and dist/404.html for static hosts');
