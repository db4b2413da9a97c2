import { paths } from '../../../lib/paths';
import type { AdminResource } from '../shared/admin-resource';

/** Publications, as the publication list and the publication form name them. */
export const PUBLICATION_RESOURCE: AdminResource = {
  title: 'Publicações',
  noun: { singular: 'publicação', plural: 'publicações', feminine: true },
  paths: { list: paths.admin.publications, newItem: paths.admin.publicationNew, edit: paths.admin.publicationEdit },
  draftForm: 'publication',
};
