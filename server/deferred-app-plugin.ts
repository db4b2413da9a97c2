import { resolve } from 'node:path';
import type { Plugin } from 'vite';

const BOOT_SOURCE = 'src/boot.ts';
const APP_SCRIPT = /<script type="module" crossorigin src="(\/[^"]+\.js)"><\/script>/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="(\/[^"]+\.js)">\s*/g;

/**
 * A built page's scripts as src/boot.ts reads them: the app's entry and its modulepreloads leave the HTML and become
 * the boot script's `data-app` and `data-preload`, so no app code is fetched or run before the page has loaded. The
 * entry's own imports are also its `data-steps`: the boot runs them one per task before the entry, so React DOM, the
 * router and the app are each a short task on a phone rather than one long one. The boot itself is fetched at low
 * priority: the lead image comes first. The HTML unchanged when it has no app script.
 */
export function deferAppScripts(html: string, bootFile: string): string {
  const app = APP_SCRIPT.exec(html)?.[1];
  if (!app) return html;
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]);
  const boot = `<script type="module" crossorigin fetchpriority="low" src="/${bootFile}" data-app="${app}" data-steps="${preloads.join(' ')}" data-preload="${preloads.join(' ')}"></script>`;
  return html.replace(MODULE_PRELOAD, '').replace(APP_SCRIPT, () => boot);
}

/** Adds files to a deferred page's `data-preload` (a route's own chunks, scripts/prerender.ts). */
export function withAppPreloads(html: string, files: readonly string[]): string {
  return html.replace(/ data-preload="([^"]*)"/, (_, listed: string) => {
    const all = [...new Set([...listed.split(' ').filter(Boolean), ...files])];
    return ` data-preload="${all.join(' ')}"`;
  });
}

/** Builds only: src/boot.ts becomes a chunk of its own and every page's first script. `vite dev` keeps Vite's entry. */
export function deferredAppPlugin(): Plugin {
  let root = process.cwd();
  return {
    name: 'porto-ferreira:deferred-app',
    // The browser's build only: the server's render (`vite build --ssr`) has no page.
    apply: (_, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      root = config.root;
    },
    buildStart() {
      this.emitFile({ type: 'chunk', id: resolve(root, BOOT_SOURCE), name: 'boot' });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        const boot = Object.values(bundle ?? {}).find((output) => output.type === 'chunk' && output.isEntry && output.name === 'boot');
        if (!boot) throw new Error(`deferred-app: the build has no chunk for ${BOOT_SOURCE}`);
        return deferAppScripts(html, boot.fileName);
      },
    },
  };
}
