import { titledPage } from '../../../lib/reader-page-meta';
import { advertisingMeta } from '../../../lib/page-meta';
import { paths } from '../../../lib/paths';

/** /anuncie: the same for every reader, rendered by the build. */
export const advertisingPage = titledPage('build', paths.advertising, advertisingMeta);
