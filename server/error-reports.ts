import {
  captureException,
  close,
  contextLinesIntegration,
  eventFiltersIntegration,
  functionToStringIntegration,
  initWithoutDefaultIntegrations,
  linkedErrorsIntegration,
  nodeContextIntegration,
  onUncaughtExceptionIntegration,
  onUnhandledRejectionIntegration,
} from '@sentry/node';
import type { ReportError } from '../edge/types.ts';
import { NO_PERSONAL_DATA, scrubErrorEvent, scrubUrl } from '../src/lib/error-reports/scrub.ts';
import { currentRequestId } from '../local-supabase/src/log.ts';

// npm start's error reports (docs/decisions/0041): with SENTRY_DSN set, every server error the hosts catch goes to
// Sentry with the request's id and no personal data; without it this module is never initialised and nothing is sent.

export interface ServerErrorReports {
  /** Reports one caught error of the request under way (its id comes from server/request-id.ts). */
  report: ReportError;
  /** Sends what is queued (at most `timeoutMs`), then stops reporting. */
  close(timeoutMs?: number): Promise<void>;
}

/**
 * Starts reporting to the DSN's project. Only the integrations that describe an error are on: no console, HTTP or
 * fetch breadcrumbs (they would carry log lines and addresses), no tracing, no OpenTelemetry set-up. Uncaught
 * exceptions and unhandled rejections are reported and still end the process, as Node does without Sentry.
 */
export function startServerErrorReports(dsn: string, release?: string): ServerErrorReports {
  initWithoutDefaultIntegrations({
    dsn,
    release,
    dataCollection: { ...NO_PERSONAL_DATA, httpBodies: [] },
    enableOpenTelemetrySetup: false,
    maxBreadcrumbs: 0,
    integrations: [
      eventFiltersIntegration(),
      functionToStringIntegration(),
      linkedErrorsIntegration(),
      onUncaughtExceptionIntegration(),
      onUnhandledRejectionIntegration({ mode: 'strict' }),
      contextLinesIntegration(),
      nodeContextIntegration(),
    ],
    beforeSend: (event) => scrubErrorEvent(event),
  });
  return {
    report(error, where) {
      const requestId = currentRequestId();
      captureException(error, {
        tags: requestId ? { request_id: requestId } : {},
        // Set here, from the method and the path only: the SDK's own request data would add headers and the query.
        contexts: { request_summary: { method: where.method, path: scrubUrl(where.path) } },
      });
    },
    async close(timeoutMs = 2_000) {
      await close(timeoutMs);
    },
  };
}
