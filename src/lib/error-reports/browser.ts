import { env } from '../../config/env';

// The browser's error reports (docs/decisions/0041), started by the admin panel's layout: only with VITE_SENTRY_DSN
// set, and then the SDK arrives in its own chunk after the panel has loaded. Reader pages never import this module, so
// their first load carries no byte of it (scripts/check-bundle.ts), configured or not.

let started: Promise<void> | null = null;

/** Loads and starts the browser SDK once; a no-op without VITE_SENTRY_DSN (no chunk asked for, no request made). */
export function startBrowserErrorReports(): void {
  const dsn = env.errorReportsDsn;
  if (!dsn || started) return;
  started = import('./browser-sdk')
    .then((sdk) => sdk.startBrowserSdk(dsn))
    .catch((error: unknown) => console.error('error reports could not start', error));
}
