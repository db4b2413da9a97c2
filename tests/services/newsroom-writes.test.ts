import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getDashboardSummary } from '../../src/services/dashboard.ts';
import { ServiceError, isUniqueViolation } from '../../src/services/errors.ts';
import { deleteJob, getJob, listAllJobs, saveJob, setJobPublished } from '../../src/services/job-admin.ts';
import { listPublishedJobs } from '../../src/services/jobs.ts';
import { listMediaKitRequests, submitMediaKitRequest } from '../../src/services/media-kit.ts';
import {
  deleteObituary,
  getObituary,
  listAllObituaries,
  saveObituary,
  setObituaryPublished,
} from '../../src/services/obituary-admin.ts';
import { listPublishedObituaries } from '../../src/services/obituaries.ts';
import {
  deletePublication,
  getPublication,
  listAllPublications,
  savePublication,
  setPublicationPublished,
} from '../../src/services/publication-admin.ts';
import { getPublishedPublication } from '../../src/services/published-story.ts';
import { createTopic, deleteTopic, listTopics, updateTopic } from '../../src/services/topic-admin.ts';
import { resetDatabaseClock, setDatabaseClock } from '../support/database-clock.ts';
import { buildPublicationInput } from '../support/row-factories.ts';
import { seed } from '../support/seed.ts';
import { startTestBackend, type TestBackend, type TestUser } from '../support/test-backend.ts';

let backend: TestBackend;
let admin: TestUser;
beforeAll(async () => {
  backend = await startTestBackend();
  admin = await backend.admin();
});
afterAll(() => backend.stop());

describe('topics, as the newsroom', () => {
  it('creates with a slug derived from the name, renames, and deletes', async () => {
    await createTopic(admin.client, { name: '  Meio Ambiente & Clima ' });
    let created = (await listTopics(admin.client)).find((t) => t.slug === 'meio-ambiente-clima');
    expect(created?.name).toBe('Meio Ambiente & Clima');

    await updateTopic(admin.client, created!, { name: 'Meio Ambiente' });
    created = (await listTopics(admin.client)).find((t) => t.id === created!.id);
    expect(created).toMatchObject({ name: 'Meio Ambiente', slug: 'meio-ambiente' });

    await deleteTopic(admin.client, created!.id);
    expect((await listTopics(admin.client)).some((t) => t.id === created!.id)).toBe(false);
  });

  it('refuses a duplicate slug with a unique-violation code', async () => {
    const error = await createTopic(admin.client, { name: 'Saúde' }).catch((e: unknown) => e);
    expect(isUniqueViolation(error)).toBe(true);
  });
});

