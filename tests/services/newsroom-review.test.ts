import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAuditLog } from '../../src/services/audit-log.ts';
import { ServiceError } from '../../src/services/errors.ts';
import {
  countReviewQueue,
  listReviewQueue,
  publishFromReview,
  returnToReporter,
  savePublication,
} from '../../src/services/publication-admin.ts';
import { buildPublicationInput } from '../support/row-factories.ts';
import { startTestBackend, type TestBackend, type TestUser } from '../support/test-backend.ts';

// The review queue and the audit log through the services the screens use (docs/decisions/0037): a reporter's save
// with 'Enviar para revisão', the editor's publish and return, and the log read a page at a time.

let backend: TestBackend;
let admin: TestUser;
let reporter: TestUser;

beforeAll(async () => {
  backend = await startTestBackend();
  admin = await backend.admin();
  reporter = await backend.newUser('Rita Repórter');
  const { error } = await admin.client.rpc('set_profile_role', { target_id: reporter.id, new_role: 'reporter' });
  if (error) throw new Error(error.message);
});
afterAll(() => backend.stop());

describe('the review queue', () => {
  it("a reporter's save sends the draft; an edit keeps its place and its author; the editor publishes it", async () => {
    const saved = await savePublication(reporter.client, buildPublicationInput({ title: 'Buraco na rua', send_for_review: true }));
    expect(saved.review_requested_at).not.toBeNull();
    expect(saved.review_requested_by).toBe('Rita Repórter');
    const again = await savePublication(reporter.client, buildPublicationInput({ title: 'Buraco na Rua Sete', send_for_review: true }), saved.id);
    expect(again.review_requested_at).toBe(saved.review_requested_at);

    const queue = await listReviewQueue(admin.client);
    expect(queue.rows.map((row) => row.id)).toContain(saved.id);
    expect(await countReviewQueue(reporter.client)).toBe(1);

    // The editor edits the story before publishing it: the reporter stays its author.
    const edited = await savePublication(admin.client, buildPublicationInput({ title: 'Buraco na Rua Sete, enfim' }), saved.id);
    expect(edited.author_id).toBe(reporter.id);
    await publishFromReview(admin.client, saved.id);
    const { data } = await backend.anon().from('publications').select('title').eq('id', saved.id);
    expect(data).toEqual([{ title: 'Buraco na Rua Sete, enfim' }]);
    await expect(publishFromReview(admin.client, saved.id)).rejects.toMatchObject({ code: 'not_in_review' });
  });

  it('returns a story with the note; a story no longer waiting cannot be returned', async () => {
    const saved = await savePublication(reporter.client, buildPublicationInput({ title: 'Feira', send_for_review: true }));
    await returnToReporter(admin.client, saved.id, '  Falta a foto.  ');
    const { data } = await reporter.client.from('publications').select('review_requested_at,review_note').eq('id', saved.id).single();
    expect(data).toEqual({ review_requested_at: null, review_note: 'Falta a foto.' });
    const failure = await returnToReporter(admin.client, saved.id, 'De novo').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ServiceError);
    expect((failure as ServiceError).code).toBe('not_in_review');
  });

  it('shows a reporter only its own queue', async () => {
    expect((await listReviewQueue(reporter.client)).rows.every((row) => row.author_id === reporter.id)).toBe(true);
  });
});

describe('the audit log', () => {
  it('pages newest first without gaps or repeats, and filters by action; nobody but an administrator reads it', async () => {
    for (let i = 0; i < 5; i += 1) {
      const story = await savePublication(admin.client, buildPublicationInput({ title: `Página ${i}`, published: true }));
      await admin.client.from('publications').delete().eq('id', story.id);
    }
    const everything = await listAuditLog(admin.client, { pageSize: 500 });
    const seen: number[] = [];
    let after = null;
    do {
      const page: Awaited<ReturnType<typeof listAuditLog>> = await listAuditLog(admin.client, { pageSize: 3, after });
      seen.push(...page.rows.map((row) => row.id));
      after = page.next;
    } while (after);
    expect(seen).toEqual(everything.rows.map((row) => row.id));
    expect([...seen].sort((a, b) => b - a)).toEqual(seen);

    const deletions = await listAuditLog(admin.client, { action: 'delete' });
    expect(deletions.rows.length).toBeGreaterThanOrEqual(5);
    expect(deletions.rows.every((row) => row.action === 'delete')).toBe(true);
    expect((await listAuditLog(reporter.client)).rows).toEqual([]);
  });
});
