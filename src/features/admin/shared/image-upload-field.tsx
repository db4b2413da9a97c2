import { useEffect, useId, useRef, useState } from 'react';
import { checkImageFile, type ImageProblem, type UploadProgress } from '../../../services/storage';
import { ImageChooser, RemoveImageButton } from './image-file-picker';
import { StorageError } from '../../../services/errors';

export type UploadImage = (file: File, onProgress: (progress: UploadProgress) => void) => Promise<string>;

export const PROBLEM_MESSAGES: Record<ImageProblem, string> = {
  'not-an-image': 'O arquivo precisa ser uma imagem (PNG, JPG, WEBP, GIF ou AVIF).',
  'too-large': 'A imagem deve ter no máximo 10MB.',
};

/** Turns an upload failure into the field's message: the bucket's own refusals read like the client's checks. */
export function uploadErrorMessage(error: unknown): string {
  if (error instanceof StorageError) {
    if (error.code === '413') return PROBLEM_MESSAGES['too-large'];
    if (error.code === '415') return PROBLEM_MESSAGES['not-an-image'];
    if (error.code === 'not_authenticated') return 'Sua sessão expirou. Entre novamente para enviar a imagem.';
  }
  return 'Erro ao enviar a imagem. Tente novamente.';
}

interface ImageUploadFieldProps {
  label: string;
  /** The stored image's public URL, or null. */
  value: string | null;
  onChange: (url: string | null) => void;
  upload: UploadImage;
  /** Tells the form an upload is running, so it can hold the save until the URL exists. */
  onUploadingChange?: (uploading: boolean) => void;
  hint?: string;
  /** The form's own message for the stored address (src/lib/safe-urls.ts), shown when the upload has none. */
  invalidMessage?: string;
}

/**
 * Image upload (docs/product.md): images only, 10 MB at most, checked before sending; a local preview at once, a progress
 * bar while the file goes up, and a remove button. The upload starts on selection, so the URL is part of the form
 * (and of the publication's local draft) before the form is saved.
 */
export function ImageUploadField({ label, value, onChange, upload, onUploadingChange, hint = 'PNG, JPG até 10MB', invalidMessage }: ImageUploadFieldProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [localPreview, setLocalPreview] = useState<string | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [uploadError, setError] = useState<string | null>(null);
  const error = uploadError ?? invalidMessage ?? null;
  const [fileName, setFileName] = useState<string | null>(null);

  useEffect(() => {
    return () => {
      if (localPreview) URL.revokeObjectURL(localPreview);
    };
  }, [localPreview]);

  const uploading = percent !== null;
  const preview = localPreview ?? value;

  async function handleFile(file: File) {
    setError(null);
    const problem = checkImageFile(file);
    if (problem) {
      setError(PROBLEM_MESSAGES[problem]);
      setFileName(null);
      if (inputRef.current) inputRef.current.value = '';
      return;
    }
    setLocalPreview(URL.createObjectURL(file));
    setPercent(0);
    onUploadingChange?.(true);
    try {
      const url = await upload(file, ({ loaded, total }) => setPercent(total > 0 ? Math.round((loaded / total) * 100) : 0));
      onChange(url);
    } catch (uploadError) {
      console.error(uploadError);
      setError(uploadErrorMessage(uploadError));
      setLocalPreview(null);
      setFileName(null);
      if (inputRef.current) inputRef.current.value = '';
    } finally {
      setPercent(null);
      onUploadingChange?.(false);
    }
  }

  function remove() {
    setLocalPreview(null);
    setFileName(null);
    setError(null);
    if (inputRef.current) inputRef.current.value = '';
    onChange(null);
  }

  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      {preview && (
        <div className="relative mb-3 inline-block">
          <img src={preview} alt="Pré-visualização da imagem" className="h-40 w-auto max-w-full rounded-md border border-slate-200 object-cover" />
          {!uploading && <RemoveImageButton label="Remover imagem" onRemove={remove} />}
        </div>
      )}
      <ImageChooser
        id={id}
        ref={inputRef}
        uploading={uploading}
        percent={percent}
        error={error}
        hasImage={Boolean(preview)}
        fileName={fileName}
        hint={hint}
        onFileName={setFileName}
        onChoose={(file) => void handleFile(file)}
      />
    </div>
  );
}
