// React DOM's browser API, from a module that vite.config.ts puts in React DOM's own chunk. React DOM is CommonJS,
// which the bundle runs where it is first imported: imported here, it runs when that chunk does (one of src/boot.ts's
// steps, a task of its own), not inside the app's entry.
export { createRoot, hydrateRoot } from 'react-dom/client';
