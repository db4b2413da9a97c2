// A reader page's declaration: what its route module's `handle.page` says (the contract, in the shared layer where the
// pages' modules reach it: src/lib/reader-page-meta.ts).
export type {
  LoaderHeadData,
  PageHeadAnswer,
  PageHeadArgs,
  PageRendering,
  ReaderPageHandle,
  ReaderRouteHandle,
  SettledData,
} from '../lib/reader-page-meta';
export { settledLoaderData } from '../lib/reader-page-meta';
