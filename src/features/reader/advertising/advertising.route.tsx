import { submitMediaKitRequest, type MediaKitRequestInput } from '../../../services/media-kit';
import { readerClient } from '../reader-client';
import { AdvertisingPage } from './advertising-page';

function submit(input: MediaKitRequestInput): Promise<void> {
  return readerClient().then((client) => submitMediaKitRequest(client, input));
}

export function Component() {
  return <AdvertisingPage submitMediaKit={submit} />;
}
