import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cachedRequest, clearPageCache, mapLater, onPageCacheRefresh } from './page-cache';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  clearPageCache();
  vi.useFakeTimers({ toFake: ['Date'] });
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the reader page cache', () => {
  it('waits on a first visit, then answers a revisit at once with what it kept and refreshes in the background', async () => {
    const request = vi.fn<() => Promise<string[]>>().mockResolvedValueOnce(['a']).mockResolvedValueOnce(['a', 'b']);
    const refreshed = vi.fn();
    const unsubscribe = onPageCacheRefresh(refreshed);

    const first = cachedRequest('home:local', request);
    expect(first).toBeInstanceOf(Promise);
    expect(await first).toEqual(['a']);

    // Any revisit, however soon, shows the kept answer and asks again.
    expect(cachedRequest('home:local', request)).toEqual(['a']);
    expect(request).toHaveBeenCalledTimes(2);
    await settle();
    expect(refreshed).toHaveBeenCalledOnce();
    // The re-render the refresh asked for finds the new answer, fresh, without asking a third time…
    expect(cachedRequest('home:local', request)).toEqual(['a', 'b']);
    expect(request).toHaveBeenCalledTimes(2);
    // …and a later visit asks again.
    vi.setSystemTime(Date.now() + 60_000);
    request.mockResolvedValueOnce(['a', 'b']);
    expect(cachedRequest('home:local', request)).toEqual(['a', 'b']);
    expect(request).toHaveBeenCalledTimes(3);
    unsubscribe();
  });

  it('does not re-render when the refresh brings the same answer', async () => {
    const request = vi.fn(() => Promise.resolve({ items: [1, 2] }));
    const refreshed = vi.fn();
    const unsubscribe = onPageCacheRefresh(refreshed);
    await cachedRequest('topic:esportes', request);
    vi.setSystemTime(Date.now() + 60_000);
    expect(cachedRequest('topic:esportes', request)).toEqual({ items: [1, 2] });
    await settle();
    expect(request).toHaveBeenCalledTimes(2);
    expect(refreshed).not.toHaveBeenCalled();
    unsubscribe();
  });

  it('keeps showing the kept answer when a refresh fails, and never keeps a failure or a degraded answer', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await cachedRequest('home:jobs', () => Promise.resolve(['vaga']));
    vi.setSystemTime(Date.now() + 60_000);
    expect(cachedRequest('home:jobs', () => Promise.reject(new Error('offline')))).toEqual(['vaga']);
    await settle();
    expect(warn).toHaveBeenCalledOnce();

    await expect(cachedRequest('home:most-read', () => Promise.reject(new Error('offline')))).rejects.toThrow('offline');
    expect(cachedRequest('home:most-read', () => Promise.resolve(['x']))).toBeInstanceOf(Promise);

    const degraded = { failed: true };
    await cachedRequest('topic-articles:local', () => Promise.resolve(degraded), (value) => !value.failed);
    expect(cachedRequest('topic-articles:local', () => Promise.resolve(degraded), (value) => !value.failed)).toBeInstanceOf(Promise);
  });

  it('maps a kept value synchronously and a pending one as a promise', async () => {
    expect(mapLater({ name: 'Esportes' }, (topic) => topic.name)).toBe('Esportes');
    const pending = mapLater(Promise.resolve({ name: 'Cultura' }), (topic) => topic.name);
    expect(pending).toBeInstanceOf(Promise);
    expect(await pending).toBe('Cultura');
  });
});
