import { submitNewsTip, type NewsTipInput } from '../../../services/news-tips';

/**
 * Sends a tip from the reader's browser. The client (supabase-js, for the photos' uploads) is fetched the first time a
 * tip is sent, so the page's first load stays the reader pages' light one.
 */
export async function sendTip(input: NewsTipInput): Promise<void> {
  const { tipLineClient } = await import('../../../services/tip-line-client');
  await submitNewsTip(tipLineClient(), input);
}
