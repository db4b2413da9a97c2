import { browserClient } from '../../../services/browser-client';
import { uploadImageWithProgress, type ImageBucket } from '../../../services/storage';
import type { UploadImage } from './image-upload-field';

/** The real uploader for a bucket, for routes to hand to their forms (forms take it as a prop, tests pass a fake). */
export function bucketUploader(bucket: ImageBucket): UploadImage {
  return (file, onProgress) => uploadImageWithProgress(browserClient(), bucket, file, onProgress);
}