describe('publications, as the newsroom', () => {
  it('saves a draft: no published_at, author is the signed-in user, topic embedded', async () => {
    const saved = await savePublication(admin.client, buildPublicationInput());
    expect(saved).toMatchObject({ published: false, published_at: null, author_id: admin.id, views: 0 });
    expect(saved.topics?.name).toBe('Porto Ferreira');
    await expect(getPublishedPublication(backend.anon(), saved.id)).resolves.toBeNull();
    await deletePublication(admin.client, saved.id);
  });

  // published_at comes from the database's clock (docs/decisions/0014: a browser's clock may run ahead).
  afterEach(() => resetDatabaseClock(backend.db));

  it('stamps published_at when publishing; an edit of a published story keeps it and stamps updated_at, by the database clock', async () => {
    await setDatabaseClock(backend.db, new Date('2026-11-20T10:00:00Z'));
    // A browser clock running ahead stamps neither time.
    const first = await savePublication(admin.client, buildPublicationInput({ published: true }), undefined, new Date('2026-11-20T10:05:00Z'));
    expect(Date.parse(first.published_at!)).toBe(Date.parse('2026-11-20T10:00:00Z'));
    expect(Date.parse(first.updated_at)).toBe(Date.parse('2026-11-20T10:00:00Z'));

    await setDatabaseClock(backend.db, new Date('2026-11-21T12:00:00Z'));
    // A live story's text changes with a minor edit or a correction (decision 0038).
    const revised = buildPublicationInput({ published: true, title: 'Título revisto', revision: { kind: 'minor_edit', note: '' } });
    const edited = await savePublication(admin.client, revised, first.id, new Date('2026-11-21T12:03:00Z'));
    expect(edited.title).toBe('Título revisto');
    expect(Date.parse(edited.published_at!)).toBe(Date.parse('2026-11-20T10:00:00Z'));
    expect(Date.parse(edited.updated_at)).toBe(Date.parse('2026-11-21T12:00:00Z'));
    const read = await getPublishedPublication(backend.anon(), first.id);
    expect(read).toMatchObject({ title: 'Título revisto' });
    expect(Date.parse(read!.updated_at)).toBe(Date.parse('2026-11-21T12:00:00Z'));
    // A reader's view writes the row too, and is not an edit.
    await backend.anon().rpc('increment_views', { publication_id: first.id });
    expect(Date.parse((await getPublishedPublication(backend.anon(), first.id))!.updated_at)).toBe(Date.parse('2026-11-21T12:00:00Z'));

    // A story written already published in the past (an import, a seed) was not changed after its publication.
    const imported = await admin.client
      .from('publications')
      .insert({ title: 'Importada', published: true, published_at: '2026-11-01T08:00:00Z' })
      .select('published_at,updated_at')
      .single();
    expect(imported.error).toBeNull();
    expect(Date.parse(imported.data!.updated_at)).toBe(Date.parse('2026-11-01T08:00:00Z'));
    await admin.client.from('publications').delete().eq('title', 'Importada');

    // Unpublished, then published again: a new publication time.
    await savePublication(admin.client, buildPublicationInput({ published: false }), first.id);
    await setDatabaseClock(backend.db, new Date('2026-11-22T09:00:00Z'));
    const republished = await savePublication(admin.client, buildPublicationInput({ published: true }), first.id);
    expect(Date.parse(republished.published_at!)).toBe(Date.parse('2026-11-22T09:00:00Z'));

    const unticked = await savePublication(admin.client, buildPublicationInput({ published: false }), first.id);
    expect(unticked.published_at).toBeNull();
    await deletePublication(admin.client, first.id);
  });

  it('toggles publication from the list: publishing stamps now, unpublishing clears', async () => {
    const saved = await savePublication(admin.client, buildPublicationInput());
    await setDatabaseClock(backend.db, new Date('2026-11-22T08:00:00Z'));
    await setPublicationPublished(admin.client, saved.id, true);
    let row = await getPublication(admin.client, saved.id);
    expect(row?.published).toBe(true);
    expect(Date.parse(row!.published_at!)).toBe(Date.parse('2026-11-22T08:00:00Z'));

    await setPublicationPublished(admin.client, saved.id, false);
    row = await getPublication(admin.client, saved.id);
    expect(row).toMatchObject({ published: false, published_at: null });

    await deletePublication(admin.client, saved.id);
    // A missing row is an expected answer (an edit address gone stale), not an error.
    await expect(getPublication(admin.client, saved.id)).resolves.toBeNull();
  });

  it('lists every publication for the admin, drafts included, newest created first', async () => {
    const rows = await listAllPublications(admin.client);
    expect(rows.some((r) => r.id === seed.publications.draft)).toBe(true);
    const created = rows.map((r) => Date.parse(r.created_at));
    expect(created).toEqual([...created].sort((a, b) => b - a));
    expect(rows.find((r) => r.id === seed.publications.mostRead)?.topics?.name).toBe('Porto Ferreira');
  });

  it('refuses to save without a session (the internal "User not authenticated")', async () => {
    const error = await savePublication(backend.anon(), buildPublicationInput()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as ServiceError).code).toBe('not_authenticated');
  });
});

