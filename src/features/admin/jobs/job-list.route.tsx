import { deleteJob, listJobsPage, setJobPublished } from '../../../services/job-admin';
import type { Job } from '../../../services/jobs';
import { resourceListRoute } from '../shared/resource-list-route';
import { statusColumn, titleColumn } from '../shared/resource-table';
import { JOB_RESOURCE } from './job-resource';

/** docs/product.md §2 job list: Vaga (title + one-line description), Empresa, Tipo, Local, Status ('Publicada'), Ações. */
export const { loader, action, Component, ErrorBoundary } = resourceListRoute<Job>(JOB_RESOURCE, {
  rowLabel: (job) => job.title,
  cursorOf: (job) => ({ at: job.created_at, id: job.id }),
  columns: [
    titleColumn('Vaga', 'md:min-w-56 md:max-w-sm', { publishedLabel: () => 'Publicada', details: (job) => [job.company, job.contract_type] }),
    { header: 'Empresa', phoneHidden: true, render: (job) => job.company },
    { header: 'Tipo', phoneHidden: true, className: 'whitespace-nowrap', render: (job) => job.contract_type },
    { header: 'Local', phoneHidden: true, render: (job) => job.location },
    statusColumn('Publicada'),
  ],
  service: { list: listJobsPage, setPublished: setJobPublished, remove: deleteJob },
});
