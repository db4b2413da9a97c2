import { getObituary, saveObituary } from '../../../services/obituary-admin';
import { paths } from '../../../lib/paths';
import { resourceFormRoute } from '../shared/resource-form-route';
import { bucketUploader } from '../shared/upload';
import { ObituaryForm, emptyObituary, toObituaryInput, valuesFromObituary } from './obituary-form';

const uploadPhoto = bucketUploader('obituaries');

export const { loader, action, Component, ErrorBoundary } = resourceFormRoute({
  noun: { singular: 'obituário', plural: 'obituários', feminine: false },
  draftForm: 'obituary',
  listPath: paths.admin.obituaries,
  service: { get: getObituary, save: saveObituary },
  values: { fromRow: valuesFromObituary, empty: () => emptyObituary(), toInput: toObituaryInput },
  renderForm: (props) => <ObituaryForm {...props} upload={uploadPhoto} />,
});
