import { Suspense, lazy, useEffect, useId, useState } from 'react';
import type { Topic } from '../../../services/topics';
import { formatDate } from '../../../lib/dates';
import { YOUTUBE_URL_MESSAGE, youtubeVideoId } from '../../../lib/youtube';
import { SelectField, TextAreaField, TextField } from '../../../components/form/form-fields';
import { useValidatedForm, type FieldErrors } from '../../../components/form/use-validated-form';
import { ImageUploadField, type UploadImage } from '../shared/image-upload-field';
import { ResourceFormFrame } from '../shared/resource-form-frame';
import type { ResourceFormProps } from '../shared/resource-form-route';
import { readDraft, removeDraft, sameValues, writeDraft } from './publication-draft';
import type { PublicationFormValues } from './publication-values';
import { PublishingFields, validatePublishing } from './publishing-fields';
import { ImageTextFields, validateImageTexts } from './image-text-fields';

// The editor (TipTap and ProseMirror) is its own chunk: only this form loads it, and the form's fields show first.
const RichTextEditor = lazy(() => import('../editor/rich-text-editor'));

type Errors = FieldErrors<PublicationFormValues>;

/** docs/product.md §19.7: title and topic required; docs/product.md: a YouTube address, when given, must be one. */
export function validatePublication(values: PublicationFormValues, now: Date = new Date()): Errors {
  const errors: Errors = { ...validatePublishing(values, now), ...validateImageTexts(values) };
  if (!values.title.trim()) errors.title = 'Informe o título';
  if (!values.topicId) errors.topicId = 'Selecione um tópico';
  if (values.youtubeUrl.trim() && !youtubeVideoId(values.youtubeUrl)) errors.youtubeUrl = YOUTUBE_URL_MESSAGE;
  return errors;
}

interface PublicationFormProps extends ResourceFormProps<PublicationFormValues> {
  topics: readonly Topic[];
  upload: UploadImage;
  /** Where the local draft lives (one key per publication, one for a new one). */
  draftKey: string;
  /** Injected for tests; the browser's localStorage by default. */
  storage?: Storage;
  /** The saved story's preview ('Pré-visualizar'); null for a story not saved yet. */
  previewHref?: string | null;
  /** The form's clock, for the schedule's "in the future" check; injected for tests. */
  now?: () => Date;
}

/**
 * docs/product.md §2 publication form: title, description (3 rows), content (rich text, fixed height), image with preview,
 * remove and progress, YouTube URL, topic, 'Publicar imediatamente'; 'Salvando...' with the button disabled.
 */
export function PublicationForm({
  initialValues,
  topics,
  save,
  onCancel,
  upload,
  draftKey,
  storage = globalThis.localStorage,
  previewHref = null,
  now = () => new Date(),
}: PublicationFormProps) {
  const contentLabelId = useId();
  const [restored] = useState(() => {
    const draft = readDraft(storage, draftKey);
    return draft && !sameValues(draft.values, initialValues) ? draft : null;
  });
  const [showRestored, setShowRestored] = useState(restored !== null);
  // Remounts the editor when its content is replaced from outside (discarding the draft).
  const [editorVersion, setEditorVersion] = useState(0);
  const [uploading, setUploading] = useState(false);
  const form = useValidatedForm({ initialValues: restored?.values ?? initialValues, validate: (v) => validatePublication(v, now()), save });
  const { values, setValues, set, field, saving } = form;

  // Autosave: every change is kept until the publication is saved (the route's action then removes the draft); an
  // untouched form leaves no draft. Not while a save runs: a successful one must not have its draft written back.
  useEffect(() => {
    if (saving) return;
    if (sameValues(values, initialValues)) removeDraft(storage, draftKey);
    else writeDraft(storage, draftKey, values);
  }, [values, initialValues, storage, draftKey, saving]);

  function discardDraft() {
    setValues(initialValues);
    setShowRestored(false);
    setEditorVersion((v) => v + 1);
    removeDraft(storage, draftKey);
  }

  const restoredNotice = showRestored && restored && (
    <div role="status" className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
      <span>Rascunho não salvo recuperado ({formatDate(restored.savedAt)}).</span>
      <button type="button" onClick={discardDraft} className="font-semibold underline hover:no-underline">
        Descartar rascunho
      </button>
    </div>
  );

  return (
    <ResourceFormFrame {...form} onCancel={onCancel} saveDisabled={uploading} notice={restoredNotice}>
      <TextField label="Título" required {...field('title')} />
      <TextAreaField label="Descrição" rows={3} {...field('description')} />
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
            uploadImage={upload}
          />
        </Suspense>
      </div>
      <ImageUploadField label="Imagem" value={values.imageUrl} onChange={(url) => set('imageUrl', url)} upload={upload} onUploadingChange={setUploading} />
      <ImageTextFields form={form} uploading={uploading} />
      <TextField label="URL do vídeo no YouTube" type="url" inputMode="url" placeholder="https://www.youtube.com/watch?v=..." {...field('youtubeUrl')} />
      <SelectField
        label="Tópico"
        required
        emptyOption="Selecione um tópico"
        options={topics.map((topic) => ({ value: topic.id, label: topic.name }))}
        {...field('topicId')}
      />
      <PublishingFields form={form} previewHref={previewHref} />
    </ResourceFormFrame>
  );
}
