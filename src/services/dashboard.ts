import type { DataClient } from './client';
import { ServiceError } from './errors';
import { listMostRead, type PublicationSummary } from './publications';
import { listRunningCampaigns, type RunningCampaign } from './ad-campaigns';
import { todayInputValue } from '../lib/dates';

export interface DashboardSummary {
  publishedPublications: number;
  draftPublications: number;
  obituaries: number;
  jobs: number;
  mediaKitRequests: number;
  /** Tips readers sent that nobody has read yet ('Sugestões de pauta'). */
  newTips: number;
  mostRead: PublicationSummary[];
  /** The campaigns on the site today, ending soonest first. */
  runningCampaigns: RunningCampaign[];
  /** São Paulo's today, YYYY-MM-DD: what "ends this week" counts from. */
  today: string;
}

type CountResult = { count: number | null; error: { message: string; code?: string } | null };

function countOf(result: CountResult): number {
  if (result.error) throw new ServiceError(result.error.message, { code: result.error.code, cause: result.error });
  return result.count ?? 0;
}

/** The dashboard's numbers: HEAD requests with exact counts, all in parallel. */
export async function getDashboardSummary(client: DataClient, today = todayInputValue()): Promise<DashboardSummary> {
  const head = { count: 'exact', head: true } as const;
  const [published, drafts, obituaries, jobs, mediaKit, newTips, mostRead, runningCampaigns] = await Promise.all([
    client.from('publications').select('id', head).eq('published', true),
    client.from('publications').select('id', head).eq('published', false),
    client.from('obituaries').select('id', head),
    client.from('jobs').select('id', head),
    client.from('media_kit_requests').select('id', head),
    client.from('news_tips').select('id', head).eq('status', 'new'),
    listMostRead(client),
    listRunningCampaigns(client, today),
  ]);
  return {
    publishedPublications: countOf(published),
    draftPublications: countOf(drafts),
    obituaries: countOf(obituaries),
    jobs: countOf(jobs),
    mediaKitRequests: countOf(mediaKit),
    newTips: countOf(newTips),
    mostRead,
    runningCampaigns,
    today,
  };
}
