import { titledPage } from '../../../lib/reader-page-meta';
import { obituariesMeta } from '../../../lib/page-meta';
import { paths } from '../../../lib/paths';

/** /obituarios: the published notices, rendered per request. */
export const obituariesPage = titledPage('request', paths.obituaries, () => obituariesMeta);
