/**
 * Reads joined while under way: a call with a key whose read has not answered yet gets that read's answer instead of
 * starting another; once it answers (or fails), the next call reads again. Nothing is kept past the answer, so it is
 * no cache: it spares the database the same question asked by many renders at the same moment (decision 0051).
 */
export function singleFlight(): <T>(key: string, read: () => Promise<T>) => Promise<T> {
  const underWay = new Map<string, Promise<unknown>>();
  return <T>(key: string, read: () => Promise<T>): Promise<T> => {
    const joined = underWay.get(key) as Promise<T> | undefined;
    if (joined) return joined;
    const started = Promise.resolve()
      .then(read)
      .finally(() => underWay.delete(key));
    underWay.set(key, started);
    return started;
  };
}
