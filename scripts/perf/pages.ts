// The reader pages the budgets cover, and the static baseline they are compared with.
import { paths } from '../../src/lib/paths.ts';
import { BASELINE_PATH } from './baseline-page.ts';

export const READER_PAGES = ['home', 'article', 'topic', 'obituaries', 'search', 'job', 'obituary', 'privacy', 'corrections', 'tip-line', 'support'] as const;
export type ReaderPage = (typeof READER_PAGES)[number];
export type PageId = ReaderPage | 'baseline';

/** The addresses of the pages whose rows come from the seed, read through the API once the server answers. */
export interface SeededPaths {
  /** A published story whose body has a YouTube video (the click-to-play facade is part of what is measured). */
  article: string;
  job: string;
  obituary: string;
}

export function pagePath(page: PageId, seeded: SeededPaths): string {
  switch (page) {
    case 'baseline':
      return BASELINE_PATH;
    case 'home':
      return '/';
    case 'article':
      return seeded.article;
    case 'topic':
      return '/topic/local';
    case 'obituaries':
      return '/obituarios';
    case 'search':
      return '/busca?q=ceramica';
    case 'job':
      return seeded.job;
    case 'obituary':
      return seeded.obituary;
    case 'privacy':
      return paths.privacy();
    case 'corrections':
      return paths.corrections();
    case 'tip-line':
      return paths.tipLine();
    case 'support':
      return paths.support();
  }
}
