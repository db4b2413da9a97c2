import { getObituary, saveObituary } from '../../../services/obituary-admin';
import { resourceFormRoute } from '../shared/resource-form-route';
import { bucketUploader } from '../shared/upload';
import { ObituaryForm, emptyObituary, toObituaryInput, valuesFromObituary } from './obituary-form';
import { OBITUARY_RESOURCE } from './obituary-resource';

const uploadPhoto = bucketUploader('obituaries');

export const { loader, action, Component, ErrorBoundary } = resourceFormRoute(OBITUARY_RESOURCE, {
  service: { get: getObituary, save: saveObituary },
  values: { fromRow: valuesFromObituary, empty: () => emptyObituary(), toInput: toObituaryInput },
  renderForm: (props) => <ObituaryForm {...props} upload={uploadPhoto} />,
});
