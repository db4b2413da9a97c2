import { titledPage } from '../../../lib/reader-page-meta';
import { jobsMeta } from '../../../lib/community-meta';
import { paths } from '../../../lib/paths';

/** /vagas: the open jobs, rendered per request. */
export const jobsPage = titledPage('request', paths.jobs, () => jobsMeta);
