import { useId } from 'react';
import { checkImageFile, type ImageProblem } from '../../../lib/image-files';
import { useImageUpload, type UploadImage } from './use-image-upload';

export type { UploadImage };
import { ImageChooser, RemoveImageButton } from './image-file-picker';
import { StorageError } from '../../../services/errors';


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
  const image = useImageUpload({
    upload,
    problemOf: (file) => {
      const problem = checkImageFile(file);
      return problem ? PROBLEM_MESSAGES[problem] : null;
    },
    failureMessage: uploadErrorMessage,
    onUploaded: onChange,
    onUploadingChange,
  });
  const error = image.error ?? invalidMessage ?? null;
  const preview = image.localPreview ?? value;

  function remove() {
    image.forgetFile(null);
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
          {!image.uploading && <RemoveImageButton label="Remover imagem" onRemove={remove} />}
        </div>
      )}
      <ImageChooser id={id} {...image.chooser} error={error} hasImage={Boolean(preview)} hint={hint} />
    </div>
  );
}
