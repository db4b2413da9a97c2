import { pageAnswer, siteHead, type ReaderPageHandle } from '../../../lib/reader-page-meta';

/**
 * /noticia/externa: another outlet's story, carried in navigation state. It has no address of its own to share or
 * index, and nothing the server could render: the build's frame, and the browser draws the story.
 */
export const externalArticlePage: ReaderPageHandle<unknown> = {
  rendering: 'build',
  head: ({ site }) => pageAnswer(siteHead(site, null, { shareTitle: 'Notícia', robots: 'noindex, follow' })),
};
