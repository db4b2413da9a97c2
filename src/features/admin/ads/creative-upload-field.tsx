import { useEffect, useId, useRef, useState } from 'react';
import { Image as ImageIcon, X } from 'lucide';
import { Icon } from '../../../components/ui/icon';
import { AD_CREATIVE_MAX_BYTES } from '../../../services/ad-campaigns';
import { StorageError } from '../../../services/errors';
import { checkImageFile } from '../../../services/storage';
import { ImageFilePicker, UploadError, UploadProgressBar } from '../shared/image-file-picker';
import { PROBLEM_MESSAGES, uploadErrorMessage, type UploadImage } from '../shared/image-upload-field';
import { CREATIVE_TOO_HEAVY, CREATIVE_UNREADABLE, creativeWeightProblem, formatSize, sameSize, wrongSizeMessage, type PixelSize } from './creative-rules';
import { readImageSize } from './read-image-size';

/** An uploaded creative: its public URL and the pixels it was checked to have. */
export interface Creative extends PixelSize {
  url: string;
}

interface CreativeUploadFieldProps {
  label: string;
  /** The pixels the creative must have. */
  size: PixelSize;
  value: Creative | null;
  onChange: (creative: Creative | null) => void;
  upload: UploadImage;
  /** Tells the form an upload is running, so it holds 'Salvar' until the URL exists. */
  onUploadingChange?: (uploading: boolean) => void;
  /** The form's message (a missing creative, one removed when the space changed), shown when the file has none. */
  error?: string;
}

/** The file's first problem, checked in the browser before anything goes up; null when it may be uploaded. */
async function creativeProblem(file: File, size: PixelSize): Promise<string | null> {
  if (checkImageFile(file) === 'not-an-image') return PROBLEM_MESSAGES['not-an-image'];
  const weight = creativeWeightProblem(file);
  if (weight) return weight;
  let actual: PixelSize;
  try {
    actual = await readImageSize(file);
  } catch (error) {
    console.warn('Could not decode the creative', error);
    return CREATIVE_UNREADABLE;
  }
  return sameSize(actual, size) ? null : wrongSizeMessage(size, actual);
}

/**
 * A campaign's creative: the file must be an image of exactly the space's pixels and at most 150 KB, which is checked
 * before it goes up to the 'ads' bucket; then a preview of it, with its size, and a button to remove it.
 */
export function CreativeUploadField({ label, size, value, onChange, upload, onUploadingChange, error }: CreativeUploadFieldProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [localPreview, setLocalPreview] = useState<string | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const shownError = fileError ?? error ?? null;
  const uploading = percent !== null;
  // The file itself while it goes up, then the stored creative: the form may remove that (another space's size).
  const preview = (uploading ? localPreview : null) ?? value?.url ?? null;

  useEffect(() => {
    return () => {
      if (localPreview) URL.revokeObjectURL(localPreview);
    };
  }, [localPreview]);

  function forgetFile(message: string | null) {
    setFileError(message);
    setFileName(null);
    setLocalPreview(null);
    if (inputRef.current) inputRef.current.value = '';
  }

  async function handleFile(file: File) {
    setFileError(null);
    const problem = await creativeProblem(file, size);
    if (problem) {
      forgetFile(problem);
      return;
    }
    setLocalPreview(URL.createObjectURL(file));
    setPercent(0);
    onUploadingChange?.(true);
    try {
      const url = await upload(file, ({ loaded, total }) => setPercent(total > 0 ? Math.round((loaded / total) * 100) : 0));
      onChange({ url, ...size });
    } catch (uploadError) {
      console.error(uploadError);
      // The bucket's own limit is the creative's, not the story images' 10 MB.
      forgetFile(uploadError instanceof StorageError && uploadError.code === '413' ? CREATIVE_TOO_HEAVY : uploadErrorMessage(uploadError));
    } finally {
      setLocalPreview(null);
      setPercent(null);
      onUploadingChange?.(false);
    }
  }

  function remove() {
    forgetFile(null);
    onChange(null);
  }

  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
        <span aria-hidden="true" className="ml-0.5 text-red-700">
          *
        </span>
      </label>
      {preview && (
        <figure className="mb-3">
          <div className="relative inline-block max-w-full">
            <img src={preview} alt={`Pré-visualização: ${label}`} className="h-auto max-h-60 w-auto max-w-full rounded-md border border-slate-200" />
            {!uploading && (
              <button
                type="button"
                onClick={remove}
                aria-label={`Remover: ${label}`}
                title="Remover imagem"
                className="absolute right-2 top-2 inline-flex h-8 w-8 items-center justify-center rounded-full bg-red-700 text-white shadow hover:bg-red-800"
              >
                <Icon node={X} className="h-4 w-4" />
              </button>
            )}
          </div>
          {value && !uploading && <figcaption className="mt-1 text-xs text-slate-600">{formatSize(value)}</figcaption>}
        </figure>
      )}
      <div className="flex items-center gap-3 rounded-md border-2 border-dashed border-slate-300 bg-white p-4">
        <Icon node={ImageIcon} className="h-8 w-8 shrink-0 text-slate-500" />
        <div className="min-w-0 flex-1">
          <ImageFilePicker
            id={id}
            ref={inputRef}
            disabled={uploading}
            invalid={Boolean(shownError)}
            describedBy={shownError ? `${id}-error` : `${id}-hint`}
            hasImage={Boolean(preview)}
            onChoose={(file) => {
              setFileName(file?.name ?? null);
              if (file) void handleFile(file);
            }}
          />
          <span className="mt-1 block truncate text-sm text-slate-700">{fileName ?? 'Nenhum arquivo selecionado'}</span>
          <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
            PNG, JPG, WEBP, GIF ou AVIF com exatamente {formatSize(size)}, até {AD_CREATIVE_MAX_BYTES / 1024} KB
          </p>
        </div>
      </div>
      {uploading && <UploadProgressBar percent={percent} />}
      <UploadError id={id} error={shownError} />
    </div>
  );
}
