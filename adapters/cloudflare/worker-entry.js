// wrangler's entry (wrangler.toml `main`): the Worker (worker.ts) with the build's render of the reader's pages, the
// same render as every host's, built for a Worker by `npm run build` into dist/.server/worker/ (decision 0048).
// Plain JavaScript: the bundle is the build's output, which the type checker never sees; wrangler bundles both.
import { createPageRenderer } from '../../dist/.server/worker/render-worker.js';
import worker, { renderPagesWith } from './worker.ts';

renderPagesWith((sources) => Promise.resolve(createPageRenderer(sources)));

export default worker;
