import {
  browserApiErrorsIntegration,
  dedupeIntegration,
  eventFiltersIntegration,
  functionToStringIntegration,
  globalHandlersIntegration,
  httpContextIntegration,
  init,
  linkedErrorsIntegration,
} from '@sentry/browser';
import { NO_PERSONAL_DATA, scrubErrorEvent } from './scrub';

// The browser SDK, in its own chunk (loaded by ./browser.ts). Uncaught errors and rejections of the page are reported;
// no breadcrumbs (they would carry the addresses and texts of what the editor did), no session tracking, no replay,
// no tracing, and every event scrubbed as on the server.

export function startBrowserSdk(dsn: string): void {
  init({
    dsn,
    dataCollection: { ...NO_PERSONAL_DATA, httpBodies: [] },
    maxBreadcrumbs: 0,
    defaultIntegrations: false,
    integrations: [
      eventFiltersIntegration(),
      functionToStringIntegration(),
      browserApiErrorsIntegration(),
      globalHandlersIntegration(),
      // The page's address (scrubbed of its query and tokens); its headers are dropped by scrubErrorEvent.
      httpContextIntegration(),
      linkedErrorsIntegration(),
      dedupeIntegration(),
    ],
    beforeSend: (event) => scrubErrorEvent(event),
  });
}
