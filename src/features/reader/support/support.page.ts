import { privateAnswer, titledPage, type ReaderPageHandle } from '../../../lib/reader-page-meta';
import { paths } from '../../../lib/paths';
import { supportMeta } from '../../../lib/pix/support-meta';

/** /apoie: why support matters, the amounts and the form; rendered per request (the settings, the month's progress). */
export const supportPage = titledPage('request', paths.support, supportMeta);

/**
 * /apoie/pix/:txid: one reader's Pix code behind its unguessable transaction id, rendered per request: never indexed,
 * never kept by the render cache or a shared cache (decision 0049), 404 when the id names no code.
 */
export const supportCodePage: ReaderPageHandle<{ code: unknown }> = {
  rendering: 'request',
  head: ({ site, data }) => (data.code === null ? privateAnswer(site, 'Código Pix não encontrado', 404) : privateAnswer(site, 'Seu código Pix')),
};

/** /apoie/lembrete/:token: a monthly supporter's stop link, a page with one button (the digest's rule). */
export const supportStopPage: ReaderPageHandle<unknown> = {
  rendering: 'build',
  head: ({ site }) => privateAnswer(site, 'Parar os lembretes de apoio'),
};
