import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { jobNotFoundMeta } from '../../../lib/community-meta';
import { paths } from '../../../lib/paths';
import { Deferred } from '../components/deferred';
import { ReaderNotFound } from '../components/reader-not-found';
import { loadJob } from './jobs-data';
import { JobSkeleton, JobView } from './job-page';
import { RetryAlert } from '../components/retry-alert';
import { usePageOrigin } from '../../../lib/page-origin';
import { readerSources } from '../reader-sources';
import type { LoaderHeadData, ReaderRouteHandle } from '../../../lib/reader-page-meta';
import { jobPage } from './job.page';

/** /vagas/:id/:slug?: the id finds the job, the slug is only for people (the edge handler redirects a stale one). */
export function loader({ params, context }: LoaderFunctionArgs) {
  return { job: loadJob(readerSources(context), params.id ?? '') };
}

export const handle: ReaderRouteHandle<LoaderHeadData<typeof loader>> = { page: jobPage };

export function Component() {
  const { job } = useLoaderData<typeof loader>();
  const origin = usePageOrigin();
  return (
    <Deferred
      promise={job}
      fallback={<JobSkeleton />}
      errorElement={<RetryAlert>Não foi possível carregar a vaga agora.</RetryAlert>}
    >
      {(loaded) =>
        loaded ? (
          <JobView job={loaded} shareUrl={new URL(paths.job(loaded.id, loaded.title), origin).href} />
        ) : (
          <ReaderNotFound
            title={jobNotFoundMeta.title}
            message="A vaga que você procura não existe, foi encerrada ou já expirou."
            back={{ to: paths.jobs(), label: 'Ver todas as vagas' }}
          />
        )
      }
    </Deferred>
  );
}
