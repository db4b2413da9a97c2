import { sendTip } from './send-tip';
import { TipLinePage } from './tip-line-page';
import type { ReaderRouteHandle } from '../../../lib/reader-page-meta';
import { tipLinePage } from './tip-line.page';

export const handle: ReaderRouteHandle = { page: tipLinePage };

export function Component() {
  return <TipLinePage sendTip={sendTip} />;
}
