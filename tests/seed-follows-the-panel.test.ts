// The demo content (supabase/seed.sql) follows every rule the panel enforces (issue 36): each seeded story, obituary
// and job, loaded as the panel loads it, passes the panel's own form validation unchanged, and an Editor saving it
// unchanged through the panel's save path succeeds. Before, every seeded story's image lacked its alternative text, so
// an editor's first edit of a demo story was refused ('Informe o texto alternativo da imagem') for a field they never
// touched.
import { createClient } from '@supabase/supabase-js';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateJob, toJobInput, valuesFromJob } from '../src/features/admin/jobs/job-form.tsx';
import { toObituaryInput, validateObituary, valuesFromObituary } from '../src/features/admin/obituaries/obituary-form.tsx';
import { validatePublication } from '../src/features/admin/publications/publication-form.tsx';
import { toPublicationInput, valuesFromPublication } from '../src/features/admin/publications/publication-values.ts';
import { validateRevision } from '../src/features/admin/publications/revision-fields.tsx';
import { listAllJobs, saveJob } from '../src/services/job-admin.ts';
import { listAllObituaries, saveObituary } from '../src/services/obituary-admin.ts';
import { listAllPublications, savePublication } from '../src/services/publication-admin.ts';
import { startTestBackend, type TestBackend } from './support/test-backend.ts';

let backend: TestBackend;
type Client = Awaited<ReturnType<TestBackend['admin']>>['client'];
let editor: Client;

beforeAll(async () => {
  backend = await startTestBackend();
  const admin = await backend.admin();
  const account = await backend.newUser('Editora da Demonstração');
  const { error } = await admin.client.rpc('set_profile_role', { target_id: account.id, new_role: 'editor' });
  if (error) throw new Error(`approval failed: ${error.message}`);
  // Signed in again, so the token carries the approved account.
  editor = createClient(backend.url, backend.anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
  const signIn = await editor.auth.signInWithPassword({ email: account.email, password: account.password });
  if (signIn.error) throw new Error(signIn.error.message);
});
afterAll(() => backend?.stop());

const browserWindow = new JSDOM('').window;

/**
 * The form's values as its save sends them. The form runs in a browser, whose DOM the rich-text sanitiser uses; Node
 * has none, so the page's window is lent for the call alone (the backend in this process must not see a browser).
 */
function asTheFormSends(values: ReturnType<typeof valuesFromPublication>) {
  Object.assign(globalThis, { window: browserWindow });
  try {
    return toPublicationInput(values);
  } finally {
    Reflect.deleteProperty(globalThis, 'window');
  }
}

describe('the seeded stories', () => {
  it('each passes the publication form’s validation as loaded, unchanged', async () => {
    const stories = await listAllPublications(editor);
    expect(stories.length).toBeGreaterThan(5);
    for (const story of stories) {
      const values = valuesFromPublication(story);
      const errors = { ...validatePublication(values), ...validateRevision(values, values) };
      expect(errors, `${story.id} ${story.title}`).toEqual({});
    }
  });

  it('each has alternative text on its main image and on every image in its text', async () => {
    for (const story of await listAllPublications(editor)) {
      if (story.image_url) expect(story.image_alt?.trim(), story.id).toBeTruthy();
      for (const img of (story.content ?? '').match(/<img\b[^>]*>/g) ?? []) expect(img, story.id).toMatch(/\balt="[^"]*\S[^"]*"/);
    }
  });

  it('an Editor saves each unchanged, and it reads back as it was', async () => {
    for (const story of await listAllPublications(editor)) {
      const values = valuesFromPublication(story);
      const saved = await savePublication(editor, asTheFormSends(values), story.id);
      const { updated_at: _before, ...was } = story;
      const { updated_at: _after, ...is } = saved;
      expect(is, story.title).toEqual(was);
    }
  });
});

describe('the seeded obituaries and jobs', () => {
  it('each passes its form’s validation unchanged, and an Editor saves it unchanged', async () => {
    for (const obituary of await listAllObituaries(editor)) {
      const values = valuesFromObituary(obituary);
      expect(validateObituary(values), obituary.name).toEqual({});
      await saveObituary(editor, toObituaryInput(values), obituary.id);
    }
    for (const job of await listAllJobs(editor)) {
      const values = valuesFromJob(job);
      expect(validateJob(values), job.title).toEqual({});
      await saveJob(editor, toJobInput(values), job.id);
    }
  });
});
