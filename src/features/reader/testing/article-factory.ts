import type { NewsArticle } from '../../../services/news';
import type { Job } from '../../../services/jobs';
import type { Obituary } from '../../../services/obituaries';

let sequence = 0;

export function buildArticle(overrides: Partial<NewsArticle> = {}): NewsArticle {
  sequence += 1;
  return {
    id: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    origin: 'local',
    title: `Notícia de teste ${sequence}`,
    description: `Descrição da notícia ${sequence}`,
    content: '<p>Corpo da notícia.</p>',
    imageUrl: null,
    publishedAt: '2026-11-20T10:00:00-03:00',
    sourceName: 'Porto Ferreira Notícias',
    author: 'Redação',
    url: null,
    category: 'Porto Ferreira',
    youtubeUrl: null,
    ...overrides,
  };
}

export function buildJob(overrides: Partial<Job> = {}): Job {
  sequence += 1;
  return {
    id: `job-${sequence}`,
    title: `Vaga ${sequence}`,
    company: 'Cerâmica Exemplo',
    contract_type: 'CLT',
    description: null,
    how_to_apply: null,
    location: 'Porto Ferreira',
    published: true,
    expires_at: null,
    created_at: '2026-11-20T10:00:00-03:00',
    ...overrides,
  };
}

export function buildObituary(overrides: Partial<Obituary> = {}): Obituary {
  sequence += 1;
  return {
    id: `obituary-${sequence}`,
    name: `Pessoa ${sequence}`,
    age: 80,
    death_date: '2026-11-18',
    biography: 'Viveu toda a vida em Porto Ferreira.',
    family: 'Deixa filhos e netos.',
    funeral_location: 'Velório Municipal',
    funeral_time: '18/11, das 8h às 14h',
    photo_url: null,
    published: true,
    created_at: '2026-11-18T10:00:00-03:00',
    ...overrides,
  };
}
