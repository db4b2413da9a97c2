import { Suspense, lazy, useEffect, useId, useRef, useState } from 'react';
import type { Topic } from '../../../services/topics';
import { formatDate } from '../../../lib/dates';
import { ErrorAlert } from '../../../components/ui/alert-message';
import { primaryButton, secondaryButton } from '../../../components/ui/buttons';
import { CheckboxField, SelectField, TextAreaField, TextField } from '../../../components/form/form-fields';
import { useValidatedForm, type FieldErrors } from '../../../components/form/use-validated-form';
import { ImageUploadField, type UploadImage } from '../shared/image-upload-field';
import { readDraft, removeDraft, sameValues, writeDraft } from './publication-draft';
import type { PublicationFormValues } from './publication-values';
import { YOUTUBE_URL_MESSAGE, youtubeVideoId } from '../../../lib/youtube';

// The editor (TipTap and ProseMirror) is its own chunk: only this form loads it, and the form's fields show first.
const RichTextEditor = lazy(() => import('../editor/rich-text-editor'));

export const SAVE_PUBLICATION_ERROR = 'Erro ao salvar publicação';

type Errors = FieldErrors<PublicationFormValues>;

/** SPEC §5: title and topic required; DESIGN §5: a YouTube address, when given, must be one. */
export function validatePublication(values: PublicationFormValues): Errors {
  const errors: Errors = {};
  if (!values.title.trim()) errors.title = 'Informe o título';
  if (!values.topicId) errors.topicId = 'Selecione um tópico';
  if (values.youtubeUrl.trim() && !youtubeVideoId(values.youtubeUrl)) errors.youtubeUrl = YOUTUBE_URL_MESSAGE;
  return errors;
}

interface PublicationFormProps {
  initialValues: PublicationFormValues;
  topics: readonly Topic[];
  /** Saves; throws on failure (the form then keeps everything and shows SPEC §8's message). */
  onSubmit: (values: PublicationFormValues) => Promise<void>;
  onCancel: () => void;
  upload: UploadImage;
  /** Where the local draft lives (one key per publication, one for a new one). */
  draftKey: string;
  /** Injected for tests; the browser's localStorage by default. */
  storage?: Storage;
}

/**
 * SPEC §2 publication form: title, description (3 rows), content (rich text, fixed height), image with preview,
 * remove and progress, YouTube URL, topic, 'Publicar imediatamente'; 'Salvando...' with the button disabled.
 */
export function PublicationForm({ initialValues, topics, onSubmit, onCancel, upload, draftKey, storage = globalThis.localStorage }: PublicationFormProps) {
  const contentLabelId = useId();
  const [restored] = useState(() => {
    const draft = readDraft(storage, draftKey);
    return draft && !sameValues(draft.values, initialValues) ? draft : null;
  });
  const [showRestored, setShowRestored] = useState(restored !== null);
  // Remounts the editor when its content is replaced from outside (discarding the draft).
  const [editorVersion, setEditorVersion] = useState(0);
  const [uploading, setUploading] = useState(false);
  const saved = useRef(false);
  const { formRef, values, setValues, set, errors, failure, saving, submit } = useValidatedForm({
    initialValues: restored?.values ?? initialValues,
    validate: validatePublication,
    onSubmit: async (submitted) => {
      // Stops the autosave from writing the draft back while the save is under way.
      saved.current = true;
      try {
        await onSubmit(submitted);
        removeDraft(storage, draftKey);
      } catch (error) {
        saved.current = false;
        throw error;
      }
    },
    failureMessage: SAVE_PUBLICATION_ERROR,
  });

  // Autosave: every change is kept until the publication is saved; an untouched form leaves no draft.
  useEffect(() => {
    if (saved.current) return;
    if (sameValues(values, initialValues)) removeDraft(storage, draftKey);
    else writeDraft(storage, draftKey, values);
  }, [values, initialValues, storage, draftKey]);

  function discardDraft() {
    setValues(initialValues);
    setShowRestored(false);
    setEditorVersion((v) => v + 1);
    removeDraft(storage, draftKey);
  }

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="space-y-5 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      {showRestored && restored && (
        <div role="status" className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          <span>Rascunho não salvo recuperado ({formatDate(restored.savedAt)}).</span>
          <button type="button" onClick={discardDraft} className="font-semibold underline hover:no-underline">
            Descartar rascunho
          </button>
        </div>
      )}
      {failure && <ErrorAlert>{failure}</ErrorAlert>}
      <TextField label="Título" name="title" required value={values.title} onChange={(v) => set('title', v)} error={errors.title} />
      <TextAreaField label="Descrição" name="description" rows={3} value={values.description} onChange={(v) => set('description', v)} />
      <div>
        <span id={contentLabelId} className="mb-1 block text-sm font-medium text-slate-800">
          Conteúdo
        </span>
        <Suspense
          fallback={
            <div className="flex h-[22.5rem] items-center justify-center rounded-md border border-slate-300 bg-slate-50 text-slate-600">
              Carregando editor...
            </div>
          }
        >
          <RichTextEditor
            key={editorVersion}
            labelId={contentLabelId}
            initialContent={values.content}
            onChange={(html) => set('content', html)}
          />
        </Suspense>
      </div>
      <ImageUploadField label="Imagem" value={values.imageUrl} onChange={(url) => set('imageUrl', url)} upload={upload} onUploadingChange={setUploading} />
      <TextField
        label="URL do vídeo no YouTube"
        name="youtubeUrl"
        type="url"
        inputMode="url"
        placeholder="https://www.youtube.com/watch?v=..."
        value={values.youtubeUrl}
        onChange={(v) => set('youtubeUrl', v)}
        error={errors.youtubeUrl}
      />
      <SelectField
        label="Tópico"
        name="topicId"
        required
        value={values.topicId}
        onChange={(v) => set('topicId', v)}
        error={errors.topicId}
        emptyOption="Selecione um tópico"
        options={topics.map((topic) => ({ value: topic.id, label: topic.name }))}
      />
      <CheckboxField label="Publicar imediatamente" name="published" checked={values.published} onChange={(v) => set('published', v)} />
      <div className="flex flex-col-reverse gap-3 border-t border-slate-200 pt-5 sm:flex-row sm:justify-end">
        <button type="button" onClick={onCancel} className={secondaryButton}>
          Cancelar
        </button>
        <button type="submit" disabled={saving || uploading} className={primaryButton}>
          {saving ? 'Salvando...' : 'Salvar'}
        </button>
      </div>
    </form>
  );
}
