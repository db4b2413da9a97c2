import { useEffect, useState } from 'react';
import { formatCount } from '../../../lib/audience-figures';

/** How often 'Lendo agora' is asked again while the tab is visible. */
export const READERS_NOW_INTERVAL_MS = 30_000;

/**
 * 'Lendo agora': distinct readers in the last 5 minutes, asked again every 30 seconds while the tab is visible (a tab
 * in the background asks nothing, and asks at once when it comes back). A failed refresh keeps the last figure and
 * says so. The figure is a polite live region: a screen reader hears a change without losing its place.
 */
export function ReadersNow({ initial, load }: { initial: number; load: () => Promise<number> }) {
  const [readers, setReaders] = useState(initial);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let timer: ReturnType<typeof setInterval> | null = null;
    let cancelled = false;
    const refresh = () => {
      load().then(
        (value) => {
          if (cancelled) return;
          setReaders(value);
          setFailed(false);
        },
        (error: unknown) => {
          console.error(error);
          if (!cancelled) setFailed(true);
        },
      );
    };
    const start = () => {
      if (timer === null) timer = setInterval(refresh, READERS_NOW_INTERVAL_MS);
    };
    const stop = () => {
      if (timer !== null) clearInterval(timer);
      timer = null;
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible') {
        refresh();
        start();
      } else stop();
    };
    if (document.visibilityState === 'visible') start();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      cancelled = true;
      stop();
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [load]);

  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <p className="text-sm font-medium text-slate-700">Lendo agora (últimos 5 minutos)</p>
      <p className="mt-1 text-3xl font-bold text-slate-900 tabular-nums" aria-live="polite" aria-atomic="true">
        {formatCount(readers)} <span className="text-base font-medium text-slate-700">{readers === 1 ? 'leitor' : 'leitores'}</span>
      </p>
      {failed && <p className="mt-1 text-xs text-red-800">Não foi possível atualizar agora; tentando de novo em 30 segundos.</p>}
    </div>
  );
}
