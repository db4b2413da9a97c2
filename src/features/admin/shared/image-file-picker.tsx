import type { ReactNode, Ref } from 'react';
import { Image as ImageIcon, X } from 'lucide';
import { Icon } from '../../../components/ui/icon';
import { ACCEPTED_IMAGE_TYPES } from '../../../lib/image-files';

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

/** The round red button over a preview that removes the image; `label` names it for assistive technology. */
export function RemoveImageButton({ label, onRemove }: { label: string; onRemove: () => void }) {
  return (
    <button
      type="button"
      onClick={onRemove}
      aria-label={label}
      title="Remover imagem"
      className="absolute right-2 top-2 inline-flex h-8 w-8 items-center justify-center rounded-full bg-red-700 text-white shadow hover:bg-red-800"
    >
      <Icon node={X} className="h-4 w-4" />
    </button>
  );
}

interface ImageChooserProps extends Omit<ImageFilePickerProps, 'invalid' | 'describedBy' | 'onChoose' | 'disabled'> {
  uploading: boolean;
  /** The running upload's progress, 0–100, or null while unknown. */
  percent: number | null;
  /** The refusal or failure shown under the field, or null. */
  error: string | null | undefined;
  /** The chosen file's name, or null before one. */
  fileName: string | null;
  hint: ReactNode;
  onChoose: (file: File) => void;
  onFileName: (name: string | null) => void;
}

/**
 * An upload field's dashed box: the picker, the chosen file's name and the field's hint, then the upload's progress
 * and its error. The preview above it is each field's own.
 */
export function ImageChooser({ id, ref, uploading, percent, error, hasImage, fileName, hint, onChoose, onFileName }: ImageChooserProps) {
  return (
    <>
      <div className="flex items-center gap-3 rounded-md border-2 border-dashed border-slate-300 bg-white p-4">
        <Icon node={ImageIcon} className="h-8 w-8 shrink-0 text-slate-500" />
        <div className="min-w-0 flex-1">
          <ImageFilePicker
            id={id}
            ref={ref}
            disabled={uploading}
            invalid={Boolean(error)}
            describedBy={error ? `${id}-error` : `${id}-hint`}
            hasImage={hasImage}
            onChoose={(file) => {
              onFileName(file?.name ?? null);
              if (file) onChoose(file);
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
    </>
  );
}
