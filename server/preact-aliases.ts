import type { Alias } from 'vite';

// The browser runs the app on preact/compat (docs/decisions/0017): React's API on Preact's 10 kB runtime, which keeps
// every reader page's first load within issue 10's 110 kB. The code is written against React's types and API; only
// these aliases choose the runtime, for the browser build, `npm run dev` and the component tests alike. Server renders
// (scripts/prerender.ts, the edge handler on Node and in the Worker) keep React's react-dom/server: they load the app
// without these aliases, and Preact hydrates React's markup (see src/app/suspense-markers.ts).
export const PREACT_ALIASES: Alias[] = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
];
