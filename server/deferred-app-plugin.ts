import { resolve } from 'node:path';
import type { Plugin } from 'vite';

const BOOT_SOURCE = 'src/boot.ts';
const APP_SCRIPT = /<script type="module" crossorigin src="(\/[^"]+\.js)"><\/script>/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="(\/[^"]+\.js)">\s*/g;

/**
 * A built page's scripts as src/boot.ts reads them: the app's entry and its modulepreloads leave the HTML and become
 * the boot script's `data-app` and `data-preload`, so no app code is fetched or run before the page has loaded
 * (decision 0047). The boot's code is written into the page: as a file it was a request of its own beside the lead
 * image (decision 0031); the page policy allows it by its hash (edge/inline-scripts.ts). The HTML unchanged when it
 * has no app script.
 */
export function deferAppScripts(html: string, bootCode: string): string {
  const app = APP_SCRIPT.exec(html)?.[1];
  if (!app) return html;
  const code = bootCode.trim();
  if (/<\/script/i.test(code)) throw new Error(`deferred-app: ${BOOT_SOURCE} cannot be written into a page: its code contains "</script"`);
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]);
  const boot = `<script type="module" data-app="${app}" data-preload="${preloads.join(' ')}">${code}</script>`;
  return html.replace(MODULE_PRELOAD, '').replace(APP_SCRIPT, () => boot);
}

/**
 * Builds only: src/boot.ts becomes a chunk of its own, whose code is every page's first script; the chunk stays in
 * the build for scripts/check-bundle.ts to weigh. `vite dev` keeps Vite's entry, for HMR.
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
        const boot = Object.values(bundle ?? {})
          .flatMap((output) => (output.type === 'chunk' ? [output] : []))
          .find((chunk) => chunk.isEntry && chunk.name === 'boot');
        if (!boot) throw new Error(`deferred-app: the build has no chunk for ${BOOT_SOURCE}`);
        if (boot.imports.length > 0 || boot.dynamicImports.length > 0) {
          throw new Error(`deferred-app: ${BOOT_SOURCE} must import nothing, to be written into a page whole`);
        }
        return deferAppScripts(html, boot.code);
      },
    },
  };
}
