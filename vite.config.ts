import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { localSupabase } from './local-supabase/src/vite-plugin.ts';
import { DEV_NONCE_PLACEHOLDER } from './edge/security-headers.ts';
import { edgeHandler, securityHeadersPlugin } from './server/edge-plugin.ts';
import { buildTargetPlugin } from './server/build-target-plugin.ts';
import { deferredAppPlugin } from './server/deferred-app-plugin.ts';

/** The Worker's render bundle (src/render/render-worker.ts): no Node API, every dependency bundled (decision 0048). */
const WORKER_RENDER_ENTRY = 'src/render/render-worker.ts';

export default defineConfig(({ command, isPreview, isSsrBuild }) => ({
  plugins: [securityHeadersPlugin(), react(), tailwindcss(), localSupabase(), edgeHandler(), buildTargetPlugin(), deferredAppPlugin()],
  // `vite dev` writes inline scripts (React refresh's preamble) and styles: each carries this placeholder as its
  // nonce, which the edge handler makes a fresh one per page and names in the page's policy. Builds have none.
  html: command === 'serve' && !isPreview ? { cspNonce: DEV_NONCE_PLACEHOLDER } : {},
  ...(isSsrBuild && process.argv.includes(WORKER_RENDER_ENTRY)
    ? {
        ssr: { target: 'webworker' as const, noExternal: true, resolve: { conditions: ['workerd', 'worker', 'browser'], externalConditions: ['workerd', 'worker'] } },
        resolve: { conditions: ['workerd', 'worker', 'browser'] },
      }
    : {}),
  server: { host: '127.0.0.1', port: 5173 },
  preview: { host: '127.0.0.1', port: 4173 },
  build: {
    // Each reader page's first-load budget is enforced by scripts/check-bundle.ts (run by `npm run build`). This
    // warning only flags a surprise: the largest chunks are React DOM (~68 kB gzip) and the admin-only editor
    // (~130 kB gzip).
    chunkSizeWarningLimit: 450,
    // scripts/check-bundle.ts reads the manifest to measure the home page's first load and keep the admin out of it.
    manifest: !isSsrBuild,
    // The server's render (dist/.server/) needs no copy of the public files.
    copyPublicDir: !isSsrBuild,
    // Every browser the site supports knows <link rel="modulepreload">: no polyfill in every reader's first load.
    modulePreload: { polyfill: false },
    // One stylesheet, which every page has from its start (inlined in a reader page by scripts/prerender.ts, linked
    // in the admin's): a lazy chunk then names no stylesheet to load. Split, a chunk sharing the entry's code would
    // add the entry's sheet again, on a reader page a second download and a restyle of the whole page.
    cssCodeSplit: false,
    // React, React DOM and React Router in chunks of their own: a release that changes only the app's code leaves
    // them in readers' caches.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // With src/render/react-dom-client.ts, so React DOM runs as its chunk is evaluated, not in the entry.
            { name: 'react-dom', test: /node_modules[\\/](react-dom|scheduler)[\\/]|src[\\/]render[\\/]react-dom-client\.ts$/ },
            { name: 'react', test: /node_modules[\\/]react[\\/]/ },
            { name: 'react-router', test: /node_modules[\\/](react-router|cookie|set-cookie-parser)[\\/]/ },
          ],
        },
      },
    },
  },
}));
