// The site's own newsletter API (edge/newsletter/newsletter-api.ts), on the page's origin: one list of its paths for
// the browser's calls, the server's router and the e-mails' links.

export const NEWSLETTER_API = {
  /** Sends the confirmation e-mails the database has queued (anyone may ask: it sends only what is queued). */
  confirmations: '/api/newsletter/confirmacoes',
  /** RFC 8058's one-click unsubscribe, POSTed by the reader's mail app with `List-Unsubscribe=One-Click`. */
  unsubscribe: (token: string) => `/api/newsletter/cancelar/${encodeURIComponent(token)}`,
  /** Sends today's digest now if it has not gone yet: the server's key only (`npm run digest`). */
  digest: '/api/newsletter/resumo',
  /** Retention now (`npm run retention`, docs/decisions/0039): the server's key only; it shares the digest's job. */
  retention: '/api/newsletter/retencao',
  /** 'Enviar teste': the digest as it would go now, to the signed-in administrator alone. */
  test: '/api/newsletter/teste',
} as const;
