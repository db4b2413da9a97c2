import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Client } from '../../src/services/client.ts';
import type * as TopicData from '../../src/features/reader/topic/topic-data.ts';
import { createTopic, deleteTopic, isReservedTopicSlugError, updateTopic } from '../../src/services/topic-admin.ts';
import { getTopicBySlug, resolveTopicSlug, type Topic } from '../../src/services/topics.ts';
import { toServiceError } from '../../src/services/errors.ts';
import { slugify } from '../../src/lib/slugify.ts';
import { seed } from '../support/seed.ts';
import { startTestBackend, type TestBackend, type TestUser } from '../support/test-backend.ts';

// Topic addresses are stable (supabase/migrations/*_stable_topic_slugs.sql), through the real API: the navigation's
// slugs never change, and a renamed topic's old slug leads to its new one.

const readerClient = vi.hoisted(() => ({ current: undefined as Client | undefined }));
vi.mock('../../src/services/reader-data-client.ts', () => ({
  readerDataClient: () => readerClient.current,
}));

// Every page the route loader starts, so the test can let its requests finish before the backend stops (a redirect
// abandons a page whose requests are already on their way).
const startedPages = vi.hoisted(() => ({ all: [] as unknown[] }));
vi.mock('../../src/features/reader/topic/topic-data.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof TopicData>();
  return {
    ...actual,
    loadTopicPage: (...args: Parameters<typeof actual.loadTopicPage>) => {
      const page = actual.loadTopicPage(...args);
      startedPages.all.push(page.topic, page.topicName, page.articles);
      return page;
    },
  };
});

let backend: TestBackend;
let admin: TestUser;
beforeAll(async () => {
  backend = await startTestBackend();
  admin = await backend.admin();
  readerClient.current = backend.anon();
});
afterAll(() => backend.stop());

async function topicById(id: string): Promise<Topic> {
  const { data, error } = await backend.anon().from('topics').select('id,name,slug').eq('id', id).single();
  if (error) throw new Error(error.message);
  return data;
}

async function newTopic(name: string): Promise<Topic> {
  await createTopic(admin.client, { name });
  const topic = await getTopicBySlug(backend.anon(), slugify(name));
  if (!topic) throw new Error(`topic ${name} was not created`);
  return topic;
}

describe('the navigation topics, through the API', () => {
  it("an admin PATCH of the 'local' topic's slug and name is refused (PF004) and changes nothing", async () => {
    const { error, status } = await admin.client
      .from('topics')
      .update({ name: 'Porto Ferreira', slug: 'porto-ferreira' })
      .eq('id', seed.topics.local);
    expect(error?.code).toBe('PF004');
    expect(status).toBe(400);
    expect(isReservedTopicSlugError(toServiceError(error!, status))).toBe(true);
    expect(await topicById(seed.topics.local)).toEqual({ id: seed.topics.local, name: 'Porto Ferreira', slug: 'local' });
  });

  it('every navigation slug is refused a change, even by a PATCH that filters on the slug', async () => {
    const { error } = await admin.client.from('topics').update({ slug: 'economia-e-negocios' }).eq('slug', 'economia');
    expect(error?.code).toBe('PF004');
    expect((await topicById(seed.topics.economia)).slug).toBe('economia');
  });

  it("saving 'Porto Ferreira' unchanged, or renamed, through the service keeps the slug local", async () => {
    const local = await topicById(seed.topics.local);
    await updateTopic(admin.client, local, { name: 'Porto Ferreira' });
    expect(await topicById(seed.topics.local)).toEqual(local);

    await updateTopic(admin.client, local, { name: 'Porto Ferreira e Região' });
    expect(await topicById(seed.topics.local)).toMatchObject({ name: 'Porto Ferreira e Região', slug: 'local' });
    await updateTopic(admin.client, { ...local, name: 'Porto Ferreira e Região' }, { name: 'Porto Ferreira' });
  });

  it('a PATCH that sends the same slug back is allowed', async () => {
    const { error } = await admin.client.from('topics').update({ name: 'Saúde', slug: 'saude' }).eq('slug', 'saude');
    expect(error).toBeNull();
  });
});

describe('renaming a topic the newsroom added', () => {
  it('gives it the new slug, and its old slug resolves to the topic for a reader', async () => {
    const topic = await newTopic('Agro');
    await updateTopic(admin.client, topic, { name: 'Agronegócio' });
    const renamed = { id: topic.id, name: 'Agronegócio', slug: 'agronegocio' };
    expect(await topicById(topic.id)).toEqual(renamed);

    expect(await getTopicBySlug(backend.anon(), 'agro')).toBeNull();
    expect(await resolveTopicSlug(backend.anon(), 'agro')).toEqual(renamed);
    expect(await resolveTopicSlug(backend.anon(), 'agronegocio')).toEqual(renamed);
    expect(await resolveTopicSlug(backend.anon(), 'nunca-existiu')).toBeNull();
  });

  it('keeps every old slug of a topic renamed twice leading to its current slug', async () => {
    const topic = await newTopic('Turismo');
    await updateTopic(admin.client, topic, { name: 'Turismo Rural' });
    await updateTopic(admin.client, { ...topic, name: 'Turismo Rural', slug: 'turismo-rural' }, { name: 'Ecoturismo' });
    for (const old of ['turismo', 'turismo-rural']) {
      expect((await resolveTopicSlug(backend.anon(), old))?.slug, old).toBe('ecoturismo');
    }
  });

  it('hands an old slug over to a new topic that takes it', async () => {
    const first = await newTopic('Feiras');
    await updateTopic(admin.client, first, { name: 'Feiras e Exposições' });
    const second = await newTopic('Feiras');
    expect(await resolveTopicSlug(backend.anon(), 'feiras')).toEqual(second);
    expect((await resolveTopicSlug(backend.anon(), 'feiras-e-exposicoes'))?.id).toBe(first.id);
  });

  it('forgets the old slugs of a deleted topic', async () => {
    const topic = await newTopic('Clima');
    await updateTopic(admin.client, topic, { name: 'Tempo e Clima' });
    await deleteTopic(admin.client, topic.id);
    expect(await resolveTopicSlug(backend.anon(), 'clima')).toBeNull();
  });

  it('the reader topic route redirects the old slug to the current one', async () => {
    const topic = await newTopic('Trânsito');
    await updateTopic(admin.client, topic, { name: 'Trânsito e Mobilidade' });
    const { loader } = await import('../../src/features/reader/topic/topic.route.tsx');
    const load = (slug: string) => {
      const url = new URL(`http://localhost/topic/${slug}`);
      return loader({ params: { slug }, request: new Request(url), url, pattern: '/topic/:slug', context: {} });
    };

    const thrown: unknown = await load('transito').catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(301);
    expect((thrown as Response).headers.get('Location')).toBe('/topic/transito-e-mobilidade');

    const current = await load('transito-e-mobilidade');
    expect(await current.topicName).toBe('Trânsito e Mobilidade');
    await Promise.allSettled(startedPages.all);
  });
});
