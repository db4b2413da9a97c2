import { describe, expect, it } from 'vitest';
import { paths } from './paths';

const ID = '22222222-2222-4222-8222-000000000001';

describe('paths.article', () => {
  it("carries the title's slug after the id", () => {
    expect(paths.article(ID, 'Rio Mogi-Guaçu sobe quase dois metros')).toBe(`/noticia/${ID}/rio-mogi-guacu-sobe-quase-dois-metros`);
  });

  it('is the bare id without a title, or with a title that slugifies to nothing', () => {
    expect(paths.article(ID)).toBe(`/noticia/${ID}`);
    expect(paths.article(ID, '')).toBe(`/noticia/${ID}`);
    expect(paths.article(ID, '?!')).toBe(`/noticia/${ID}`);
  });

  it('encodes the id and routes by an optional slug', () => {
    expect(paths.article('a/b', 'Título')).toBe('/noticia/a%2Fb/titulo');
    expect(paths.article.pattern).toBe('/noticia/:id/:slug?');
  });
});
