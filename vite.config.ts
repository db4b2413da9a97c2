import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { localSupabase } from './local-supabase/src/vite-plugin.ts';
import { DEV_NONCE_PLACEHOLDER } from './edge/security-headers.ts';
import { edgeHandler, securityHeadersPlugin } from './server/edge-plugin.ts';
import { BOOT_SIGNALS, deferredAppPlugin } from './server/deferred-app-plugin.ts';
import { buildTargetPlugin } from './server/build-target.ts';
import { PREACT_ALIASES } from './server/preact-aliases.ts';

export default defineConfig(({ command, isPreview, isSsrBuild }) => ({
  plugins: [securityHeadersPlugin(), react(), tailwindcss(), localSupabase(), edgeHandler(), deferredAppPlugin(), buildTargetPlugin()],
  // `vite dev` writes inline scripts (React refresh's preamble) and styles: each carries this placeholder as its
  // nonce, which the edge handler makes a fresh one per page and names in the page's policy. Builds have none.
  html: command === 'serve' && !isPreview ? { cspNonce: DEV_NONCE_PLACEHOLDER } : {},
  // How the boot script and the app speak about taps held until the page has hydrated (server/deferred-app-plugin.ts).
  define: Object.fromEntries(Object.entries(BOOT_SIGNALS).map(([name, value]) => [name, JSON.stringify(value)])),
  // The browser runs on preact/compat (decision 0017); the server's render (`vite build --ssr`, decision 0020) on React.
  resolve: { alias: isSsrBuild ? [] : PREACT_ALIASES },
  server: { host: '127.0.0.1', port: 5173 },
  preview: { host: '127.0.0.1', port: 4173 },
  build: {
    // Each reader page's first-load budget is enforced by scripts/check-bundle.ts (run by `npm run build`). This
    // warning only flags a surprise: the largest chunks are the entry (React, React Router, the data client and the
    // home page: ~117 kB gzip) and the admin-only editor (~130 kB gzip).
    chunkSizeWarningLimit: 450,
    // scripts/check-bundle.ts reads the manifest to measure the home page's first load and keep the admin out of it.
    manifest: !isSsrBuild,
    // The server's render (dist/.server/) needs no copy of the public files.
    copyPublicDir: !isSsrBuild,
    // Every browser the site supports knows <link rel="modulepreload">: no polyfill in every reader's first load.
    modulePreload: { polyfill: false },
  },
}));
