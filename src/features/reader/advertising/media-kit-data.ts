import { submitMediaKitRequest, type MediaKitRequestInput } from '../../../services/media-kit';
import { withReaderClient } from '../reader-data';
import { browserSources } from '../reader-sources';

/** Sends a media kit request; rejects when it could not be saved (the form says so and keeps what was typed). */
export function sendMediaKitRequest(input: MediaKitRequestInput): Promise<void> {
  return withReaderClient(browserSources, (client) => submitMediaKitRequest(client, input));
}
