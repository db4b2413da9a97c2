import { notFoundAnswer, type ReaderPageHandle } from '../lib/reader-page-meta';

/** Any other address: the reader's "not found", never indexed. */
export const notFoundPage: ReaderPageHandle<unknown> = {
  rendering: 'build',
  head: ({ site }) => notFoundAnswer(site, null),
};
