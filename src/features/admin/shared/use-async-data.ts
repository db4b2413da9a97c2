import { useCallback, useEffect, useState } from 'react';

export type AsyncState<T> =
  | { status: 'loading' }
  | { status: 'success'; data: T }
  | { status: 'error'; error: unknown };

/**
 * Runs `load` on mount and whenever it changes (pass a useCallback), and again on `reload()`. A reload keeps the
 * data on screen until the new data arrives, so a list does not flash 'Carregando...' after a toggle.
 */
export function useAsyncData<T>(load: () => Promise<T>): { state: AsyncState<T>; reload: () => void } {
  const [state, setState] = useState<AsyncState<T>>({ status: 'loading' });
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let current = true;
    load().then(
      (data) => {
        if (current) setState({ status: 'success', data });
      },
      (error: unknown) => {
        console.error(error);
        if (current) setState({ status: 'error', error });
      },
    );
    return () => {
      current = false;
    };
  }, [load, version]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { state, reload };
}
