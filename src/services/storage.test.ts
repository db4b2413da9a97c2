import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSupabaseClient } from './client';
import { StorageError } from './errors';
import { uploadImageWithProgress } from './storage';

// A stand-in for the browser's XMLHttpRequest that records the request and lets the test answer it.
class FakeXhr {
  static last: FakeXhr | undefined;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | undefined;
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  respond(status: number, text: string) {
    this.status = status;
    this.responseText = text;
    this.onload?.();
  }
}

const ANON = 'anon-key';

// One client for the file: supabase-js warns when several share a storage key.
const client = createSupabaseClient('https://project.example', ANON, { auth: { persistSession: false, autoRefreshToken: false } });

function clientWithSession(accessToken: string | null) {
  vi.spyOn(client.auth, 'getSession').mockResolvedValue({
    data: { session: accessToken ? { access_token: accessToken } : null },
    error: null,
  } as never);
  return client;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function started() {
  await vi.waitFor(() => expect(FakeXhr.last?.body).toBeDefined());
  return FakeXhr.last!;
}

describe('uploadImageWithProgress', () => {
  it('sends what storage-js sends (docs/architecture.md §5), reports progress and returns the public URL', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    FakeXhr.last = undefined;
    const progress = vi.fn();
    const file = new File(['png-bytes'], 'Foto.PNG', { type: 'image/png' });
    const done = uploadImageWithProgress(clientWithSession('user-token'), 'publications', file, progress);
    const xhr = await started();

    expect(xhr.method).toBe('POST');
    expect(xhr.url).toMatch(/^https:\/\/project\.example\/storage\/v1\/object\/publications\/[0-9a-f-]{36}\.png$/);
    expect(xhr.headers).toEqual({ apikey: ANON, Authorization: 'Bearer user-token', 'x-upsert': 'false' });
    expect(xhr.body!.get('cacheControl')).toBe('31536000');
    expect((xhr.body!.get('') as File).type).toBe('image/png');

    xhr.upload.onprogress!({ lengthComputable: true, loaded: 4, total: 9 });
    expect(progress).toHaveBeenCalledWith({ loaded: 4, total: 9 });
    xhr.respond(200, '{"Key":"publications/x.png","Id":"1"}');
    const url = await done;
    expect(url).toBe(xhr.url.replace('/object/publications/', '/object/public/publications/'));
  });

  it("turns the storage API's error body into a StorageError with the real status", async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    FakeXhr.last = undefined;
    const done = uploadImageWithProgress(clientWithSession('t'), 'obituaries', new File(['x'], 'a.jpg', { type: 'image/jpeg' }), () => undefined);
    const xhr = await started();
    xhr.respond(400, '{"statusCode":"403","code":"AccessDenied","error":"Unauthorized","message":"new row violates row-level security policy"}');
    await expect(done).rejects.toMatchObject({ name: 'StorageError', code: '403', message: 'new row violates row-level security policy' });
  });

  it('refuses without a session, and refuses non-images and big files before sending anything', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    FakeXhr.last = undefined;
    const image = new File(['x'], 'a.png', { type: 'image/png' });
    await expect(uploadImageWithProgress(clientWithSession(null), 'publications', image, () => undefined)).rejects.toMatchObject({
      code: 'not_authenticated',
    });
    const svg = new File(['<svg/>'], 'a.svg', { type: 'image/svg+xml' });
    await expect(uploadImageWithProgress(clientWithSession('t'), 'publications', svg, () => undefined)).rejects.toBeInstanceOf(StorageError);
    expect(FakeXhr.last).toBeUndefined();
  });

  it('sends the renditions into one folder before the original, with progress over all the bytes', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    FakeXhr.last = undefined;
    const progress = vi.fn();
    const original = new File(['o'.repeat(60)], 'Foto.PNG', { type: 'image/png' });
    const renditions = {
      originalWidth: 800,
      format: 'webp' as const,
      files: [new Blob(['a'.repeat(10)], { type: 'image/webp' }), new Blob(['b'.repeat(20)], { type: 'image/webp' })],
      og: new Blob(['c'.repeat(10)], { type: 'image/jpeg' }),
    };
    const done = uploadImageWithProgress(clientWithSession('t'), 'publications', original, progress, { renditions });

    const sent: { url: string; type: string; name: string }[] = [];
    for (let index = 0; index < 4; index += 1) {
      const xhr = await started();
      const part = xhr.body!.get('') as File;
      sent.push({ url: xhr.url, type: part.type, name: part.name });
      expect(xhr.headers['x-upsert']).toBe('false');
      if (index === 1) {
        xhr.upload.onprogress!({ lengthComputable: true, loaded: 50, total: 100 });
        expect(progress).toHaveBeenLastCalledWith({ loaded: 20, total: 100 });
      }
      FakeXhr.last = undefined;
      xhr.respond(200, '{}');
    }
    const url = await done;

    const folder = /\/object\/publications\/([0-9a-f-]{36})\/480\.webp$/.exec(sent[0]!.url)?.[1];
    expect(folder).toBeDefined();
    const base = `https://project.example/storage/v1/object/publications/${folder}`;
    expect(sent).toEqual([
      { url: `${base}/480.webp`, type: 'image/webp', name: '480.webp' },
      { url: `${base}/800.webp`, type: 'image/webp', name: '800.webp' },
      { url: `${base}/og.jpg`, type: 'image/jpeg', name: 'og.jpg' },
      { url: `${base}/original-800w.png`, type: 'image/png', name: 'original-800w.png' },
    ]);
    expect(url).toBe(`https://project.example/storage/v1/object/public/publications/${folder}/original-800w.png`);
    expect(progress).toHaveBeenLastCalledWith({ loaded: 100, total: 100 });
  });

  it('stops at the first refused rendition and never sends the original', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    FakeXhr.last = undefined;
    const renditions = { originalWidth: 480, format: 'jpeg' as const, files: [new Blob(['a'], { type: 'image/jpeg' })], og: new Blob(['c'], { type: 'image/jpeg' }) };
    const done = uploadImageWithProgress(clientWithSession('t'), 'obituaries', new File(['x'], 'a.png', { type: 'image/png' }), () => undefined, { renditions });
    const xhr = await started();
    expect(xhr.url).toMatch(/\/object\/obituaries\/[0-9a-f-]{36}\/480\.jpg$/);
    FakeXhr.last = undefined;
    xhr.respond(400, '{"statusCode":"413","error":"Payload too large","message":"The object exceeded the maximum allowed size"}');
    await expect(done).rejects.toMatchObject({ name: 'StorageError', code: '413' });
    expect(FakeXhr.last).toBeUndefined();
  });

  it('refuses renditions that do not match the widths the name promises', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    FakeXhr.last = undefined;
    const renditions = { originalWidth: 2000, format: 'webp' as const, files: [new Blob(['a'], { type: 'image/webp' })], og: new Blob(['c']) };
    await expect(
      uploadImageWithProgress(clientWithSession('t'), 'publications', new File(['x'], 'a.png', { type: 'image/png' }), () => undefined, { renditions }),
    ).rejects.toBeInstanceOf(RangeError);
    expect(FakeXhr.last).toBeUndefined();
  });
});
