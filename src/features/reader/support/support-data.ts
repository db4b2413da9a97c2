import { getMonthProgress, getSupportIntentCode, getSupportSettings, supportIsOpen, type SupportIntentCode, type SupportSettings } from '../../../services/support/support';
import { deferredRequest } from '../reader-data';
import type { ReaderSources } from '../reader-sources';

// What '/apoie' and a code's page read (docs/decisions/0054). The code is built where the loader runs, the server for
// every page it renders; its builder is imported only then, so it is never part of a reader page's first load.

export interface SupportPageData {
  settings: SupportSettings;
  open: boolean;
  /** This month's received total in centavos when the newsroom shows its progress and has a goal. */
  progressCents: number | null;
}

export function loadSupportPage(sources: ReaderSources): Promise<SupportPageData> {
  return deferredRequest(sources, async (client) => {
    const settings = await getSupportSettings(client);
    const open = supportIsOpen(settings);
    const progressCents = open && settings.showProgress && settings.monthlyGoalCents !== null ? await getMonthProgress(client) : null;
    return { settings, open, progressCents };
  });
}

export type SupportCodeView =
  | (SupportIntentCode & { kind: 'code'; payload: string; svg: string; receiverName: string; receiverCity: string })
  | (SupportIntentCode & { kind: 'done' })
  | { kind: 'closed' };

/** The code's page: null when the id names no code; a pending code with its payload and QR; otherwise its state. */
export function loadSupportCode(sources: ReaderSources, txid: string): Promise<SupportCodeView | null> {
  return deferredRequest(sources, async (client) => {
    const [code, settings] = await Promise.all([getSupportIntentCode(client, txid), getSupportSettings(client)]);
    if (!code) return null;
    if (code.status !== 'pendente') return { ...code, kind: 'done' };
    if (!supportIsOpen(settings) || !settings.pixKey) return { kind: 'closed' };
    const { pixCode } = await import('../../../lib/pix/pix-code');
    // The receiver is the newsroom's settings, read here; the request names only which recorded code to show.
    const built = pixCode({ key: settings.pixKey, name: settings.receiverName, city: settings.receiverCity }, code.amountCents, code.txid);
    if (!built) return { kind: 'closed' };
    return { ...code, kind: 'code', payload: built.payload, svg: built.svg, receiverName: settings.receiverName, receiverCity: settings.receiverCity };
  });
}
