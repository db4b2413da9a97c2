import type { PageCursor } from '../../../services/admin-paging';
import { listRecentCorrections, type CorrectionPage } from '../../../services/corrections';
import { deferredRequest, withReaderClient } from '../reader-data';
import { browserSources, type ReaderSources } from '../reader-sources';

/** The first page of corrections, newest first, for <Deferred>. */
export function loadCorrections(sources: ReaderSources): Promise<CorrectionPage> {
  return deferredRequest(sources, (client) => listRecentCorrections(client));
}

/** The page after `after` ('Carregar mais'). */
export function loadCorrectionPage(after: PageCursor): Promise<CorrectionPage> {
  return withReaderClient(browserSources, (client) => listRecentCorrections(client, { after }));
}
