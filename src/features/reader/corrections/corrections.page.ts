import { titledPage } from '../../../lib/reader-page-meta';
import { correctionsMeta } from '../../../lib/corrections-meta';
import { paths } from '../../../lib/paths';

/** /correcoes: the newsroom's corrections, newest first, rendered per request. */
export const correctionsPage = titledPage('request', paths.corrections, () => correctionsMeta);
