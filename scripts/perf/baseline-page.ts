// A plain HTML page with no JavaScript and the home page's hero image: what the same server, browser and throttling
// deliver at best. Reader pages' LCP is budgeted relative to it, so a slow or busy machine moves both alike.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { webpDimensions } from './webp-dimensions.ts';

const BASELINE_FOLDER = 'perf-baseline';
/**
 * Addressed as a file: the preview server answers every extension-less address with the app's own HTML
 * (server/edge-plugin.ts), while a path with an extension is served from dist/ as it is. `.htm`, because no host
 * serves a built `.html` under its own address (they are the handler's templates, server/static-policy.ts).
 */
export const BASELINE_PATH = `/${BASELINE_FOLDER}/index.htm`;
/** Its title, by which the served page is recognised as the baseline rather than the app's SPA fallback. */
export const BASELINE_TITLE = 'Página de referência – Porto Ferreira Notícias';
const HERO_IMAGE = '/images/hero/investimento-industrial/original-1200w.webp';
/** A file, not an inline <style>: the page policy (edge/security-headers.ts) refuses inline styles here too. */
const BASELINE_STYLESHEET = `/${BASELINE_FOLDER}/style.css`;
const BASELINE_CSS = `body { margin: 0 auto; max-width: 72rem; padding: 1rem; font-family: system-ui, sans-serif; color: #0f172a; }
img { display: block; max-width: 100%; height: auto; }
`;

function baselineHtml(width: number, height: number): string {
  return `<!doctype html>
<html lang="pt-BR">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
    <title>${BASELINE_TITLE}</title>
    <meta name="description" content="Página estática sem JavaScript, medida ao lado das páginas do portal como referência de desempenho." />
    <link rel="stylesheet" href="${BASELINE_STYLESHEET}" />
  </head>
  <body>
    <main>
      <h1>Nova fábrica de revestimentos vai investir R$ 50 milhões em Porto Ferreira</h1>
      <p>Indústria cerâmica escolheu o distrito industrial da cidade; obras começam no próximo ano.</p>
      <img src="${HERO_IMAGE}" width="${width}" height="${height}" alt="Distrito industrial de Porto Ferreira" />
    </main>
  </body>
</html>
`;
}

/** Writes perf-baseline/index.htm into the build folder (the measured snapshot of dist/, removed at the end). */
export function writeBaselinePage(buildDir: string): void {
  const { width, height } = webpDimensions(join(buildDir, HERO_IMAGE));
  mkdirSync(join(buildDir, BASELINE_FOLDER), { recursive: true });
  writeFileSync(join(buildDir, BASELINE_PATH), baselineHtml(width, height));
  writeFileSync(join(buildDir, BASELINE_STYLESHEET), BASELINE_CSS);
}
