import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getPublishedPublication } from '../../src/services/published-story.ts';
import { buildPublicationRow } from '../support/row-factories.ts';
import { seed } from '../support/seed.ts';
import { startTestBackend, type TestBackend, type TestUser } from '../support/test-backend.ts';

// docs/product.md §6 and §19.3: images inside the body come from the project's own storage only, and the main image has an
// alternative text and a credit. The client sanitises before saving; these prove the database holds the line for
// anyone who posts to the API directly (an admin's token with raw HTML).

let backend: TestBackend;
let admin: TestUser;
beforeAll(async () => {
  backend = await startTestBackend();
  admin = await backend.admin();
});
afterAll(() => backend.stop());

const OWN_PATH = '/storage/v1/object/public/publications/0b7a5c1e-2f4d-4a8b-9c3e-1d2f3a4b5c6d/original-1600w.jpg';
const figure = (src: string) => `<figure><img src="${src}" alt="Coreto" width="1600" height="900"><figcaption>Foto: Ana</figcaption></figure>`;

async function insert(row: { content?: string; image_url?: string | null; image_alt?: string | null; image_credit?: string | null }) {
  return admin.client
    .from('publications')
    .insert(buildPublicationRow({ title: 'Imagens no texto', ...row }))
    .select('id,content,image_alt,image_credit')
    .single();
}

describe('image URLs in the body limited to the project\'s storage', () => {
  it.each([
    ['the local backend', () => `${backend.url}${OWN_PATH}`],
    ['a hosted project', () => `https://abcdefghijklmnopqrst.supabase.co${OWN_PATH}`],
    ['a relative path', () => OWN_PATH],
  ])('accepts an image on %s', async (_, src) => {
    const content = `<p>Antes</p>${figure(src())}<p>Depois</p>`;
    const { data, error } = await insert({ content });
    expect(error).toBeNull();
    expect(data!.content).toBe(content);
  });

  it.each([
    ['another site', figure('https://evil.example/tracker.gif')],
    ['another site under our path', figure(`https://evil.example${OWN_PATH}`)],
    ['another bucket', figure('/storage/v1/object/public/obituaries/a.jpg')],
    ['a climb out of the bucket', figure('/storage/v1/object/public/publications/../../x.jpg')],
    ['a data: address', '<p><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="></p>'],
    ['a javascript: address', '<img src="javascript:alert(1)">'],
    ['an unquoted source', `<img src=https://evil.example/x.gif alt="x">`],
    ['an upper-case tag', `<IMG SRC="https://evil.example/x.gif">`],
    ['<image>, which parsers read as <img>', `<image src="https://evil.example/x.gif">`],
    ['a srcset beside our src', `<img src="${OWN_PATH}" srcset="https://evil.example/x.gif 2x">`],
    ['an event handler', `<img src="${OWN_PATH}" onerror="alert(1)">`],
    ['an entity-encoded source', `<img src="&#104;ttps://evil.example/x.gif">`],
    ['a non-numeric size', `<img src="${OWN_PATH}" width="100%">`],
    ['no source at all', '<img alt="x">'],
  ])('refuses %s with check_violation publications_content_images_own_storage', async (_, content) => {
    const { data, error } = await insert({ content });
    expect(data).toBeNull();
    expect(error).toMatchObject({ code: '23514' });
    expect(error!.message).toContain('publications_content_images_own_storage');
  });

  it('refuses an update that brings an outside image in', async () => {
    const { data } = await insert({ content: '<p>Sem imagem</p>' });
    const { error } = await admin.client
      .from('publications')
      .update({ content: figure('https://evil.example/x.jpg') })
      .eq('id', data!.id);
    expect(error).toMatchObject({ code: '23514' });
  });

  it('leaves text that only mentions an image alone', async () => {
    const content = '<p>A tag &lt;img src="https://evil.example/x.gif"&gt; é texto aqui.</p>';
    const { error } = await insert({ content });
    expect(error).toBeNull();
  });
});

describe("the main image's alternative text and credit", () => {
  it('are stored and read back for the article page', async () => {
    const { data, error } = await insert({ image_url: `${backend.url}${OWN_PATH}`, image_alt: 'Coreto da praça', image_credit: 'Ana Lima' });
    expect(error).toBeNull();
    const read = await getPublishedPublication(backend.anon(), data!.id);
    expect(read).toMatchObject({ image_alt: 'Coreto da praça', image_credit: 'Ana Lima' });
  });

  it('accept their longest values and no value at all', async () => {
    expect((await insert({ image_alt: 'a'.repeat(300), image_credit: 'c'.repeat(120) })).error).toBeNull();
    expect((await insert({ image_alt: null, image_credit: null })).error).toBeNull();
  });

  it.each([
    ['an alternative text over 300 characters', { image_alt: 'a'.repeat(301) }, 'publications_image_alt_length'],
    ['a blank alternative text', { image_alt: '   ' }, 'publications_image_alt_length'],
    ['a credit over 120 characters', { image_credit: 'c'.repeat(121) }, 'publications_image_credit_length'],
    ['a blank credit', { image_credit: ' ' }, 'publications_image_credit_length'],
  ])('refuse %s', async (_, row, constraint) => {
    const { error } = await insert(row);
    expect(error).toMatchObject({ code: '23514' });
    expect(error!.message).toContain(constraint);
  });

  it('are not writable by a signed-in account that is not an admin', async () => {
    const pending = await backend.newUser();
    const { error } = await pending.client
      .from('publications')
      .insert({ title: 'x', topic_id: seed.topics.local, image_alt: 'x' })
      .select('id')
      .single();
    expect(error).not.toBeNull();
  });
});
