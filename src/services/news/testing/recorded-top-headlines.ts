// A NewsAPI top-headlines answer in its recorded shape (fields as the service sends them, nulls included), served by
// the tests' local stand-ins for NewsAPI (edge/news-proxy.test.ts) and for the site's proxy (news-api.test.ts).
export const RECORDED_TOP_HEADLINES = {
  status: 'ok',
  totalResults: 3,
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
