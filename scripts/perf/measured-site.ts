// What perf measures on: the reader pages at one address, the backend's API (the seed's rows, the campaigns) at
// another or the same, whichever host serves them.
import type { CampaignSite } from './campaigns.ts';

export interface MeasuredSite {
  /** Where Lighthouse opens the pages, e.g. http://127.0.0.1:41234. */
  pagesUrl: string;
  /** The backend's API, signed in as its administrator to put campaigns on the pages. */
  api: CampaignSite;
  /** Named in the report's header. */
  host: string;
  /** A data page served without its server render stops the run; otherwise it is measured, with a warning. */
  requiresServerRender: boolean;
  /** Stops what was started for the measurement; safe to call twice. */
  stop(): Promise<void>;
}
