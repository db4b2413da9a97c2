import { describe, expect, it } from 'vitest';
import { paths, topicNavigation } from '../lib/paths';
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
});
