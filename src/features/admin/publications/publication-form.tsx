import { Suspense, lazy, useId, useState } from 'react';
import type { Topic } from '../../../services/topics';
import { YOUTUBE_URL_MESSAGE, youtubeVideoId } from '../../../lib/youtube';
import { IMAGE_URL_MESSAGE, isSafeImageUrl } from '../../../lib/safe-urls';
import { SelectField, TextAreaField, TextField } from '../../../components/form/form-fields';
import type { FieldErrors } from '../../../components/form/use-validated-form';
import { ImageUploadField, type UploadImage } from '../shared/image-upload-field';
import { ResourceFormFrame } from '../shared/resource-form-frame';
import type { ResourceFormProps } from '../shared/resource-form-route';
import { useDraftedForm } from '../shared/use-drafted-form';
import { EMPTY_PUBLICATION, type PublicationFormValues } from './publication-values';
import { PublishingFields, validatePublishing } from './publishing-fields';
import { ImageTextFields, validateImageTexts } from './image-text-fields';
import { SponsorFields, validateSponsor } from './sponsor-fields';
import { isLiveEdit, RevisionFields, textChanged, validateRevision, withApplicableRevision } from './revision-fields';

// The editor (TipTap and ProseMirror) is its own chunk: only this form loads it, and the form's fields show first.
const RichTextEditor = lazy(() => import('../editor/rich-text-editor'));

type Errors = FieldErrors<PublicationFormValues>;

/** docs/product.md §19.7: title and topic required; docs/product.md: a YouTube address, when given, must be one. */
export function validatePublication(values: PublicationFormValues, now: Date = new Date()): Errors {
  const errors: Errors = { ...validatePublishing(values, now), ...validateImageTexts(values), ...validateSponsor(values) };
  if (!values.title.trim()) errors.title = 'Informe o título';
  if (!values.topicId) errors.topicId = 'Selecione um tópico';
  if (values.youtubeUrl.trim() && !youtubeVideoId(values.youtubeUrl)) errors.youtubeUrl = YOUTUBE_URL_MESSAGE;
  if (values.imageUrl && !isSafeImageUrl(values.imageUrl)) errors.imageUrl = IMAGE_URL_MESSAGE;
  return errors;
}

interface PublicationFormProps extends ResourceFormProps<PublicationFormValues> {
  topics: readonly Topic[];
  upload: UploadImage;
  /** Injected for tests; the browser's localStorage by default. */
  storage?: Storage;
  /** The saved story's preview ('Pré-visualizar'); null for a story not saved yet. */
  previewHref?: string | null;
  /** The form's clock, for the schedule's "in the future" check; injected for tests. */
  now?: () => Date;
  /** The title of the story that leads the home page now, when it is not this one (see PublishingFields). */
  replacedLead?: string | null;
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
  storage,
  previewHref = null,
  now = () => new Date(),
  replacedLead = null,
}: PublicationFormProps) {
  const contentLabelId = useId();
  // Remounts the editor when its content is replaced from outside (discarding the draft).
  const [editorVersion, setEditorVersion] = useState(0);
  const [uploading, setUploading] = useState(false);
  const form = useDraftedForm({
    initialValues,
    // A live story's text changes only with a correction or a minor edit (docs/decisions/0038).
    validate: (v) => ({ ...validatePublication(v, now()), ...validateRevision(initialValues, v, now()) }),
    save: { ...save, submit: (v) => save.submit(withApplicableRevision(initialValues, v)) },
    draft: { key: draftKey, template: EMPTY_PUBLICATION, storage },
    onDiscard: () => setEditorVersion((v) => v + 1),
  });
  const { values, set, field } = form;

  return (
    <ResourceFormFrame {...form} onCancel={onCancel} saveDisabled={uploading} notice={form.draftNotice}>
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
      <ImageUploadField label="Imagem" upload={upload} onUploadingChange={setUploading} {...form.imageField('imageUrl')} />
      <ImageTextFields form={form} uploading={uploading} />
      <TextField label="URL do vídeo no YouTube" type="url" inputMode="url" placeholder="https://www.youtube.com/watch?v=..." {...field('youtubeUrl')} />
      <SelectField
        label="Tópico"
        required
        emptyOption="Selecione um tópico"
        options={topics.map((topic) => ({ value: topic.id, label: topic.name }))}
        {...field('topicId')}
      />
      <SponsorFields form={form} />
      <PublishingFields form={form} previewHref={previewHref} replacedLead={replacedLead} />
      {isLiveEdit(initialValues, values) && <RevisionFields form={form} changed={textChanged(initialValues, values)} />}
    </ResourceFormFrame>
  );
}
