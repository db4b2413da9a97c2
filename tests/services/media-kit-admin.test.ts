import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataClient } from '../../src/services/client.ts';
import { createDataClient } from '../../src/services/data-client.ts';
import { ServiceError } from '../../src/services/errors.ts';
import {
  deleteMediaKitRequest,
  isMediaKitRateLimited,
  listMediaKitRequestsPage,
  setMediaKitRequestHandled,
  submitMediaKitRequest,
  type MediaKitRequestInput,
} from '../../src/services/media-kit.ts';
import { fetchFromAddress, loopbackClientAddress } from '../support/fetch-from-address.ts';
import { startTestBackend, uniqueEmail, type TestBackend } from '../support/test-backend.ts';

// Media-kit requests are a person's contact data (docs/product.md §15): administrators mark them handled (and back to new) and
// delete them; nobody else may do either, and the form is limited per client and per e-mail address. Each reader is
// a distinct loopback source address, since the backend tells clients apart by their TCP peer.

let backend: TestBackend;
let nextAddress = 0;

beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend?.stop());

/** A reader's client from a loopback address of its own (or the given one). */
function reader(address = loopbackClientAddress(nextAddress++)): DataClient {
  return createDataClient(backend.url, backend.anonKey, { fetch: fetchFromAddress(address), retry: false });
}

function requestFrom(email: string, name = 'Ana Anunciante'): MediaKitRequestInput {
  return { name, company: 'Padaria Central', email, phone: '(19) 99999-0000', interest: 'banner-lateral', message: 'Natal' };
}

interface StoredRequest {
  id: string;
  name: string;
  handled_at: string | null;
}

/** A request a reader sent through the form, as the database holds it. */
async function sentRequest(): Promise<StoredRequest> {
  const email = uniqueEmail('anunciante');
  await submitMediaKitRequest(reader(), requestFrom(email));
  const stored = await storedByEmail(email);
  if (!stored) throw new Error('the request was not stored');
  return stored;
}

async function storedByEmail(email: string): Promise<StoredRequest | undefined> {
  const { rows } = await backend.db.query<StoredRequest>(
    'select id, name, handled_at from public.media_kit_requests where email = $1',
    [email],
  );
  return rows[0];
}

async function stored(id: string): Promise<StoredRequest | undefined> {
  const { rows } = await backend.db.query<StoredRequest>('select id, name, handled_at from public.media_kit_requests where id = $1', [id]);
  return rows[0];
}

async function refusal(promise: Promise<unknown>): Promise<ServiceError> {
  const error = await promise.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ServiceError);
  return error as ServiceError;
}

describe('an administrator handles media-kit requests', () => {
  it('marks one handled, which the list shows, and back to new', async () => {
    const admin = await backend.admin();
    const request = await sentRequest();
    expect(request.handled_at).toBeNull();

    await setMediaKitRequestHandled(admin.client, request.id, true);
    const handledAt = (await stored(request.id))?.handled_at;
    expect(handledAt).not.toBeNull();
    const listed = (await listMediaKitRequestsPage(admin.client, 1)).rows.find((row) => row.id === request.id);
    expect(listed?.handled_at).not.toBeNull();

    await setMediaKitRequestHandled(admin.client, request.id, false);
    expect((await stored(request.id))?.handled_at).toBeNull();
  });

  it('deletes one for good; deleting it again says it is not there', async () => {
    const admin = await backend.admin();
    const request = await sentRequest();
    await deleteMediaKitRequest(admin.client, request.id);
    expect(await stored(request.id)).toBeUndefined();
    expect((await refusal(deleteMediaKitRequest(admin.client, request.id))).name).toBe('NotFoundError');
  });

  it('may change nothing but handled_at', async () => {
    const admin = await backend.admin();
    const request = await sentRequest();
    const { error } = await admin.client.from('media_kit_requests').update({ name: 'Outro Nome' }).eq('id', request.id);
    expect(error).not.toBeNull();
    expect((await stored(request.id))?.name).toBe(request.name);
  });
});

describe('nobody else may handle or delete a request', () => {
  it('an anonymous reader is refused both, and the request stays as it was', async () => {
    const request = await sentRequest();
    const anon = backend.anon();
    await refusal(setMediaKitRequestHandled(anon, request.id, true));
    await refusal(deleteMediaKitRequest(anon, request.id));
    expect(await stored(request.id)).toEqual(request);
  });

  it('a pending account is refused both, and the request stays as it was', async () => {
    const request = await sentRequest();
    const pending = await backend.newUser();
    await refusal(setMediaKitRequestHandled(pending.client, request.id, true));
    await refusal(deleteMediaKitRequest(pending.client, request.id));
    expect(await stored(request.id)).toEqual(request);
  });
});

describe('the form is limited per client and per e-mail address', () => {
  it("a client's fourth request within the hour is refused with HTTP 429 (PT429), which the service recognises", async () => {
    const address = loopbackClientAddress(nextAddress++);
    for (let n = 1; n <= 3; n += 1) await submitMediaKitRequest(reader(address), requestFrom(uniqueEmail('limite')));
    const email = uniqueEmail('limite');
    const refused = await refusal(submitMediaKitRequest(reader(address), requestFrom(email)));
    expect(refused.status).toBe(429);
    expect(refused.code).toBe('PT429');
    expect(isMediaKitRateLimited(refused)).toBe(true);
    expect(await storedByEmail(email)).toBeUndefined();
  });

  it("an address's fourth request within a day is refused, whichever clients send them", async () => {
    const email = uniqueEmail('mesmo-contato');
    for (let n = 1; n <= 3; n += 1) await submitMediaKitRequest(reader(), requestFrom(email));
    const refused = await refusal(submitMediaKitRequest(reader(), requestFrom(email.toUpperCase())));
    expect(isMediaKitRateLimited(refused)).toBe(true);
    const { rows } = await backend.db.query('select 1 from public.media_kit_requests where lower(email) = lower($1)', [email]);
    expect(rows).toHaveLength(3);
  });

  it('other failures are not mistaken for the limit', () => {
    expect(isMediaKitRateLimited(new ServiceError('check violation', { code: '23514', status: 400 }))).toBe(false);
    expect(isMediaKitRateLimited(new Error('offline'))).toBe(false);
  });
});
