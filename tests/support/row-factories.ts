import { publishedDay } from '../../src/services/news/news-article.ts';
import type { NewsArticle } from '../../src/services/news/index.ts';
import type { JobNotice } from '../../src/services/job-board.ts';
import { toDateInputValue } from '../../src/lib/dates.ts';
import type { Job } from '../../src/services/jobs.ts';
import type { Obituary } from '../../src/services/obituaries.ts';
import type { AdminPublicationSummary, PublicationInput } from '../../src/services/publication-admin.ts';
import type { TablesInsert } from '../../src/types/database.ts';
import { seed } from './seed.ts';

// The one set of row factories for the node and jsdom tests: each builds a valid row as the services return it (or,
// for PublicationInput, as the form hands it to savePublication), and a test overrides only the fields its
// behaviour depends on. Numbers and ids come from one sequence so rows built in one test never collide.

let sequence = 0;
const next = () => (sequence += 1);

/** A reader's story card or page: a local story by default (an external or sample one through `origin`). */
export function buildArticle(overrides: Partial<NewsArticle> = {}): NewsArticle {
  const n = next();
  const publishedAt = overrides.publishedAt === undefined ? '2026-11-20T10:00:00-03:00' : overrides.publishedAt;
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    origin: 'local',
    title: `Notícia de teste ${n}`,
    description: `Descrição da notícia ${n}`,
    content: '<p>Corpo da notícia.</p>',
    imageUrl: null,
    publishedAt,
    publishedOn: publishedDay(publishedAt),
    sourceName: 'Porto Ferreira Notícias',
    author: 'Redação',
    url: null,
    category: 'Porto Ferreira',
    youtubeUrl: null,
    ...overrides,
  };
}

/** A published, open job (no expiry). */
export function buildJob(overrides: Partial<Job> = {}): Job {
  const n = next();
  return {
    id: `job-${n}`,
    title: `Vaga ${n}`,
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

/** A job as its own page reads it: with São Paulo's day of its posting. */
export function buildJobNotice(overrides: Partial<Job> = {}): JobNotice {
  const job = buildJob(overrides);
  return { ...job, postedOn: toDateInputValue(job.created_at) };
}

/** A published obituary notice. */
export function buildObituary(overrides: Partial<Obituary> = {}): Obituary {
  const n = next();
  return {
    id: `obituary-${n}`,
    name: `Pessoa ${n}`,
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

/** A row of the newsroom's publication list: published, not the lead, unsigned. */
export function buildAdminPublicationSummary(overrides: Partial<AdminPublicationSummary> = {}): AdminPublicationSummary {
  return {
    id: 'p1',
    title: 'Festa da cerâmica',
    description: null,
    image_url: null,
    topic_id: 'local',
    topics: { name: 'Porto Ferreira' },
    published: true,
    published_at: '2026-11-01T12:00:00Z',
    is_lead: false,
    urgent_until: null,
    signed: false,
    byline: null,
    created_at: '2026-11-01T12:00:00Z',
    updated_at: '2026-11-01T12:00:00Z',
    author_id: null,
    views: 0,
    review_requested_at: null,
    review_note: null,
    ...overrides,
  };
}

/** What the publication form saves: a draft without images or video, in the seeded topic `local`, unsigned. */
export function buildPublicationInput(overrides: Partial<PublicationInput> = {}): PublicationInput {
  return {
    title: 'Câmara aprova novo calendário de feiras',
    description: 'Feiras livres passam a funcionar também aos domingos.',
    content: '<p>Texto da matéria.</p>',
    image_url: null,
    image_alt: null,
    image_credit: null,
    youtube_url: null,
    topic_id: seed.topics.local,
    published: false,
    publish_at: null,
    is_lead: false,
    signed: false,
    sponsor_name: null,
    ...overrides,
  };
}

/** A publications row as a test inserts it through the API: published now, in the seeded topic `local`. */
export function buildPublicationRow(overrides: Partial<TablesInsert<'publications'>> = {}): TablesInsert<'publications'> {
  return {
    title: `Notícia de teste ${next()}`,
    topic_id: seed.topics.local,
    published: true,
    published_at: new Date().toISOString(),
    ...overrides,
  };
}
