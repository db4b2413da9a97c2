import { useEffect, useRef, type RefObject } from 'react';
import { countAdEvent, type AdEventKind } from '../../../services/ad-campaigns';
import { browserSources } from '../reader-sources';

/** The IAB/MRC display rule: at least half of the creative on screen for one continuous second. */
export const VIEWABLE_RATIO = 0.5;
export const VIEWABLE_MS = 1_000;

function count(campaignId: string, kind: AdEventKind): void {
  // The database decides whether it counts (once per client and hour, no crawler); a reader never hears of it.
  void Promise.resolve()
    .then(() => countAdEvent(browserSources.client(), campaignId, kind))
    .catch((error: unknown) => console.warn(`Counting the ${kind} of an advert failed`, error));
}

/**
 * Counts a creative's impression once per page view, when it has been viewable (VIEWABLE_RATIO for VIEWABLE_MS with
 * the page visible), and returns the handler that counts a followed click. Runs only in a reader's browser, after
 * hydration: nothing is counted for a crawler that renders no script.
 */
export function useAdCounting(campaignId: string, target: RefObject<HTMLElement | null>): () => void {
  // The campaign whose impression this view has counted: a new creative in the same space is a new impression.
  const countedFor = useRef<string | null>(null);

  useEffect(() => {
    const element = target.current;
    if (!element || countedFor.current === campaignId || typeof IntersectionObserver === 'undefined') return;
    let visibleEnough = false;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const stopTimer = () => {
      clearTimeout(timer);
      timer = undefined;
    };
    const update = () => {
      if (!visibleEnough || document.visibilityState !== 'visible') return stopTimer();
      timer ??= setTimeout(() => {
        countedFor.current = campaignId;
        stop();
        count(campaignId, 'impression');
      }, VIEWABLE_MS);
    };
    const observer = new IntersectionObserver(
      (entries) => {
        const entry = entries.at(-1);
        if (!entry) return;
        visibleEnough = entry.isIntersecting && entry.intersectionRatio >= VIEWABLE_RATIO;
        update();
      },
      { threshold: [0, VIEWABLE_RATIO] },
    );
    const stop = () => {
      stopTimer();
      observer.disconnect();
      document.removeEventListener('visibilitychange', update);
    };
    observer.observe(element);
    document.addEventListener('visibilitychange', update);
    return stop;
  }, [campaignId, target]);

  return () => count(campaignId, 'click');
}
