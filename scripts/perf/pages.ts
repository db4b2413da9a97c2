// The reader pages the budgets cover, and the static baseline they are compared with.
import { BASELINE_PATH } from './baseline-page.ts';

export const READER_PAGES = ['home', 'article', 'topic', 'obituaries', 'search'] as const;
export type ReaderPage = (typeof READER_PAGES)[number];
export type PageId = ReaderPage | 'baseline';

export function pagePath(page: PageId, storyPath: string): string {
  switch (page) {
    case 'baseline':
      return BASELINE_PATH;
    case 'home':
      return '/';
    case 'article':
      return storyPath;
    case 'topic':
      return '/topic/local';
    case 'obituaries':
      return '/obituarios';
    case 'search':
      return '/busca?q=ceramica';
  }
}
