import { paths } from '../../../lib/paths';
import type { AdminResource } from '../shared/admin-resource';

/** Obituaries, as the obituary list and the obituary form name them. */
export const OBITUARY_RESOURCE: AdminResource = {
  title: 'Obituários',
  noun: { singular: 'obituário', plural: 'obituários', feminine: false },
  paths: { list: paths.admin.obituaries, newItem: paths.admin.obituaryNew, edit: paths.admin.obituaryEdit },
  draftForm: 'obituary',
};
