import { describe, expect, it, vi } from 'vitest';
import type { DataClient } from './client';
import { audienceRecorder, MAX_BEACONS_TOGETHER, MAX_BEACONS_WAITING } from './audience-beacon';

// The recorder's group commit and its limit, over a stand-in for the database's call (the real one is
// edge/app/audience-app.test.ts's and tests/audience-sql.test.ts's): which calls carry which beacons.

function fakeClient() {
  const calls: unknown[][] = [];
  const pending: (() => void)[] = [];
  const client = {
    rpc: (_name: string, args: { beacon: unknown[] }) => {
      calls.push(args.beacon);
      return new Promise((answered) => pending.push(() => answered({ error: null, status: 204 })));
    },
  } as unknown as DataClient;
  /** Answers the oldest call, then lets the recorder run to its next call (it waits a task between calls). */
  const answerNext = async () => {
    pending.shift()?.();
    await new Promise((resume) => setTimeout(resume, 0));
    await new Promise((resume) => setTimeout(resume, 0));
  };
  return { client, calls, pending, answerNext };
}

const vouched = (n: number) => ({ beacon: { kind: 'view', n }, clientAddress: `203.0.113.${n % 250}`, userAgent: 'Mozilla/5.0' });

describe('audienceRecorder', () => {
  it('writes a lone beacon at once, naming its reader; those arriving meanwhile go together in the next call', async () => {
    const { client, calls, answerNext } = fakeClient();
    const record = audienceRecorder(client);
    const first = record(vouched(1));
    expect(calls).toEqual([[{ kind: 'view', n: 1, client_address: '203.0.113.1', user_agent: 'Mozilla/5.0' }]]);
    const later = [2, 3, 4].map((n) => record(vouched(n)));
    expect(calls).toHaveLength(1);
    await answerNext();
    await first;
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    expect((calls[1] as { n: number }[]).map((beacon) => beacon.n)).toEqual([2, 3, 4]);
    await answerNext();
    await Promise.all(later);
  });

  it('sends at most MAX_BEACONS_TOGETHER in a call', async () => {
    const { client, calls, answerNext } = fakeClient();
    const record = audienceRecorder(client);
    const all = Array.from({ length: 1 + MAX_BEACONS_TOGETHER + 5 }, (_, n) => record(vouched(n)));
    await answerNext();
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]).toHaveLength(MAX_BEACONS_TOGETHER);
    await answerNext();
    await vi.waitFor(() => expect(calls).toHaveLength(3));
    expect(calls[2]).toHaveLength(5);
    await answerNext();
    await Promise.all(all);
  });

  it('past MAX_BEACONS_WAITING a beacon is answered uncounted, and the log says so once', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { client, calls, answerNext } = fakeClient();
    const record = audienceRecorder(client);
    const kept = Array.from({ length: 1 + MAX_BEACONS_WAITING }, (_, n) => record(vouched(n)));
    await record(vouched(-1)); // settles at once: nothing waits for the database
    expect(warn).toHaveBeenCalledTimes(1);
    while (calls.flat().length < 1 + MAX_BEACONS_WAITING) await answerNext();
    await answerNext();
    await Promise.all(kept);
    expect(calls.flat()).not.toContainEqual(expect.objectContaining({ n: -1 }));
    warn.mockRestore();
  });
});
