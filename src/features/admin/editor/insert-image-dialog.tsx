import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { createPortal } from 'react-dom';
import { Modal } from '../../../components/ui/modal';
import { primaryButton, secondaryButton } from '../../../components/ui/buttons';
import { TextField } from '../../../components/form/form-fields';
import { checkImageFile } from '../../../lib/image-files';
import { ImageFilePicker, UploadError, UploadProgressBar } from '../shared/image-file-picker';
import { PROBLEM_MESSAGES, uploadErrorMessage, type UploadImage } from '../shared/image-upload-field';
import type { FigureImageAttributes } from './figure-image';

/** The picture's own size in pixels, so readers reserve its space before it arrives. */
export type MeasureImage = (file: File) => Promise<{ width: number; height: number } | null>;

/** The size as the renditions see it (EXIF rotation applied); null when this browser cannot decode the file. */
export const measureImage: MeasureImage = async (file) => {
  try {
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return null;
  }
};

/** The same limits as the main image's columns (migration 20261123140000). */
export const ALT_MAX = 300;
export const CREDIT_MAX = 120;

export const INSERT_IMAGE_MESSAGES = {
  noFile: 'Escolha uma imagem.',
  altRequired: 'Informe o texto alternativo: descreva a imagem para quem não pode vê-la.',
  altTooLong: `O texto alternativo deve ter no máximo ${ALT_MAX} caracteres.`,
  creditTooLong: `O crédito deve ter no máximo ${CREDIT_MAX} caracteres.`,
  stillUploading: 'Aguarde o envio da imagem terminar.',
} as const;

interface InsertImageDialogProps {
  open: boolean;
  upload: UploadImage;
  measure?: MeasureImage;
  onInsert: (attributes: FigureImageAttributes) => void;
  onClose: () => void;
}

/** docs/product.md §12 'Inserir imagem': a file, its required alternative text and an optional credit. */
export function InsertImageDialog({ open, ...props }: InsertImageDialogProps) {
  // Outside the publication form's <form> in the DOM: a form nested in another is submitted natively by the browser
  // (a GET to the page) instead of through React. React events still bubble along the component tree.
  // Only while open: nothing is left in the page's body (and focus returns to the opener when it closes).
  if (!open) return null;
  return createPortal(
    <Modal open={open} title="Inserir imagem" onClose={props.onClose}>
      {open && <InsertImageForm {...props} />}
    </Modal>,
    document.body,
  );
}

type Errors = Partial<Record<'file' | 'alt' | 'credit', string>>;

interface Uploaded {
  src: string;
  width: number | null;
  height: number | null;
}

function InsertImageForm({ upload, measure = measureImage, onInsert, onClose }: Omit<InsertImageDialogProps, 'open'>) {
  const fileId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [texts, setTexts] = useState({ alt: '', credit: '' });
  const { alt, credit } = texts;
  const [uploaded, setUploaded] = useState<Uploaded | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [fileName, setFileName] = useState<string | null>(null);

  useEffect(() => () => {
    if (preview) URL.revokeObjectURL(preview);
  }, [preview]);

  const uploading = percent !== null;

  async function chooseFile(file: File) {
    // A new file replaces the old one; what was typed in the text fields stays.
    setUploaded(null);
    setErrors((current) => ({ ...current, file: undefined }));
    const problem = checkImageFile(file);
    if (problem) {
      setErrors((current) => ({ ...current, file: PROBLEM_MESSAGES[problem] }));
      setPreview(null);
      setFileName(null);
      if (inputRef.current) inputRef.current.value = '';
      return;
    }
    setPreview(URL.createObjectURL(file));
    setPercent(0);
    try {
      const [src, size] = await Promise.all([
        upload(file, ({ loaded, total }) => setPercent(total > 0 ? Math.round((loaded / total) * 100) : 0)),
        measure(file),
      ]);
      setUploaded({ src, width: size?.width ?? null, height: size?.height ?? null });
    } catch (error) {
      console.error(error);
      setErrors((current) => ({ ...current, file: uploadErrorMessage(error) }));
      setPreview(null);
      setFileName(null);
      if (inputRef.current) inputRef.current.value = '';
    } finally {
      setPercent(null);
    }
  }

  /** Ties a text field to `key`: typing there clears its message (as useValidatedForm's `field`). */
  function textField(key: keyof typeof texts) {
    return {
      name: key,
      value: texts[key],
      onChange: (value: string) => {
        setTexts((current) => ({ ...current, [key]: value }));
        setErrors((current) => ({ ...current, [key]: undefined }));
      },
      error: errors[key],
    };
  }

  function validate(): Errors {
    const found: Errors = {};
    if (uploading) found.file = INSERT_IMAGE_MESSAGES.stillUploading;
    else if (!uploaded) found.file = errors.file ?? INSERT_IMAGE_MESSAGES.noFile;
    if (!alt.trim()) found.alt = INSERT_IMAGE_MESSAGES.altRequired;
    else if (alt.trim().length > ALT_MAX) found.alt = INSERT_IMAGE_MESSAGES.altTooLong;
    if (credit.trim().length > CREDIT_MAX) found.credit = INSERT_IMAGE_MESSAGES.creditTooLong;
    return found;
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The dialog sits inside the publication form: keep this submit from reaching it.
    event.stopPropagation();
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0 || !uploaded) return;
    onInsert({ ...uploaded, alt: alt.trim(), credit: credit.trim() || null });
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <div>
        <label htmlFor={fileId} className="mb-1 block text-sm font-medium text-slate-800">
          Arquivo da imagem
          <span aria-hidden="true" className="ml-0.5 text-red-700">
            *
          </span>
        </label>
        {preview && <img src={preview} alt="" className="mb-2 h-32 w-auto max-w-full rounded-md border border-slate-200 object-cover" />}
        <div className="flex flex-wrap items-center gap-3">
          <ImageFilePicker
            id={fileId}
            ref={inputRef}
            disabled={uploading}
            invalid={Boolean(errors.file)}
            describedBy={errors.file ? `${fileId}-error` : `${fileId}-hint`}
            hasImage={Boolean(preview)}
            onChoose={(file) => {
              setFileName(file?.name ?? null);
              if (file) void chooseFile(file);
            }}
          />
          <span className="min-w-0 truncate text-sm text-slate-700">{fileName ?? 'Nenhum arquivo selecionado'}</span>
        </div>
        <p id={`${fileId}-hint`} className="mt-1 text-xs text-slate-600">
          PNG, JPG, WEBP, GIF ou AVIF até 10MB
        </p>
        {uploading && <UploadProgressBar percent={percent} />}
        {uploaded && !uploading && (
          <p role="status" className="mt-1 text-sm text-green-800">
            Imagem enviada.
          </p>
        )}
        <UploadError id={fileId} error={errors.file} />
      </div>
      <TextField
        label="Texto alternativo"
        required
        {...textField('alt')}
        hint="Descreva o que a imagem mostra, para quem usa leitor de tela."
      />
      <TextField
        label="Crédito"
        {...textField('credit')}
        placeholder="Nome do fotógrafo ou da agência"
        hint='Opcional. Aparece abaixo da imagem como "Foto: crédito".'
      />
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" onClick={onClose} className={secondaryButton}>
          Cancelar
        </button>
        <button type="submit" disabled={uploading} className={primaryButton}>
          Inserir imagem
        </button>
      </div>
    </form>
  );
}
