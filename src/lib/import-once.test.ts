import { describe, expect, it, vi } from 'vitest';
import { importOnce } from './import-once';

describe('importOnce', () => {
  it('loads once and hands every caller the same module', async () => {
    const load = vi.fn(() => Promise.resolve({ answer: 42 }));
    const module = importOnce(load);
    const [first, second] = await Promise.all([module(), module()]);
    expect(await module()).toBe(first);
    expect(second).toBe(first);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('asks again after a failed load', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('chunk not fetched')).mockResolvedValueOnce({ answer: 42 });
    const module = importOnce(load as () => Promise<{ answer: number }>);
    await expect(module()).rejects.toThrow('chunk not fetched');
    expect(await module()).toEqual({ answer: 42 });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
