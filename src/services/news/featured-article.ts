import { site } from '../../config/site';
import { DEFAULT_AUTHOR, type NewsArticle } from './news-article';

// Apart from the other built-in articles: the home page always shows this one, and the rest are loaded only when a
// news section has to fall back to them.

/** docs/product.md §2: the home page's hard-coded featured story (not fetched). */
export const FEATURED_ARTICLE: NewsArticle = {
  id: 'amostra-destaque',
  origin: 'sample',
  title: 'Nova fábrica de revestimentos vai investir R$ 50 milhões e gerar 500 empregos em Porto Ferreira',
  description:
    'Indústria cerâmica escolheu o distrito industrial da cidade; obras começam no próximo ano e a operação completa está prevista em 24 meses.',
  content: [
    'Uma indústria de revestimentos cerâmicos anunciou um investimento de R$ 50 milhões para instalar uma nova unidade no distrito industrial de Porto Ferreira. A previsão é de 500 empregos diretos quando a fábrica estiver em operação completa, em 24 meses.',
    'O terreno de 60 mil metros quadrados fica às margens da rodovia, perto do acesso ao Anel Viário. A primeira fase inclui dois fornos a rolo e uma linha de esmaltação automatizada; a segunda, um centro de distribuição para o interior paulista e o sul de Minas Gerais.',
    'A prefeitura informou que a empresa receberá incentivos previstos na lei municipal de desenvolvimento econômico, com contrapartidas de contratação de moradores da cidade e de capacitação em parceria com a escola técnica.',
    'Os processos seletivos devem ser divulgados a partir do segundo semestre, com vagas para operadores de produção, técnicos de manutenção, laboratório de qualidade e logística.',
  ].join('\n\n'),
  imageUrl: '/images/hero/investimento-industrial/original-1200w.webp',
  publishedAt: '2026-11-21T08:00:00-03:00',
  publishedOn: '2026-11-21',
  sourceName: site.name,
  author: DEFAULT_AUTHOR,
  url: null,
  category: 'Economia',
  youtubeUrl: null,
};
