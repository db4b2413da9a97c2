// The Cloudflare Worker's render bundle (decision 0048): the same render as every host's (render-request.tsx), built
// by `vite build --ssr src/render/render-worker.ts` for a Worker (vite.config.ts: Web APIs only, every dependency in
// the bundle) into dist/.server/worker/, and imported by the Worker's entry (adapters/cloudflare/worker-entry.js).
export { createPageRenderer } from './render-request';
