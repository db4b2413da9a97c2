import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paths } from '../lib/paths';
import { routes } from './router';
import { matchPage } from './route-table';

type Entry = ((...args: string[]) => string) & { pattern: string };

function entries(registry: object, prefix = ''): [string, Entry][] {
  return Object.entries(registry).flatMap(([name, value]: [string, unknown]) =>
    typeof value === 'function' ? [[`${prefix}${name}`, value as Entry]] : entries(value as object, `${prefix}${name}.`),
  );
}

describe('the URL registry', () => {
  it.each(entries(paths))('%s: its href is routed to the route built from its own pattern', (_name, entry) => {
    const href = entry('some-id');
    const matched = matchRoutes(routes, href) ?? [];
    // An index route has no path of its own: it answers for its nearest ancestor's.
    const nearestPath = matched.map((match) => match.route.path).filter(Boolean).at(-1);
    expect(matched.at(-1)?.route.path ?? nearestPath).toBe(entry.pattern);
  });
});

describe('story addresses', () => {
  const routeIdAt = (href: string) => matchRoutes(routes, href)?.at(-1)?.route.id;

  it('routes a story with or without its slug to the article page', () => {
    expect(routeIdAt(paths.article('22222222-2222-4222-8222-000000000001', 'Rio Mogi-Guaçu sobe'))).toBe('article');
    expect(matchRoutes(routes, paths.article('22222222-2222-4222-8222-000000000001', 'Rio Mogi-Guaçu sobe'))?.at(-1)?.params).toMatchObject({
      id: '22222222-2222-4222-8222-000000000001',
      slug: 'rio-mogi-guacu-sobe',
    });
    expect(routeIdAt(paths.article('22222222-2222-4222-8222-000000000001'))).toBe('article');
  });

  it('keeps /noticia/externa on its own route: the static segment outranks the optional-slug pattern', () => {
    expect(routeIdAt(paths.externalArticle())).toBe('external-article');
    expect(routeIdAt(paths.externalArticle('amostra-destaque'))).toBe('external-article');
    expect(routeIdAt('/noticia/externa/')).toBe('external-article');
  });
});

describe('the route table the edge and the prerender match with', () => {
  it.each(entries(paths))('%s: matchPage names the route the router renders', (_name, entry) => {
    const href = entry('22222222-2222-4222-8222-000000000001');
    const routed = matchRoutes(routes, href)?.at(-1)?.route.id;
    const page = matchPage(href);
    if (page.area === 'admin') expect(href.startsWith(paths.admin.root())).toBe(true);
    else expect(page.id).toBe(routed);
  });

  it('gives a story its id and slug, and an unknown address the reader’s "not found"', () => {
    expect(matchPage(paths.article('22222222-2222-4222-8222-000000000001', 'Rio Mogi-Guaçu sobe'))).toEqual({
      area: 'reader',
      id: 'article',
      params: { id: '22222222-2222-4222-8222-000000000001', slug: 'rio-mogi-guacu-sobe' },
    });
    expect(matchPage('/pagina-que-nao-existe')).toMatchObject({ area: 'reader', id: 'not-found' });
    expect(matchPage('/admin/nao-existe')).toMatchObject({ area: 'reader', id: 'not-found' });
    expect(matchPage('/vagas/')).toMatchObject({ area: 'reader', id: 'jobs' });
  });
});
