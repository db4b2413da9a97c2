import { useEffect, useRef, useState } from 'react';
import type { UploadProgress } from '../../../services/storage';

export type UploadImage = (file: File, onProgress: (progress: UploadProgress) => void) => Promise<string>;

interface ImageUploadOptions {
  upload: UploadImage;
  /** The file's first problem, checked before anything goes up; null when it may be uploaded. */
  problemOf: (file: File) => string | null | Promise<string | null>;
  /** The field's message for an upload that failed. */
  failureMessage: (error: unknown) => string;
  onUploaded: (url: string) => void;
  /** Tells the form an upload is running, so it holds the save until the URL exists. */
  onUploadingChange?: (uploading: boolean) => void;
}

/**
 * An image field's upload, from the chosen file to its stored URL: the check, a local preview while it goes up, the
 * progress, and the refusal or failure message. The picker's own props come ready to spread on `ImageChooser`.
 */
export function useImageUpload({ upload, problemOf, failureMessage, onUploaded, onUploadingChange }: ImageUploadOptions) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [localPreview, setLocalPreview] = useState<string | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const uploading = percent !== null;

  useEffect(() => {
    return () => {
      if (localPreview) URL.revokeObjectURL(localPreview);
    };
  }, [localPreview]);

  /** Drops the chosen file (and says why, or nothing), so the same file can be chosen again. */
  function forgetFile(message: string | null) {
    setError(message);
    setFileName(null);
    setLocalPreview(null);
    if (inputRef.current) inputRef.current.value = '';
  }

  async function handleFile(file: File) {
    setError(null);
    const problem = await problemOf(file);
    if (problem) {
      forgetFile(problem);
      return;
    }
    setLocalPreview(URL.createObjectURL(file));
    setPercent(0);
    onUploadingChange?.(true);
    try {
      const url = await upload(file, ({ loaded, total }) => setPercent(total > 0 ? Math.round((loaded / total) * 100) : 0));
      onUploaded(url);
    } catch (uploadError) {
      console.error(uploadError);
      forgetFile(failureMessage(uploadError));
    } finally {
      setPercent(null);
      onUploadingChange?.(false);
    }
  }

  return {
    localPreview,
    uploading,
    error,
    forgetFile,
    chooser: {
      ref: inputRef,
      uploading,
      percent,
      fileName,
      onFileName: setFileName,
      onChoose: (file: File) => void handleFile(file),
    },
  };
}
