import { paths } from '../../../lib/paths';
import type { AdminResource } from '../shared/admin-resource';

/** Jobs, as the job list and the job form name them. */
export const JOB_RESOURCE: AdminResource = {
  title: 'Vagas de Emprego',
  noun: { singular: 'vaga', plural: 'vagas', feminine: true },
  paths: { list: paths.admin.jobs, newItem: paths.admin.jobNew, edit: paths.admin.jobEdit },
  draftForm: 'job',
};
