import { browserClient } from '../../../services/browser-client';
import { submitMediaKitRequest, type MediaKitRequestInput } from '../../../services/media-kit';
import { AdvertisingPage } from './advertising-page';

function submit(input: MediaKitRequestInput): Promise<void> {
  return submitMediaKitRequest(browserClient(), input);
}

export function Component() {
  return <AdvertisingPage submitMediaKit={submit} />;
}
