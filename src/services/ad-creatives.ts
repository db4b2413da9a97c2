import type { Client } from './client';
import { uploadImageWithProgress, type UploadProgress } from './storage';

// Apart from ad-campaigns.ts, which reader pages import to serve banners: uploading is the newsroom's alone.

/**
 * Uploads a campaign's creative to the public 'ads' bucket, as it is (a creative has its space's exact size, so no
 * renditions), reporting progress; returns its public URL. The bucket itself refuses more than 150 KB.
 */
export function uploadAdCreative(client: Client, file: File, onProgress: (progress: UploadProgress) => void): Promise<string> {
  return uploadImageWithProgress(client, 'ads', file, onProgress);
}
