import { describe, expect, it } from 'vitest';
import { singleFlight } from './single-flight';

/** A read the test answers when it likes, counting how often it was started. */
function heldRead() {
  let answer: (value: string) => void = () => undefined;
  let fail: (error: Error) => void = () => undefined;
  let started = 0;
  const read = () => {
    started += 1;
    return new Promise<string>((resolve, reject) => {
      answer = resolve;
      fail = reject;
    });
  };
  return { read, answer: (value: string) => answer(value), fail: (error: Error) => fail(error), started: () => started };
}

/** Once a read has answered, the next call starts a read of its own and gets that read's answer. */
async function readsAgain(shared: ReturnType<typeof singleFlight>, held: ReturnType<typeof heldRead>): Promise<void> {
  const before = held.started();
  const next = shared('plantao', held.read);
  await Promise.resolve();
  expect(held.started()).toBe(before + 1);
  held.answer('de novo');
  await expect(next).resolves.toBe('de novo');
}

describe('singleFlight', () => {
  it('gives calls made while a read is under way that read’s answer, and reads again once it has answered', async () => {
    const shared = singleFlight();
    const held = heldRead();
    const first = shared('plantao', held.read);
    const second = shared('plantao', held.read);
    await Promise.resolve();
    expect(held.started()).toBe(1);
    held.answer('urgente');
    await expect(Promise.all([first, second])).resolves.toEqual(['urgente', 'urgente']);
    await readsAgain(shared, held);
  });

  it('keeps keys apart', async () => {
    const shared = singleFlight();
    const one = heldRead();
    const other = heldRead();
    const a = shared('a', one.read);
    const b = shared('b', other.read);
    await Promise.resolve();
    one.answer('um');
    other.answer('outro');
    await expect(Promise.all([a, b])).resolves.toEqual(['um', 'outro']);
  });

  it('shares a failure with the calls that joined it, and the next call asks again', async () => {
    const shared = singleFlight();
    const held = heldRead();
    const first = shared('plantao', held.read);
    const second = shared('plantao', held.read);
    await Promise.resolve();
    held.fail(new Error('fora do ar'));
    await expect(first).rejects.toThrow('fora do ar');
    await expect(second).rejects.toThrow('fora do ar');
    await readsAgain(shared, held);
  });

  it('answers a read that throws at once with a rejection', async () => {
    const shared = singleFlight();
    await expect(shared('x', () => { throw new Error('na hora'); })).rejects.toThrow('na hora');
    await expect(shared('x', () => Promise.resolve('depois'))).resolves.toBe('depois');
  });
});
