import { getJob, saveJob } from '../../../services/job-admin';
import { paths } from '../../../lib/paths';
import { resourceFormRoute } from '../shared/resource-form-route';
import { EMPTY_JOB, JobForm, toJobInput, valuesFromJob } from './job-form';

export const { loader, action, Component, ErrorBoundary } = resourceFormRoute({
  noun: { singular: 'vaga', plural: 'vagas', feminine: true },
  draftForm: 'job',
  listPath: paths.admin.jobs,
  service: { get: getJob, save: saveJob },
  values: { fromRow: valuesFromJob, empty: () => EMPTY_JOB, toInput: toJobInput },
  renderForm: (props) => <JobForm {...props} />,
});
