import { privateAnswer, type ReaderPageHandle } from '../../../lib/reader-page-meta';

/**
 * /anuncios/relatorio/:token: an advertiser's private figures behind its token, rendered per request: never indexed
 * or followed, never kept by a shared cache, and 404 once the loader has found no report there (an unknown or revoked
 * link).
 */
export const adReportPage: ReaderPageHandle<{ report: unknown }> = {
  rendering: 'request',
  head: ({ site, data }) => (data.report === null ? privateAnswer(site, 'Relatório não encontrado', 404) : privateAnswer(site, 'Relatório da campanha')),
};
