// @vitest-environment node
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { site } from '../../config/site';
import { getNationalNews, getTopicNews, normalizeNewsApiArticle } from './news-api';
import { SAMPLE_ARTICLES_BY_SLUG } from './sample-articles';

// A local stand-in for NewsAPI: each test says how the next request is answered, and every request is recorded.
type Reply = (request: IncomingMessage, response: ServerResponse) => void;

const recordedShape = {
  status: 'ok',
  totalResults: 2,
  articles: [
    {
      source: { id: 'globo', name: 'Globo' },
      author: 'Maria Souza',
      title: 'Governo anuncia pacote para rodovias do interior',
      description: 'Investimento será feito em cinco anos.',
      url: 'https://example.com/rodovias',
      urlToImage: 'https://example.com/rodovias.jpg',
      publishedAt: '2026-11-20T12:00:00Z',
      content: 'O governo anunciou nesta sexta-feira um pacote… [+1520 chars]',
    },
    {
      source: { id: null, name: 'Jornal Regional' },
      author: null,
      title: 'Chuva forte atinge o interior paulista',
      description: null,
      url: 'https://example.com/chuva',
      urlToImage: null,
      publishedAt: '2026-11-19T08:00:00Z',
      content: null,
    },
    {
      source: { id: null, name: '[Removed]' },
      author: null,
      title: '[Removed]',
      description: '[Removed]',
      url: 'https://removed.com',
      urlToImage: null,
      publishedAt: '1970-01-01T00:00:00Z',
      content: '[Removed]',
    },
  ],
};

let server: Server;
let baseUrl: string;
let reply: Reply;
const requests: URL[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    requests.push(new URL(request.url ?? '/', 'http://fake-newsapi'));
    reply(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v2`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  requests.length = 0;
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

const json = (status: number, body: unknown): Reply => (_request, response) => {
  response.writeHead(status, { 'Content-Type': 'application/json' });
  response.end(JSON.stringify(body));
};

describe('external news adapter', () => {
  it('asks top-headlines for Brazil, ten items, the mapped category and the key, and normalises the answer', async () => {
    reply = json(200, recordedShape);

    const articles = await getTopicNews('esportes', { apiKey: 'test-key', baseUrl });

    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request?.pathname).toBe('/v2/top-headlines');
    expect(Object.fromEntries(request?.searchParams ?? [])).toEqual({
      country: 'br',
      pageSize: '10',
      category: 'sports',
      apiKey: 'test-key',
    });
    expect(articles).toEqual([
      {
        id: 'https://example.com/rodovias',
        origin: 'external',
        title: 'Governo anuncia pacote para rodovias do interior',
        description: 'Investimento será feito em cinco anos.',
        content: 'O governo anunciou nesta sexta-feira um pacote…',
        imageUrl: 'https://example.com/rodovias.jpg',
        publishedAt: '2026-11-20T12:00:00Z',
        sourceName: 'Globo',
        author: 'Maria Souza',
        url: 'https://example.com/rodovias',
        category: 'Esportes',
        youtubeUrl: null,
      },
      expect.objectContaining({
        title: 'Chuva forte atinge o interior paulista',
        author: 'Redação',
        description: '',
        content: '',
        imageUrl: null,
        sourceName: 'Jornal Regional',
      }),
    ]);
  });

  it("credits an item without a source name to the product, as docs/product.md §2's photo caption says, not to 'Redação'", () => {
    const base = { title: 'Chuva forte atinge o interior paulista', url: 'https://example.com/chuva' };
    for (const source of [undefined, null, {}, { id: null, name: null }, { name: '' }, { name: '   ' }]) {
      const article = normalizeNewsApiArticle({ ...base, source }, 'Nacional');
      expect(article?.sourceName).toBe(site.name);
      expect(article?.author).toBe('Redação');
    }
    expect(normalizeNewsApiArticle({ ...base, source: { name: ' Globo ' } }, 'Nacional')?.sourceName).toBe('Globo');
  });

  it('maps every site topic as docs/product.md §18 says', async () => {
    reply = json(200, { status: 'ok', totalResults: 0, articles: [] });
    const expected = {
      politica: 'politics',
      economia: 'business',
      saude: 'health',
      esportes: 'sports',
      tecnologia: 'technology',
      cultura: 'entertainment',
      educacao: 'science',
    };
    for (const slug of Object.keys(expected)) await getTopicNews(slug, { apiKey: 'k', baseUrl });
    expect(requests.map((request) => request.searchParams.get('category'))).toEqual(Object.values(expected));
  });

  it('sends no category for the national headlines', async () => {
    reply = json(200, recordedShape);
    const articles = await getNationalNews({ apiKey: 'k', baseUrl });
    expect(requests[0]?.searchParams.has('category')).toBe(false);
    expect(articles[0]?.category).toBe('Nacional');
  });

  it('falls back to the category samples on an HTTP error', async () => {
    reply = json(401, { status: 'error', code: 'apiKeyInvalid', message: 'Your API key is invalid.' });
    await expect(getTopicNews('tecnologia', { apiKey: 'bad', baseUrl })).resolves.toEqual(SAMPLE_ARTICLES_BY_SLUG.tecnologia);
    expect(requests).toHaveLength(1);
  });

  it('falls back to the politics samples for national news on an error body', async () => {
    reply = json(200, { status: 'error', code: 'rateLimited' });
    await expect(getNationalNews({ apiKey: 'k', baseUrl })).resolves.toEqual(SAMPLE_ARTICLES_BY_SLUG.politica);
  });

  it('falls back to the samples when the service does not answer in time', async () => {
    // Never answers: only the adapter's timeout ends the request.
    reply = () => undefined;
    const started = Date.now();
    await expect(getTopicNews('saude', { apiKey: 'k', baseUrl, timeoutMs: 150 })).resolves.toEqual(SAMPLE_ARTICLES_BY_SLUG.saude);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(requests).toHaveLength(1);
  });

  it('answers with the samples and sends nothing without a key', async () => {
    reply = json(200, recordedShape);
    await expect(getTopicNews('economia', { apiKey: undefined, baseUrl })).resolves.toEqual(SAMPLE_ARTICLES_BY_SLUG.economia);
    await expect(getNationalNews({ apiKey: undefined, baseUrl })).resolves.toEqual(SAMPLE_ARTICLES_BY_SLUG.politica);
    expect(requests).toHaveLength(0);
  });

  it('gives an empty list, without a request, for a topic with no external counterpart', async () => {
    reply = json(200, recordedShape);
    await expect(getTopicNews('local', { apiKey: 'k', baseUrl })).resolves.toEqual([]);
    await expect(getTopicNews('inexistente', { apiKey: 'k', baseUrl })).resolves.toEqual([]);
    expect(requests).toHaveLength(0);
  });

  it('ships three realistic samples for each of the seven categories', () => {
    const all = Object.values(SAMPLE_ARTICLES_BY_SLUG).flat();
    expect(all).toHaveLength(21);
    for (const samples of Object.values(SAMPLE_ARTICLES_BY_SLUG)) expect(samples).toHaveLength(3);
    expect(new Set(all.map((article) => article.id)).size).toBe(21);
    for (const article of all) {
      expect(article.title.length).toBeGreaterThan(20);
      expect(article.content.length).toBeGreaterThan(article.description.length);
    }
  });
});
