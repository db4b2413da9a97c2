import { describe, expect, it } from 'vitest';
import { paths, topicNavigation } from '../lib/paths';
import { READER_PAGE_HANDLES } from '../app/reader-pages';
import { READER_PAGES } from '../app/route-table';
import { PRERENDERED_PAGES, prerenderedPageFor, READER_SHELL } from './prerendered-pages';

describe('which prerendered HTML answers an address', () => {
  it('gives the home page, each navigation topic, the obituaries, the advertising page and the tip line their own page', () => {
    expect(prerenderedPageFor('/')?.key).toBe('home');
    for (const topic of topicNavigation) expect(prerenderedPageFor(paths.topic(topic.slug))?.key).toBe(`topic-${topic.slug}`);
    expect(prerenderedPageFor('/topic/esportes/')?.key).toBe('topic-esportes');
    expect(prerenderedPageFor(paths.obituaries())?.mode).toBe('page');
    expect(prerenderedPageFor(paths.advertising())?.mode).toBe('page');
    expect(prerenderedPageFor(paths.tipLine())).toMatchObject({ key: 'tip-line', mode: 'page', file: 'prerendered/envie-sua-noticia.html' });
    expect(prerenderedPageFor(paths.accessibility())).toMatchObject({ key: 'accessibility', mode: 'page', file: 'prerendered/acessibilidade.html' });
  });

  it("gives every other reader address the reader's frame, and the admin panel nothing", () => {
    expect(prerenderedPageFor(paths.article('22222222-2222-4222-8222-000000000001'))).toBe(READER_SHELL);
    expect(prerenderedPageFor(paths.article('22222222-2222-4222-8222-000000000001', 'Rio Mogi-Guaçu sobe'))).toBe(READER_SHELL);
    expect(prerenderedPageFor(paths.search())).toBe(READER_SHELL);
    expect(prerenderedPageFor('/topic/um-topico-novo')).toBe(READER_SHELL);
    expect(prerenderedPageFor('/pagina-que-nao-existe')).toBe(READER_SHELL);
    expect(prerenderedPageFor('/admin')).toBeNull();
    expect(prerenderedPageFor(paths.admin.publications())).toBeNull();
    expect(prerenderedPageFor(paths.admin.publicationEdit('22222222-2222-4222-8222-000000000001'))).toBeNull();
    // Matched as the router matches it: an address under /admin that is no admin page is the reader's "not found".
    expect(prerenderedPageFor('/admin/publicacoes')).toBe(READER_SHELL);
    expect(prerenderedPageFor('/administracao')).toBe(READER_SHELL);
  });

  it('writes each page to its own file', () => {
    const files = PRERENDERED_PAGES.map((page) => page.file);
    expect(new Set(files).size).toBe(files.length);
    expect(new Set(PRERENDERED_PAGES.map((page) => page.key)).size).toBe(files.length);
  });

  it('has every page its route module declares for the build at an address of its own, and only reader pages', () => {
    const prerendered = new Set(PRERENDERED_PAGES.filter((page) => page.mode === 'page').map((page) => page.path));
    // Another outlet's story is drawn from navigation state: its build render is the reader shell's.
    const fixedBuildPages = READER_PAGES.filter(
      (page) => 'path' in page && !/[:*]/.test(page.path) && page.id !== 'external-article' && READER_PAGE_HANDLES[page.id].rendering === 'build',
    );
    expect(fixedBuildPages.map((page) => page.id)).toEqual(['advertising', 'tip-line', 'accessibility']);
    for (const page of fixedBuildPages) if ('path' in page) expect(prerendered).toContain(page.path);
    for (const page of PRERENDERED_PAGES) if (page !== READER_SHELL) expect(prerenderedPageFor(page.path)).toBe(page);
  });
});
