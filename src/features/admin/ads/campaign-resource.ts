import { paths } from '../../../lib/paths';
import type { AdminResource } from '../shared/admin-resource';

/** Advertising campaigns, as the 'Anúncios' list and the campaign form name them. */
export const CAMPAIGN_RESOURCE: AdminResource = {
  title: 'Anúncios',
  noun: { singular: 'campanha', plural: 'campanhas', feminine: true },
  paths: { list: paths.admin.ads, newItem: () => paths.admin.adNew(), edit: paths.admin.adEdit },
  draftForm: 'campaign',
};
