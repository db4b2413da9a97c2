import type { DataClient } from './client';
import { ServiceError } from './errors';
import { listMostRead, type PublicationSummary } from './publications';

export interface DashboardSummary {
  publishedPublications: number;
  draftPublications: number;
  obituaries: number;
  jobs: number;
  mediaKitRequests: number;
  mostRead: PublicationSummary[];
}

type CountResult = { count: number | null; error: { message: string; code?: string } | null };

function countOf(result: CountResult): number {
  if (result.error) throw new ServiceError(result.error.message, { code: result.error.code, cause: result.error });
  return result.count ?? 0;
}

/** The dashboard's numbers: HEAD requests with exact counts, all in parallel. */
export async function getDashboardSummary(client: DataClient): Promise<DashboardSummary> {
  const head = { count: 'exact', head: true } as const;
  const [published, drafts, obituaries, jobs, mediaKit, mostRead] = await Promise.all([
    client.from('publications').select('id', head).eq('published', true),
    client.from('publications').select('id', head).eq('published', false),
    client.from('obituaries').select('id', head),
    client.from('jobs').select('id', head),
    client.from('media_kit_requests').select('id', head),
    listMostRead(client),
  ]);
  return {
    publishedPublications: countOf(published),
    draftPublications: countOf(drafts),
    obituaries: countOf(obituaries),
    jobs: countOf(jobs),
    mediaKitRequests: countOf(mediaKit),
    mostRead,
  };
}
