import { titledPage } from '../../../lib/reader-page-meta';
import { privacyMeta } from '../../../lib/page-meta';
import { paths } from '../../../lib/paths';

/** /privacidade: rendered per request, with the controller and retention periods the settings hold. */
export const privacyPage = titledPage('request', paths.privacy, privacyMeta);
