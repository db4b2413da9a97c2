import { sendMediaKitRequest } from './media-kit-data';
import { AdvertisingPage } from './advertising-page';

export function Component() {
  return <AdvertisingPage submitMediaKit={sendMediaKitRequest} />;
}
