import { useEffect, useId, useRef, useState } from 'react';
import { Image as ImageIcon, X } from 'lucide';
import { Icon } from '../../../components/ui/icon';
import { checkImageFile, type ImageProblem, type UploadProgress } from '../../../services/storage';
import { ImageFilePicker, UploadError, UploadProgressBar } from './image-file-picker';
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
          {!uploading && (
            <button
              type="button"
              onClick={remove}
              aria-label="Remover imagem"
              title="Remover imagem"
              className="absolute right-2 top-2 inline-flex h-8 w-8 items-center justify-center rounded-full bg-red-700 text-white shadow hover:bg-red-800"
            >
              <Icon node={X} className="h-4 w-4" />
            </button>
          )}
        </div>
      )}
      <div className="flex items-center gap-3 rounded-md border-2 border-dashed border-slate-300 bg-white p-4">
        <Icon node={ImageIcon} className="h-8 w-8 shrink-0 text-slate-500" />
        <div className="min-w-0 flex-1">
          <ImageFilePicker
            id={id}
            ref={inputRef}
            disabled={uploading}
            invalid={Boolean(error)}
            describedBy={error ? `${id}-error` : `${id}-hint`}
            hasImage={Boolean(preview)}
            onChoose={(file) => {
              setFileName(file?.name ?? null);
              if (file) void handleFile(file);
            }}
          />
          <span className="mt-1 block truncate text-sm text-slate-700">{fileName ?? 'Nenhum arquivo selecionado'}</span>
          <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
            {hint}
          </p>
        </div>
      </div>
      {uploading && <UploadProgressBar percent={percent} />}
      <UploadError id={id} error={error} />
    </div>
  );
}
