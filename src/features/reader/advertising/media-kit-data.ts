import { submitMediaKitRequest, type MediaKitRequestInput } from '../../../services/media-kit';
import { withReaderClient } from '../reader-data';

/** Sends a media kit request; rejects when it could not be saved (the form says so and keeps what was typed). */
export function sendMediaKitRequest(input: MediaKitRequestInput): Promise<void> {
  return withReaderClient((client) => submitMediaKitRequest(client, input));
}
