// What a reader gets while the site's database is away (restarting, down): a 503 that says, in the reader's language,
// that the site will be back shortly, with Retry-After for crawlers and monitors. Web APIs only (every host runs it).

/** Seconds a client is told to wait: a database restart takes a few. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

export const UNAVAILABLE_TITLE = 'Site temporariamente indisponível';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The outage page when the host has no built app page to send: no script, nothing to keep; a HEAD gets its headers only. */
export function unavailablePage(siteName: string, head: boolean): Response {
  const name = escapeHtml(siteName);
  const body = `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${UNAVAILABLE_TITLE} | ${name}</title>
</head>
<body>
<main>
<h1>${UNAVAILABLE_TITLE}</h1>
<p>O ${name} está fora do ar por alguns instantes. Tente novamente em poucos segundos.</p>
<p><a href="">Tentar novamente</a></p>
</main>
</body>
</html>
`;
  return new Response(head ? null : body, {
    status: 503,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Retry-After': String(UNAVAILABLE_RETRY_AFTER_SECONDS),
    },
  });
}

/** Tells whether the data API is reachable, from the answers it gave: a 503 or a failed connection says it is away. */
export interface BackendWatch {
  /** A fetch that notes each answer of the data API. */
  fetch: typeof fetch;
  /** Whether the latest answer said the backend (or its database) is away. */
  away(): boolean;
}

export function watchBackend(inner: typeof fetch): BackendWatch {
  let away = false;
  return {
    async fetch(input, init) {
      try {
        const response = await inner(input, init);
        away = response.status === 503;
        return response;
      } catch (error) {
        // A timeout or the caller giving up says the backend is slow, not away: those pages keep the app page (and an
        // outage noted earlier is not taken for this one's cause).
        const name = error instanceof Error ? error.name : '';
        away = name !== 'AbortError' && name !== 'TimeoutError';
        throw error;
      }
    },
    away: () => away,
  };
}
