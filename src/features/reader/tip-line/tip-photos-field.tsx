import { useEffect, useId, useRef, type ChangeEvent } from 'react';
import { ImagePlus, X } from 'lucide';
import { Icon } from '../../../components/ui/icon';
import { ACCEPTED_IMAGE_TYPES } from '../../../lib/image-files';
import { MAX_TIP_PHOTOS, type TipPhoto } from '../../../services/news-tips';

/** A chosen photo as the reader sees it before sending: the file itself, shown from a local object URL. */
function PhotoPreview({ photo, index, onRemove }: { photo: TipPhoto; index: number; onRemove: () => void }) {
  const image = useRef<HTMLImageElement>(null);
  // The object URL is the browser's (an external resource): made for this file, released when it goes.
  useEffect(() => {
    const objectUrl = URL.createObjectURL(photo);
    if (image.current) image.current.src = objectUrl;
    return () => URL.revokeObjectURL(objectUrl);
  }, [photo]);
  return (
    <li className="relative overflow-hidden rounded-md border border-slate-200 bg-slate-100">
      <img ref={image} alt={`Foto ${index + 1}: ${photo.name}`} className="aspect-square h-full w-full object-cover" />
      <button
        type="button"
        onClick={onRemove}
        aria-label={`Remover foto ${index + 1} (${photo.name})`}
        className="absolute right-1 top-1 inline-flex h-8 w-8 items-center justify-center rounded-full bg-white/90 text-slate-800 shadow hover:bg-white"
      >
        <Icon node={X} className="h-4 w-4" />
      </button>
    </li>
  );
}

interface TipPhotosFieldProps {
  photos: readonly TipPhoto[];
  onAdd: (files: TipPhoto[]) => void;
  onRemove: (index: number) => void;
  error?: string;
  disabled?: boolean;
}

/**
 * 'Fotos (até 3)': a file picker that adds to the chosen photos (choosing again never drops the earlier ones), their
 * previews with a button to remove each, and the field's message tied to the picker like the form kit's fields.
 */
export function TipPhotosField({ photos, onAdd, onRemove, error, disabled }: TipPhotosFieldProps) {
  const id = useId();
  const full = photos.length >= MAX_TIP_PHOTOS;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  function chosen(event: ChangeEvent<HTMLInputElement>) {
    const files = Array.from(event.target.files ?? []);
    // Emptied, so choosing the same file again (after removing it) is a change too.
    event.target.value = '';
    if (files.length > 0) onAdd(files);
  }

  return (
    <fieldset>
      <legend id={`${id}-legend`} className="mb-1 block text-sm font-medium text-slate-800">
        Fotos <span className="font-normal text-slate-600">(até {MAX_TIP_PHOTOS})</span>
      </legend>
      <input
        id={id}
        name="photos"
        type="file"
        multiple
        accept={ACCEPTED_IMAGE_TYPES.join(',')}
        disabled={full || disabled}
        onChange={chosen}
        // Named by the legend ('Fotos (até 3)'); the label below is the visible button that opens the picker.
        aria-labelledby={`${id}-legend`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${errorId} ${hintId}` : hintId}
        className="peer sr-only"
      />
      <label
        htmlFor={id}
        className={`flex items-center justify-center gap-2 peer-focus-visible:ring-2 peer-focus-visible:ring-brand-600 rounded-md border-2 border-dashed px-4 py-4 text-sm font-medium ${
          full || disabled ? 'cursor-not-allowed border-slate-200 text-slate-500' : 'cursor-pointer border-slate-300 text-brand-800 hover:border-brand-600 hover:bg-brand-50'
        } ${error ? 'border-red-600' : ''}`}
      >
        <Icon node={ImagePlus} className="h-5 w-5" />
        {full ? 'Limite de fotos atingido' : photos.length > 0 ? 'Adicionar mais fotos' : 'Escolher fotos'}
      </label>
      <p id={hintId} className="mt-1 text-xs text-slate-600">
        PNG, JPEG, WebP, GIF ou AVIF, até 10 MB cada.
      </p>
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
      {photos.length > 0 && (
        <ul aria-label="Fotos escolhidas" className="mt-3 grid grid-cols-3 gap-3 sm:max-w-md">
          {photos.map((photo, index) => (
            <PhotoPreview key={`${photo.name}-${photo.size}-${index}`} photo={photo} index={index} onRemove={() => onRemove(index)} />
          ))}
        </ul>
      )}
    </fieldset>
  );
}
