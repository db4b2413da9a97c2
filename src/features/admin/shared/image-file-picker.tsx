import type { Ref } from 'react';
import { ACCEPTED_IMAGE_TYPES } from '../../../services/storage';

interface ImageFilePickerProps {
  id: string;
  ref?: Ref<HTMLInputElement>;
  disabled: boolean;
  invalid: boolean;
  /** The id of the hint, or of the error when there is one. */
  describedBy: string;
  /** Says 'Trocar imagem' rather than 'Selecionar imagem'. */
  hasImage: boolean;
  onChoose: (file: File | undefined) => void;
}

/**
 * The image file control of the main image's field and of the body's 'Inserir imagem' dialog. The native input stays
 * focusable for keyboards and screen readers; the visible control is a pt-BR label (Chromium draws the native one in
 * the browser's own language).
 */
export function ImageFilePicker({ id, ref, disabled, invalid, describedBy, hasImage, onChoose }: ImageFilePickerProps) {
  return (
    <>
      <input
        ref={ref}
        id={id}
        type="file"
        accept={ACCEPTED_IMAGE_TYPES.join(',')}
        disabled={disabled}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChoose(event.target.files?.[0])}
        className="peer sr-only"
      />
      <label
        htmlFor={id}
        className="inline-flex cursor-pointer items-center rounded-md bg-brand-50 px-3 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-100 peer-focus-visible:ring-2 peer-focus-visible:ring-brand-600 peer-disabled:cursor-not-allowed peer-disabled:opacity-60"
      >
        {hasImage ? 'Trocar imagem' : 'Selecionar imagem'}
      </label>
    </>
  );
}

/** The running upload's bar and percentage, announced as it goes. */
export function UploadProgressBar({ percent }: { percent: number | null }) {
  return (
    <div className="mt-2 flex items-center gap-3" role="status">
      <progress value={percent ?? undefined} max={100} aria-label="Progresso do envio da imagem" className="h-2 flex-1 accent-brand-700" />
      <span className="text-sm text-slate-700">Enviando imagem... {percent}%</span>
    </div>
  );
}

/** Why the file was refused or its upload failed; its id is what the picker's aria-describedby names (`<id>-error`). */
export function UploadError({ id, error }: { id: string; error: string | null | undefined }) {
  if (!error) return null;
  return (
    <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">
      {error}
    </p>
  );
}
