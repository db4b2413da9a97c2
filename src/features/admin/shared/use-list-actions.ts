import { useState } from 'react';

/**
 * The lists' publish toggle: flips the flag, reloads (SPEC §4), and reports a failure in the page. SPEC §8 only
 * logs these failures; DESIGN's rule that the unexpected is visible wins, so the message is shown too.
 */
export function usePublishToggle<T extends { id: string; published: boolean }>({
  setPublished,
  reload,
  failureMessage,
}: {
  setPublished: (id: string, published: boolean) => Promise<void>;
  reload: () => void;
  failureMessage: string;
}) {
  const [busyId, setBusyId] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function toggle(item: T) {
    setBusyId(item.id);
    setFailure(null);
    try {
      await setPublished(item.id, !item.published);
      reload();
    } catch (error) {
      console.error(error);
      setFailure(failureMessage);
    } finally {
      setBusyId(null);
    }
  }

  return { busyId, failure, setFailure, toggle: (item: T) => void toggle(item) };
}
