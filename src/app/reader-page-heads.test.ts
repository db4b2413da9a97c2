import type { Params } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { StoryForHead } from '../features/reader/article/article.page';
import { paths } from '../lib/paths';
import type { SiteContext } from '../lib/page-head-meta';
import { createSupabaseClient } from '../services/client';
import type { Job } from '../services/jobs';
import type { Obituary } from '../services/obituaries';
import { settledLoaderData, type PageHeadAnswer } from './reader-page';
import { READER_PAGE_HANDLES } from './reader-pages';
import { matchPage, type ReaderPageId } from './route-table';

// Each reader page's head as its route module declares it, from the data its loader brings (settled), with no
// request of its own: the head and the page share one read.

/** The site as the edge handler gives it; heads read its origin and name, never its client. */
const site: SiteContext = {
  origin: 'https://noticias.example',
  siteName: 'Porto Ferreira Notícias',
  client: createSupabaseClient('http://127.0.0.1:9', 'never-used'),
};

function headAt(address: string, data: unknown): PageHeadAnswer {
  const url = new URL(address, site.origin);
  const matched = matchPage(url.pathname);
  if (matched.area !== 'reader') throw new Error(`${address} is not a reader page`);
  return READER_PAGE_HANDLES[matched.id].head({ site, url, params: matched.params, data });
}

function page(answer: PageHeadAnswer) {
  if (answer.kind !== 'page') throw new Error(`expected a page, got a redirect to ${answer.location}`);
  return answer;
}

const STORY_ID = '22222222-2222-4222-8222-000000000001';
const story: StoryForHead = {
  id: STORY_ID,
  origin: 'local',
  title: 'Rio Mogi-Guaçu sobe 2 metros',
  description: 'A Defesa Civil acompanha o nível.',
  content: '<p>Texto</p>',
  imageUrl: '/storage/v1/object/public/publication-images/a/1600.webp',
  imageAlt: 'O rio cheio sob a ponte',
  publishedAt: '2026-11-28T12:00:00.000Z',
  publishedOn: '2026-11-28',
  sourceName: 'Porto Ferreira Notícias',
  author: 'Redação',
  url: null,
  category: 'Porto Ferreira',
  youtubeUrl: null,
  sponsorName: 'Padaria Central',
  byline: 'Ana Souza',
  modifiedAt: '2026-11-28T15:00:00.000Z',
  topic: { name: 'Porto Ferreira', slug: 'local' },
};

describe('a story page’s head, from the article loader’s story', () => {
  it('has the title, the description, the canonical address, a large preview and a NewsArticle with sponsor and byline', () => {
    const { status, head } = page(headAt(paths.article(STORY_ID, story.title), { id: STORY_ID, article: story, related: [], ad: null }));
    expect(status).toBe(200);
    expect(head.title).toBe('Rio Mogi-Guaçu sobe 2 metros | Porto Ferreira Notícias');
    expect(head.canonical).toBe(`https://noticias.example${paths.article(STORY_ID, story.title)}`);
    expect(head.robots).toBe('max-image-preview:large');
    expect(head.type).toBe('article');
    expect(head.feeds.map((feed) => feed.url)).toEqual(['https://noticias.example/rss.xml', 'https://noticias.example/rss/local.xml']);
    expect(head.article).toEqual({ publishedTime: story.publishedAt, modifiedTime: story.modifiedAt, section: 'Porto Ferreira' });
    expect(head.jsonLd[0]).toMatchObject({
      '@type': 'NewsArticle',
      headline: story.title,
      author: [{ '@type': 'Person', name: 'Ana Souza' }],
      sponsor: { name: 'Padaria Central' },
      mainEntityOfPage: { '@id': head.canonical },
    });
  });

  it('redirects a stale or missing slug to the current address, keeping the query', () => {
    expect(headAt(`${paths.article(STORY_ID, 'Título antigo')}?utm_source=whatsapp`, { article: story })).toEqual({
      kind: 'redirect',
      location: `${paths.article(STORY_ID, story.title)}?utm_source=whatsapp`,
    });
    expect(headAt(paths.article(STORY_ID), { article: story })).toMatchObject({ kind: 'redirect' });
  });

  it('is a 404 that is never indexed when the loader found no story', () => {
    const { status, head } = page(headAt(paths.article(STORY_ID), { article: null }));
    expect(status).toBe(404);
    expect(head).toMatchObject({ title: 'Notícia não encontrada | Porto Ferreira Notícias', robots: 'noindex', canonical: null });
  });

  it('fails as the story’s load failed, while a head that ignores a failed section keeps going', async () => {
    const failure = new Error('database away');
    const data = await settledLoaderData({ article: Promise.reject(failure), related: Promise.resolve([]) });
    expect(() => headAt(paths.article(STORY_ID), data)).toThrow(failure);
    const home = await settledLoaderData({ weather: Promise.reject(new Error('weather away')) });
    expect(page(headAt(paths.home(), home)).status).toBe(200);
  });
});

