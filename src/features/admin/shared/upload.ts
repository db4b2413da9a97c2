import { browserClient } from '../../../services/browser-client';
import { uploadImageWithProgress, type ImageBucket } from '../../../services/storage';
import type { UploadImage } from './image-upload-field';
import { makeRenditions } from './make-renditions';

/**
 * The real uploader for a bucket, for routes to hand to their forms (forms take it as a prop, tests pass a fake):
 * the image's renditions are made in the browser first, then go up with it.
 */
export function bucketUploader(bucket: ImageBucket): UploadImage {
  return async (file, onProgress) => {
    const renditions = await makeRenditions(file);
    return uploadImageWithProgress(browserClient(), bucket, file, onProgress, { renditions });
  };
}
