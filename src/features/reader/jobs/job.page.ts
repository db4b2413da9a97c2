import { atCurrentAddress, notFoundAnswer, pageAnswer, siteHead, type ReaderPageHandle } from '../../../lib/reader-page-meta';
import { jobMeta, jobNotFoundMeta } from '../../../lib/community-meta';
import { paths } from '../../../lib/paths';
import { storySlug } from '../../../lib/story-slug';
import { absolute, type SiteContext } from '../../../lib/page-head-meta';
import type { Job } from '../../../services/jobs';

/** schema.org's employmentType for a contract type; the rest is OTHER. */
const EMPLOYMENT_TYPE: Record<string, string> = {
  CLT: 'FULL_TIME',
  PJ: 'CONTRACTOR',
  Estágio: 'INTERN',
  Temporário: 'TEMPORARY',
  Freelancer: 'CONTRACTOR',
};

function jobHead(site: SiteContext, job: Job) {
  const meta = jobMeta(job);
  const address = paths.job(job.id, job.title);
  const canonical = absolute(site, address);
  return siteHead(site, address, {
    shareTitle: meta.title,
    description: meta.description,
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'JobPosting',
        title: job.title,
        description: job.description?.trim() || meta.description,
        datePosted: job.created_at,
        // The last day is open until its end in São Paulo (the read policy's rule).
        ...(job.expires_at ? { validThrough: `${job.expires_at}T23:59:59-03:00` } : {}),
        employmentType: EMPLOYMENT_TYPE[job.contract_type] ?? 'OTHER',
        hiringOrganization: { '@type': 'Organization', name: job.company },
        jobLocation: {
          '@type': 'Place',
          address: { '@type': 'PostalAddress', addressLocality: job.location, addressRegion: 'SP', addressCountry: 'BR' },
        },
        url: canonical,
      },
    ],
  });
}

/** /vagas/:id/:slug?: open jobs only (the read policy hides drafts and expired ones); a stale slug redirects. */
export const jobPage: ReaderPageHandle<{ job: Job | null }> = {
  rendering: 'request',
  head: ({ site, url, params, data: { job } }) => {
    if (!job) return notFoundAnswer(site, jobNotFoundMeta.title);
    return atCurrentAddress(url, params, paths.job(job.id, job.title), storySlug(job.title), () => pageAnswer(jobHead(site, job)));
  },
};
