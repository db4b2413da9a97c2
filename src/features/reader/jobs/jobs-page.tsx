import { Link } from 'react-router';
import { Briefcase } from 'lucide';
import { Icon } from '../../../components/ui/icon';
import { formatDate } from '../../../lib/dates';
import { jobsMeta } from '../../../lib/community-meta';
import { paths } from '../../../lib/paths';
import type { Job } from '../../../services/jobs';
import type { JobCursor, JobPage } from '../../../services/job-board';
import { Deferred } from '../components/deferred';
import { EntryList } from '../components/entry-list';
import { LoadMoreList } from '../components/paged-list';
import { useDocumentMeta } from '../components/use-document-meta';
import { RetryAlert } from '../components/retry-alert';

interface JobsPageProps {
  jobs: Promise<JobPage>;
  loadPage: (after: JobCursor) => Promise<JobPage>;
}

/** /vagas: every open job, newest first, 'Carregar mais' for older ones (docs/product.md, jobs page). */
export function JobsPage({ jobs, loadPage }: JobsPageProps) {
  useDocumentMeta(jobsMeta.title, jobsMeta.description);
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <header>
        <h1 className="font-serif text-3xl font-bold text-slate-900">Vagas de Emprego</h1>
        <p className="mt-1 text-slate-700">Oportunidades de trabalho em Porto Ferreira e região</p>
      </header>
      <Deferred
        promise={jobs}
        fallback={<JobListSkeleton />}
        errorElement={<RetryAlert>Não foi possível carregar as vagas agora.</RetryAlert>}
      >
        {(first) => (
          <LoadMoreList first={first} loadMore={loadPage}>
            {(loaded) => (
              <EntryList entries={loaded} empty="Nenhuma vaga aberta no momento." className="space-y-4">
                {(job) => <JobSummary job={job} />}
              </EntryList>
            )}
          </LoadMoreList>
        )}
      </Deferred>
    </div>
  );
}

function JobSummary({ job }: { job: Job }) {
  return (
    <article className="relative rounded-lg border border-slate-200 bg-white p-5 shadow-sm transition hover:shadow-md focus-within:ring-2 focus-within:ring-brand-600">
      <div className="flex items-start gap-4">
        <span className="hidden h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700 sm:flex">
          <Icon node={Briefcase} className="h-5 w-5" />
        </span>
        <div className="min-w-0 flex-1 space-y-1">
          <h2 className="text-lg font-bold text-slate-900">
            {/* The link covers the card, so the whole card opens the job, named by its title. */}
            <Link to={paths.job(job.id, job.title)} className="outline-none after:absolute after:inset-0 hover:text-brand-700">
              {job.title}
            </Link>
          </h2>
          <p className="text-slate-800">{job.company}</p>
          <p className="text-sm text-slate-600">
            {job.location} • {job.contract_type}
            {job.expires_at && (
              <>
                {' '}
                • Inscrições até <time dateTime={job.expires_at}>{formatDate(job.expires_at)}</time>
              </>
            )}
          </p>
          {job.description && <p className="line-clamp-2 text-sm text-slate-700">{job.description}</p>}
        </div>
      </div>
    </article>
  );
}

function JobListSkeleton() {
  return (
    <div role="status" className="space-y-4">
      <span className="sr-only">Carregando vagas...</span>
      {Array.from({ length: 4 }, (_, index) => (
        <div key={index} aria-hidden="true" className="h-32 animate-pulse rounded-lg bg-slate-100" />
      ))}
    </div>
  );
}