describe('the other data pages’ heads', () => {
  it('a topic has its name, its feed and its canonical address; an unknown one is a 404; a renamed one redirects', () => {
    const topic = { id: 't1', name: 'Esportes', slug: 'esportes', created_at: '2026-01-01T00:00:00Z' };
    const { head } = page(headAt(paths.topic('esportes'), { slug: 'esportes', topic }));
    expect(head).toMatchObject({ title: 'Esportes | Porto Ferreira Notícias', canonical: 'https://noticias.example/topic/esportes' });
    expect(head.feeds.at(-1)).toEqual({ title: 'Porto Ferreira Notícias: Esportes', url: 'https://noticias.example/rss/esportes.xml' });
    expect(page(headAt(paths.topic('nada'), { slug: 'nada', topic: null })).status).toBe(404);
    expect(headAt(paths.topic('futebol'), { slug: 'futebol', topic })).toEqual({ kind: 'redirect', location: paths.topic('esportes') });
  });

  it('a job has its title, its company and a JobPosting; a closed one is a 404', () => {
    const job = {
      id: '33333333-3333-4333-8333-000000000001',
      title: 'Auxiliar de cozinha',
      company: 'Restaurante Beira-Rio',
      location: 'Porto Ferreira',
      contract_type: 'CLT',
      description: null,
      created_at: '2026-11-20T10:00:00Z',
      expires_at: '2026-12-20',
    } as Job;
    const { head } = page(headAt(paths.job(job.id, job.title), { job }));
    expect(head.title).toBe('Auxiliar de cozinha – Restaurante Beira-Rio | Porto Ferreira Notícias');
    expect(head.jsonLd[0]).toMatchObject({ '@type': 'JobPosting', employmentType: 'FULL_TIME', validThrough: '2026-12-20T23:59:59-03:00' });
    expect(page(headAt(paths.job(job.id, job.title), { job: null })).status).toBe(404);
  });

  it('an obituary has the name and the funeral; an unknown one is a 404', () => {
    const obituary = { id: '44444444-4444-4444-8444-000000000001', name: 'José da Silva', age: 88, funeral_location: 'Velório Municipal', funeral_time: '14h', photo_url: null } as Obituary;
    const { head } = page(headAt(paths.obituary(obituary.id, obituary.name), { obituary }));
    expect(head).toMatchObject({ title: 'Obituário: José da Silva | Porto Ferreira Notícias', description: 'José da Silva, 88 anos. Velório: Velório Municipal, 14h.' });
    expect(page(headAt(paths.obituary(obituary.id), { obituary: null })).status).toBe(404);
  });

  it('an advertiser’s report is private and never indexed, and a 404 once no report is found', () => {
    const found = page(headAt('/anuncios/relatorio/55555555-5555-4555-8555-000000000001', { report: { campaign: 'x' } }));
    expect(found).toMatchObject({ status: 200, private: true, head: { robots: 'noindex, nofollow', canonical: null } });
    expect(page(headAt('/anuncios/relatorio/nada', { report: null }))).toMatchObject({ status: 404, private: true });
  });

  it('a search names the search page as canonical, and its query in the title', () => {
    const { head } = page(headAt(`${paths.search('enchente')}`, { query: 'enchente', results: [] }));
    expect(head).toMatchObject({ title: 'Busca: enchente | Porto Ferreira Notícias', canonical: 'https://noticias.example/busca', robots: null });
  });
});

describe('the pages whose head is their own', () => {
  const fixed: [ReaderPageId, string, string][] = [
    ['obituaries', paths.obituaries(), 'Obituário'],
    ['jobs', paths.jobs(), 'Vagas de Emprego'],
    ['advertising', paths.advertising(), 'Anuncie no Porto Ferreira Notícias'],
    ['tip-line', paths.tipLine(), 'Envie sua notícia'],
    ['privacy', paths.privacy(), 'Política de Privacidade'],
    ['accessibility', paths.accessibility(), 'Acessibilidade'],
    ['corrections', paths.corrections(), 'Correções'],
  ];

  it.each(fixed)('%s: its title and its own canonical address, also at a trailing slash', (_id, path, title) => {
    for (const address of [path, `${path}/`]) {
      const { head } = page(headAt(address, {}));
      expect(head.title).toBe(`${title} | Porto Ferreira Notícias`);
      expect(head.canonical).toBe(`https://noticias.example${path}`);
    }
  });

  it('the home page is the site itself, with its search action and its publisher', () => {
    const { head } = page(headAt(paths.home(), {}));
    expect(head).toMatchObject({ title: 'Porto Ferreira Notícias', shareTitle: 'Porto Ferreira Notícias', canonical: 'https://noticias.example/' });
    expect(head.jsonLd).toMatchObject([
      { '@type': 'WebSite', potentialAction: { target: { urlTemplate: 'https://noticias.example/busca?q={search_term_string}' } } },
      { '@type': 'NewsMediaOrganization', name: 'Porto Ferreira Notícias' },
    ]);
  });

  it('a newsletter link is private and never indexed; another outlet’s story is not indexed; an unknown address is a 404', () => {
    const params: Params = {};
    expect(headAt(paths.newsletterConfirm('x'), undefined)).toMatchObject({ private: true, head: { robots: 'noindex, nofollow' } });
    expect(headAt(paths.newsletterUnsubscribe('x'), undefined)).toMatchObject({ private: true, head: { title: 'Cancelar inscrição | Porto Ferreira Notícias' } });
    expect(headAt(paths.externalArticle('amostra'), undefined)).toMatchObject({ status: 200, head: { robots: 'noindex, follow', canonical: null } });
    expect(READER_PAGE_HANDLES['not-found'].head({ site, url: new URL('/nada', site.origin), params, data: undefined })).toMatchObject({
      status: 404,
      head: { robots: 'noindex' },
    });
  });
});
