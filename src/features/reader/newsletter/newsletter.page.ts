import { privateAnswer, type ReaderPageHandle } from '../../../lib/reader-page-meta';

// The daily digest's e-mailed links: a reader's private link, never indexed, never kept by a shared cache. Nothing
// to read on the server (the token is used by the reader's click): the build's frame.

export const newsletterConfirmPage: ReaderPageHandle<unknown> = {
  rendering: 'build',
  head: ({ site }) => privateAnswer(site, 'Confirme sua inscrição'),
};

export const newsletterUnsubscribePage: ReaderPageHandle<unknown> = {
  rendering: 'build',
  head: ({ site }) => privateAnswer(site, 'Cancelar inscrição'),
};
