import { captureException, getIsolationScope, setAsyncLocalStorageAsyncContextStrategy } from '@sentry/cloudflare';
import { wrapRequestHandler } from '@sentry/cloudflare/request';
import type { ReportError } from '../../edge/types';
import { NO_PERSONAL_DATA, scrubErrorEvent, scrubUrl } from '../../src/lib/error-reports/scrub';

// The Worker's error reports (docs/decisions/0041): with the SENTRY_DSN secret or var set, each request runs inside
// @sentry/cloudflare's request wrapper (its own isolation scope, tagged with the request's id, flushed with
// waitUntil), and every error the Worker or the edge handler catches is reported, scrubbed of personal data. Without
// SENTRY_DSN the request is answered exactly as before: the SDK is never initialised and nothing is sent.

interface ExecutionContextLike {
  waitUntil(promise: Promise<unknown>): void;
}

/** The DSN from the Worker's bindings, or null (unset, or still the committed placeholder). */
export function workerErrorReportsDsn(env: Readonly<Record<string, unknown>>): string | null {
  const value = env.SENTRY_DSN;
  return typeof value === 'string' && value.trim() !== '' && !value.includes('<') ? value.trim() : null;
}

let asyncContextReady = false;

/**
 * Answers the request through `answer`, inside Sentry's request wrapper when a DSN is set. The scope of each request
 * is its own (AsyncLocalStorage, wrangler.toml's nodejs_als flag), so a request id never lands on another's report.
 */
export function withErrorReports(
  dsn: string | null,
  request: Request,
  ctx: ExecutionContextLike,
  requestId: string,
  answer: () => Promise<Response>,
): Promise<Response> {
  if (!dsn) return answer();
  if (!asyncContextReady) {
    setAsyncLocalStorageAsyncContextStrategy();
    asyncContextReady = true;
  }
  return wrapRequestHandler(
    {
      options: {
        dsn,
        dataCollection: { ...NO_PERSONAL_DATA, httpBodies: [] },
        maxBreadcrumbs: 0,
        // As on Node: each failed request is its own report with its own id (Dedupe would drop a repeat of the last).
        enableDedupe: false,
        beforeSend: (event) => scrubErrorEvent(event),
      },
      request,
      context: ctx,
    },
    () => {
      getIsolationScope().setTag('request_id', requestId);
      return answer();
    },
  );
}

/** Reports an error caught while answering; a no-op outside `withErrorReports` with a DSN (no client to send it). */
export const reportWorkerError: ReportError = (error, where) => {
  captureException(error, { contexts: { request_summary: { method: where.method, path: scrubUrl(where.path) } } });
};
