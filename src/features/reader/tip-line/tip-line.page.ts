import { titledPage } from '../../../lib/reader-page-meta';
import { tipLineMeta } from '../../../lib/page-meta';
import { paths } from '../../../lib/paths';

/** /envie-sua-noticia: the tip line's form, rendered by the build. */
export const tipLinePage = titledPage('build', paths.tipLine, tipLineMeta);
