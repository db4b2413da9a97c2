import { describe, expect, it } from 'vitest';
import { parseOptions } from '../scripts/perf/cli-options';
import { pagePath, READER_PAGES } from '../scripts/perf/pages';

const seeded = { article: '/noticia/1/a', job: '/vagas/2/b', obituary: '/obituarios/3/c' };

describe('npm run perf options (scripts/perf/cli-options.ts)', () => {
  it('measures every reader page on vite preview by default, the three pages of issue 37 among them', () => {
    const options = parseOptions([]);
    expect(options.worker).toBe(false);
    expect(options.pages).toEqual([...READER_PAGES]);
    expect(options.pages.map((page) => pagePath(page, seeded))).toEqual(
      expect.arrayContaining(['/privacidade', '/correcoes', '/envie-sua-noticia']),
    );
  });

  it('takes --worker with the other options, and refuses a page it does not know', () => {
    expect(parseOptions(['--worker', '--runs', '2', '--pages', 'home,tip-line'])).toMatchObject({
      worker: true,
      runs: 2,
      pages: ['home', 'tip-line'],
    });
    expect(() => parseOptions(['--pages', 'home,admin'])).toThrow(/unknown page admin/);
  });
});
