// Renders the reader's prerendered pages (src/app/prerendered-pages.ts) into the built app: after `vite build`, each
// page's HTML is dist/index.html with the page's markup inside #root, so the masthead, the navigation, the footer and
// the page's static blocks paint before the JavaScript runs. Also keeps the plain template as dist/app.html for the
// admin panel. Run by `npm run build` (and `npm run test:e2e`); exit code 1 on any failure.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { createServer } from 'vite';
import type * as Pages from '../src/app/prerendered-pages.ts';
import type * as Render from '../src/app/render-prerendered.tsx';

const ROOT = resolve(import.meta.dirname, '..');
const DIST = resolve(ROOT, 'dist');
/** The reader's data requests never leave during the render: every section prerenders as its skeleton anyway. */
const ORIGIN = 'http://prerender.invalid';

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/** The route module each page hydrates with, so its chunk is fetched with the HTML instead of after the entry. */
const ROUTE_MODULE_BY_PAGE: Record<string, string | undefined> = {
  obituaries: 'src/features/reader/obituaries/obituaries.route.tsx',
  advertising: 'src/features/reader/advertising/advertising.route.tsx',
};
const TOPIC_ROUTE_MODULE = 'src/features/reader/topic/topic.route.tsx';

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
const manifest = JSON.parse(readFileSync(resolve(DIST, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;

/** A chunk's file and those of its static imports, as modulepreload links (the entry's own are already there). */
function modulePreloads(source: string | undefined): string {
  if (!source) return '';
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(source);
  return [...files]
    .filter((file) => !template.includes(`/${file}"`))
    .map((file) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="/${file}">`)
    .join('');
}

/**
 * A prerendered page paints without its JavaScript, which only hydrates it: the scripts are fetched at low priority,
 * so on a slow connection the stylesheet and the lead image get the bandwidth first. (The admin's plain page keeps
 * them at the default priority: nothing paints there before they run.)
 */
function withScriptsAtLowPriority(html: string): string {
  return html
    .replace(/<script type="module" crossorigin src=/g, '<script type="module" crossorigin fetchpriority="low" src=')
    .replace(/<link rel="modulepreload" crossorigin href=/g, '<link rel="modulepreload" crossorigin fetchpriority="low" href=');
}

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
  const pages = (await vite.ssrLoadModule('/src/app/prerendered-pages.ts')) as typeof Pages;
  const { renderPrerendered } = (await vite.ssrLoadModule('/src/app/render-prerendered.tsx')) as typeof Render;
  writeFileSync(appShellPath, template);
  for (const page of pages.PRERENDERED_PAGES) {
    const rendered = await renderPrerendered(page, ORIGIN);
    // React puts the preloads it asks for (the lead image) before the markup; they belong in the head.
    const preloads = /^(?:<link [^>]*\/>)*/.exec(rendered)?.[0] ?? '';
    const markup = rendered.slice(preloads.length);
    const routeModule = page.key.startsWith('topic-') ? TOPIC_ROUTE_MODULE : ROUTE_MODULE_BY_PAGE[page.key];
    const html = withScriptsAtLowPriority(template)
      .replace('<div id="root"></div>', `<div id="root" data-prerendered="${page.key}">${markup}</div>`)
      .replace('</head>', `${preloads}${modulePreloads(routeModule)}</head>`);
    const target = resolve(DIST, page.file);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, html);
    console.log(`prerender: ${page.path.padEnd(20)} → dist/${page.file} (${(html.length / 1024).toFixed(1)} kB)`);
  }
} finally {
  await vite.close();
}