describe('obituaries, as the newsroom', () => {
  it('creates, publishes, edits, unpublishes and deletes', async () => {
    const saved = await saveObituary(admin.client, {
      name: 'José Carlos Teixeira',
      age: 81,
      death_date: '2026-11-21',
      biography: 'Oleiro por mais de cinquenta anos.',
      family: 'Deixa esposa, três filhos e sete netos.',
      funeral_location: 'Velório Municipal de Porto Ferreira',
      funeral_time: '21/11, das 14h às 17h',
      photo_url: null,
      published: false,
    });
    expect(saved).toMatchObject({ age: 81, death_date: '2026-11-21', published: false });
    expect((await listPublishedObituaries(backend.anon())).some((o) => o.id === saved.id)).toBe(false);

    await setObituaryPublished(admin.client, saved.id, true);
    expect((await listPublishedObituaries(backend.anon())).some((o) => o.id === saved.id)).toBe(true);

    const { id: _id, created_at: _createdAt, ...fields } = saved;
    await saveObituary(admin.client, { ...fields, age: 82 }, saved.id);
    expect((await getObituary(admin.client, saved.id))?.age).toBe(82);

    await setObituaryPublished(admin.client, saved.id, false);
    expect((await listPublishedObituaries(backend.anon())).some((o) => o.id === saved.id)).toBe(false);
    expect((await listAllObituaries(admin.client)).some((o) => o.id === saved.id)).toBe(true);

    await deleteObituary(admin.client, saved.id);
    await expect(getObituary(admin.client, saved.id)).resolves.toBeNull();
  });

  it('rejects a missing required field with a database code', async () => {
    const error = await saveObituary(admin.client, {
      name: '',
      age: 70,
      death_date: '2026-11-21',
      funeral_location: 'Velório',
      funeral_time: '10h',
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as ServiceError).code).toMatch(/^23/);
  });
});

describe('jobs, as the newsroom', () => {
  it('creates with an empty expiry sent as null, publishes, and deletes', async () => {
    const saved = await saveJob(admin.client, {
      title: 'Auxiliar de produção',
      company: 'Cerâmica Ferreirense',
      contract_type: 'CLT',
      description: 'Turno da manhã.',
      location: 'Distrito Industrial',
      published: false,
      expires_at: '',
    });
    expect(saved.expires_at).toBeNull();
    expect((await getJob(admin.client, saved.id))?.contract_type).toBe('CLT');

    await setJobPublished(admin.client, saved.id, true);
    expect((await listPublishedJobs(backend.anon(), 10)).some((j) => j.id === saved.id)).toBe(true);
    expect((await listAllJobs(admin.client))[0]?.id).toBe(saved.id);

    await deleteJob(admin.client, saved.id);
    await expect(getJob(admin.client, saved.id)).resolves.toBeNull();
  });

  it('refuses a contract type outside the five', async () => {
    const error = await saveJob(admin.client, {
      title: 'Vaga',
      company: 'Empresa',
      contract_type: 'Bico' as never,
      location: 'Centro',
    }).catch((e: unknown) => e);
    expect((error as ServiceError).code).toBe('23514');
  });
});

describe('media kit requests', () => {
  it('a reader sends one; only the newsroom reads them, newest first', async () => {
    await submitMediaKitRequest(backend.anon(), {
      name: 'Ana Souza',
      company: 'Padaria Central',
      email: 'ana@padaria.com.br',
      phone: '(19) 99999-0000',
      interest: 'banner-lateral',
      message: '',
    });
    const requests = await listMediaKitRequests(admin.client);
    expect(requests[0]).toMatchObject({ name: 'Ana Souza', interest: 'banner-lateral', message: null });
    // Readers have no SELECT on requests at all (decision 0015): the read is refused, not just empty.
    await expect(listMediaKitRequests(backend.anon())).rejects.toThrow();
  });
});

describe('dashboard', () => {
  it('counts published, drafts, obituaries, jobs and requests, and lists the most read', async () => {
    const summary = await getDashboardSummary(admin.client);
    expect(summary.publishedPublications).toBeGreaterThanOrEqual(seed.publishedPublicationCount);
    expect(summary.draftPublications).toBeGreaterThanOrEqual(2);
    expect(summary.obituaries).toBeGreaterThanOrEqual(4);
    expect(summary.jobs).toBeGreaterThanOrEqual(4);
    expect(summary.mediaKitRequests).toBeGreaterThanOrEqual(0);
    expect(summary.mostRead).toHaveLength(5);
  });
});
