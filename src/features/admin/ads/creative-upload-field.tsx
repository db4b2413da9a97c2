import { useId } from 'react';
import { AD_CREATIVE_MAX_BYTES } from '../../../services/ad-campaigns';
import { StorageError } from '../../../services/errors';
import { checkImageFile } from '../../../lib/image-files';
import { ImageChooser, RemoveImageButton } from '../shared/image-file-picker';
import { PROBLEM_MESSAGES, uploadErrorMessage } from '../shared/image-upload-field';
import { useImageUpload, type UploadImage } from '../shared/use-image-upload';
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
  const creative = useImageUpload({
    upload,
    problemOf: (file) => creativeProblem(file, size),
    // The bucket's own limit is the creative's, not the story images' 10 MB.
    failureMessage: (error) => (error instanceof StorageError && error.code === '413' ? CREATIVE_TOO_HEAVY : uploadErrorMessage(error)),
    onUploaded: (url) => onChange({ url, ...size }),
    onUploadingChange,
  });
  const shownError = creative.error ?? error ?? null;
  const uploading = creative.uploading;
  // The file itself while it goes up, then the stored creative: the form may remove that (another space's size).
  const preview = (uploading ? creative.localPreview : null) ?? value?.url ?? null;

  function remove() {
    creative.forgetFile(null);
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
            {!uploading && <RemoveImageButton label={`Remover: ${label}`} onRemove={remove} />}
          </div>
          {value && !uploading && <figcaption className="mt-1 text-xs text-slate-600">{formatSize(value)}</figcaption>}
        </figure>
      )}
      <ImageChooser
        id={id}
        {...creative.chooser}
        error={shownError}
        hasImage={Boolean(preview)}
        hint={`PNG, JPG, WEBP, GIF ou AVIF com exatamente ${formatSize(size)}, até ${AD_CREATIVE_MAX_BYTES / 1024} KB`}
      />
    </div>
  );
}
