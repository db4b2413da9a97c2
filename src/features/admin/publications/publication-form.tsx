import { Suspense, lazy, useId, useMemo, useRef, useState } from 'react';
import type { Topic } from '../../../services/topics';
import { YOUTUBE_URL_MESSAGE, youtubeVideoId } from '../../../lib/youtube';
import { IMAGE_URL_MESSAGE, isSafeImageUrl } from '../../../lib/safe-urls';
import { SelectField, TextAreaField, TextField } from '../../../components/form/form-fields';
import { secondaryButton } from '../../../components/ui/buttons';
import { formatSaoPauloDateTime } from '../../../lib/dates';
import type { FieldErrors } from '../../../components/form/use-validated-form';
import { ImageUploadField, type UploadImage } from '../shared/image-upload-field';
import { ResourceFormFrame } from '../shared/resource-form-frame';
import type { ResourceFormProps } from '../shared/resource-form-route';
import { useDraftedForm } from '../shared/use-drafted-form';
import { EMPTY_PUBLICATION, type PublicationFormValues } from './publication-values';
import { BylineFields, PublishingFields, validatePublishing } from './publishing-fields';
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
  /**
   * False for a reporter (decision 0037): no publishing, scheduling, lead or sponsor fields; 'Enviar para revisão'
   * instead, with where the story stands in review.
   */
  mayPublish?: boolean;
  /** The saved story's review state, shown to a reporter. */
  review?: ReviewState | null;
}

/** Where a saved draft stands in review: in the queue since, or returned with the editor's note. */
export interface ReviewState {
  requestedAt: string | null;
  note: string | null;
}

/** What a reporter's save may carry: never publishing, scheduling, the lead story or a sponsor (the database agrees). */
function asReporterDraft(values: PublicationFormValues, sendForReview: boolean): PublicationFormValues {
  return { ...values, published: false, scheduled: false, isLead: false, sponsored: false, sendForReview };
}

/** A reporter's box: where the story stands in review, and the byline choice. */
function ReviewFields({
  review,
  signed,
  onSignedChange,
  previewHref,
}: {
  review: ReviewState | null;
  signed: boolean;
  onSignedChange: (signed: boolean) => void;
  previewHref: string | null;
}) {
  return (
    <fieldset className="min-w-0 space-y-3 rounded-md border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-800">Revisão</legend>
      {review?.requestedAt ? (
        <p role="status" className="text-sm text-slate-800">
          <span className="mr-2 inline-flex rounded-full bg-sky-100 px-2.5 py-0.5 text-xs font-semibold text-sky-900">Em revisão</span>
          Enviada em {formatSaoPauloDateTime(review.requestedAt)}. Um editor vai publicar ou devolver a publicação.
        </p>
      ) : review?.note ? (
        <div role="status" className="rounded-md border border-orange-200 bg-orange-50 p-3 text-sm text-slate-800">
          <p>
            <span className="mr-2 inline-flex rounded-full bg-orange-100 px-2.5 py-0.5 text-xs font-semibold text-orange-900">Devolvida</span>
            O editor pediu:
          </p>
          <p className="mt-2 whitespace-pre-line">{review.note}</p>
        </div>
      ) : (
        <p className="text-sm text-slate-700">
          Quando o texto estiver pronto, use “Enviar para revisão”: um editor publica ou devolve com uma observação.
        </p>
      )}
      <BylineFields signed={signed} onSignedChange={onSignedChange} previewHref={previewHref} />
    </fieldset>
  );
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
  mayPublish = true,
  review = null,
}: PublicationFormProps) {
  const contentLabelId = useId();
  // Remounts the editor when its content is replaced from outside (discarding the draft).
  const [editorVersion, setEditorVersion] = useState(0);
  const [uploading, setUploading] = useState(false);
  // Which of a reporter's two submit buttons was pressed ('Salvar' or 'Enviar para revisão'); Enter in a field is 'Salvar'.
  const sendForReview = useRef(false);
  // An editor's save of a live story carries its correction or minor edit (docs/decisions/0038); a reporter's is a
  // draft, never live (docs/decisions/0037).
  const roleSave = useMemo(
    () =>
      mayPublish
        ? { ...save, submit: (values: PublicationFormValues) => save.submit(withApplicableRevision(initialValues, values)) }
        : { ...save, submit: (values: PublicationFormValues) => save.submit(asReporterDraft(values, sendForReview.current)) },
    [mayPublish, save, initialValues],
  );
  const form = useDraftedForm({
    initialValues,
    // A live story's text changes only with a correction or a minor edit (docs/decisions/0038).
    validate: (v) => ({ ...validatePublication(v, now()), ...(mayPublish ? validateRevision(initialValues, v, now()) : {}) }),
    save: roleSave,
    draft: { key: draftKey, template: EMPTY_PUBLICATION, storage },
    onDiscard: () => setEditorVersion((v) => v + 1),
  });
  const { values, set, field } = form;

  return (
    <ResourceFormFrame
      {...form}
      onCancel={onCancel}
      saveDisabled={uploading}
      notice={form.draftNotice}
      onSaveClick={() => {
        sendForReview.current = false;
      }}
      moreActions={
        !mayPublish && (
          <button
            type="submit"
            disabled={form.saving || uploading}
            onClick={() => {
              sendForReview.current = true;
            }}
            className={secondaryButton}
          >
            Enviar para revisão
          </button>
        )
      }
    >
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
      {mayPublish ? (
        <>
          <SponsorFields form={form} />
          <PublishingFields form={form} previewHref={previewHref} replacedLead={replacedLead} />
          {isLiveEdit(initialValues, values) && <RevisionFields form={form} changed={textChanged(initialValues, values)} />}
        </>
      ) : (
        <ReviewFields review={review} signed={values.signed} onSignedChange={(v) => set('signed', v)} previewHref={previewHref} />
      )}
    </ResourceFormFrame>
  );
}
