import type { DataClient } from './client';
import { ServiceError } from './errors';
import { listMostRead, type PublicationSummary } from './publications';
import { listRunningCampaigns, type RunningCampaign } from './ad-campaigns';
import { todayInputValue } from '../lib/dates';

/**
 * The dashboard's numbers. Those of the editors' work are null for a reporter's dashboard (docs/decisions/0037),
 * which asks only for the stories (its drafts and review queue are its own: row-level security).
 */
export interface DashboardSummary {
  publishedPublications: number;
  draftPublications: number;
  /** Stories waiting for review ('Revisão'): every one for an editor, a reporter's own. */
  inReview: number;
  obituaries: number | null;
  jobs: number | null;
  mediaKitRequests: number | null;
  /** Tips readers sent that nobody has read yet ('Sugestões de pauta'). */
  newTips: number | null;
  mostRead: PublicationSummary[];
  /** The campaigns on the site today, ending soonest first. */
  runningCampaigns: RunningCampaign[] | null;
  /** São Paulo's today, YYYY-MM-DD: what "ends this week" counts from. */
  today: string;
}

type CountResult = { count: number | null; error: { message: string; code?: string } | null };

function countOf(result: CountResult): number {
  if (result.error) throw new ServiceError(result.error.message, { code: result.error.code, cause: result.error });
  return result.count ?? 0;
}

/**
 * The dashboard's numbers: HEAD requests with exact counts, all in parallel. `newsroom` false (a reporter's) leaves
 * out what only editors manage, rather than asking for rows the database would not show.
 */
export async function getDashboardSummary(
  client: DataClient,
  today = todayInputValue(),
  { newsroom = true }: { newsroom?: boolean } = {},
): Promise<DashboardSummary> {
  const head = { count: 'exact', head: true } as const;
  const editors = <T>(request: PromiseLike<T>): PromiseLike<T> | null => (newsroom ? request : null);
  const [published, drafts, inReview, obituaries, jobs, mediaKit, newTips, mostRead, runningCampaigns] = await Promise.all([
    client.from('publications').select('id', head).eq('published', true),
    client.from('publications').select('id', head).eq('published', false),
    client.from('publications').select('id', head).not('review_requested_at', 'is', null),
    editors(client.from('obituaries').select('id', head)),
    editors(client.from('jobs').select('id', head)),
    editors(client.from('media_kit_requests').select('id', head)),
    editors(client.from('news_tips').select('id', head).eq('status', 'new')),
    listMostRead(client),
    newsroom ? listRunningCampaigns(client, today) : null,
  ]);
  const optionalCount = (result: CountResult | null) => (result ? countOf(result) : null);
  return {
    publishedPublications: countOf(published),
    draftPublications: countOf(drafts),
    inReview: countOf(inReview),
    obituaries: optionalCount(obituaries),
    jobs: optionalCount(jobs),
    mediaKitRequests: optionalCount(mediaKit),
    newTips: optionalCount(newTips),
    mostRead,
    runningCampaigns,
    today,
  };
}
