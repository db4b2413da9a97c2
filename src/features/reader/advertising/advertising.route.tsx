import { sendMediaKitRequest } from './media-kit-data';
import { AdvertisingPage } from './advertising-page';
import type { ReaderRouteHandle } from '../../../lib/reader-page-meta';
import { advertisingPage } from './advertising.page';

export const handle: ReaderRouteHandle = { page: advertisingPage };

export function Component() {
  return <AdvertisingPage submitMediaKit={sendMediaKitRequest} />;
}
