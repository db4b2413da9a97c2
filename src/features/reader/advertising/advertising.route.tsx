import { sendMediaKitRequest } from '../reader-data';
import { AdvertisingPage } from './advertising-page';

export function Component() {
  return <AdvertisingPage submitMediaKit={sendMediaKitRequest} />;
}
