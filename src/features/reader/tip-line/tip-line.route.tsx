import { sendTip } from './send-tip';
import { TipLinePage } from './tip-line-page';

export function Component() {
  return <TipLinePage sendTip={sendTip} />;
}
