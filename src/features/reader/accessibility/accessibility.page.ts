import { titledPage } from '../../../lib/reader-page-meta';
import { accessibilityMeta } from '../../../lib/page-meta';
import { paths } from '../../../lib/paths';

/** /acessibilidade: the statement, rendered by the build. */
export const accessibilityPage = titledPage('build', paths.accessibility, accessibilityMeta);
