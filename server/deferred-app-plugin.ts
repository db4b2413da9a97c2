import { resolve } from 'node:path';
import type { Plugin } from 'vite';

const BOOT_SOURCE = 'src/boot.ts';

/**
 * How src/boot.ts and src/main.tsx speak (decision 0019): the attribute by which the boot marks the button a reader
 * tapped before the page had hydrated, and the event by which the app says it has, so the boot stops holding taps.
 * Given to both by vite.config.ts's `define` (a module they shared would be a chunk of its own for the boot to fetch).
 */
export const BOOT_SIGNALS = { EARLY_TAP_ATTRIBUTE: 'data-tapped-early', APP_HYDRATED_EVENT: 'pf-app-hydrated' } as const;
const APP_SCRIPT = /<script type="module" crossorigin src="(\/[^"]+\.js)"><\/script>/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="(\/[^"]+\.js)">/g;

/**
 * The built page's scripts as src/boot.ts expects them: the app's entry script and its modulepreloads leave the HTML
 * and become the boot script's `data-app` and `data-preload`, so no app code is fetched or run before the page has
 * loaded and painted. The HTML unchanged when it has no app script (already deferred).
 */
export function deferAppScripts(html: string, bootFile: string): string {
  const app = APP_SCRIPT.exec(html)?.[1];
  if (!app) return html;
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]);
  // At low priority: the stylesheet and the lead image come first, and the boot has nothing to do before `load`.
  const boot = `<script type="module" crossorigin fetchpriority="low" src="/${bootFile}" data-app="${app}" data-preload="${preloads.join(' ')}"></script>`;
  return html.replace(MODULE_PRELOAD, '').replace(APP_SCRIPT, () => boot);
}

/**
 * Builds only (docs/decisions/0019): adds src/boot.ts as a chunk of its own and hands it the app's entry. Development
 * keeps Vite's plain module script, for HMR.
 */
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
