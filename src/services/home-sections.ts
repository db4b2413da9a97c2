import type { AdSpace } from '../types/database';
import type { ServingCampaign } from './ad-campaigns';
import type { DataClient } from './client';
import { unwrap } from './errors';
import type { Job } from './jobs';
import type { Obituary } from './obituaries';
import type { PublicationSummary } from './publications';

// The home page's sections in one request (rpc home_page_sections, supabase/migrations/20261202090000): what the
// server's render of the home page reads, one transaction instead of seven (docs/decisions/0051). Each section is
// what its own request gives (listPublishedByTopicSlug, listMostRead, listPublishedJobs, ...), as the caller may read
// it; tests/services/home-sections.test.ts keeps the two equal. A reader's browser asks section by section.

/** The banner spaces of the home page. */
export type HomeAdSpace = Extract<AdSpace, 'banner-principal' | 'banner-lateral'>;

export interface HomeSections {
  lead: PublicationSummary | null;
  local: PublicationSummary[];
  mostRead: PublicationSummary[];
  jobs: Job[];
  obituaries: Obituary[];
  campaigns: Record<HomeAdSpace, ServingCampaign[]>;
}

export interface HomeSectionLimits {
  local: number;
  mostRead: number;
  jobs: number;
  obituaries: number;
}

/** The function's answer, as the migration builds it. */
interface HomeSectionsAnswer {
  lead: PublicationSummary | null;
  local: PublicationSummary[];
  most_read: PublicationSummary[];
  jobs: Job[];
  obituaries: Obituary[];
  campaigns: Record<HomeAdSpace, ServingCampaign[]>;
}

export async function getHomeSections(client: DataClient, limits: HomeSectionLimits): Promise<HomeSections> {
  const answer = unwrap(
    await client.rpc('home_page_sections', {
      section_limit: limits.local,
      most_read_limit: limits.mostRead,
      jobs_limit: limits.jobs,
      obituaries_limit: limits.obituaries,
    }),
  ) as unknown as HomeSectionsAnswer;
  return {
    lead: answer.lead,
    local: answer.local,
    mostRead: answer.most_read,
    jobs: answer.jobs,
    obituaries: answer.obituaries,
    campaigns: answer.campaigns,
  };
}
