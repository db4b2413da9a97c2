import { getJob, saveJob } from '../../../services/job-admin';
import { resourceFormRoute } from '../shared/resource-form-route';
import { EMPTY_JOB, JobForm, toJobInput, valuesFromJob } from './job-form';
import { JOB_RESOURCE } from './job-resource';

export const { loader, action, Component, ErrorBoundary } = resourceFormRoute(JOB_RESOURCE, {
  service: { get: getJob, save: saveJob },
  values: { fromRow: valuesFromJob, empty: () => EMPTY_JOB, toInput: toJobInput },
  renderForm: (props) => <JobForm {...props} />,
});
