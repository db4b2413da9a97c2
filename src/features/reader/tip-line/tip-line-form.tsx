import { PrivacyNoticeLink } from '../../../components/ui/privacy-notice-link';
import { useEffect, useState } from 'react';
import { CheckboxField, TextAreaField, TextField } from '../../../components/form/form-fields';
import { useValidatedForm } from '../../../components/form/use-validated-form';
import { ErrorAlert } from '../../../components/ui/alert-message';
import { useHydrated } from '../../../lib/use-hydrated';
import { isNewsTipRateLimited, MAX_TIP_PHOTOS, type NewsTipInput } from '../../../services/news-tips';
import { StorageError } from '../../../services/errors';
import { addPhotos, chosenBeforeStart, EMPTY_TIP, TIP_CONSENT_TEXT, typedBeforeStart, validateTip, type TipLineValues } from './tip-line-values';
import { TipPhotosField } from './tip-photos-field';

export const TIP_ERROR = 'Erro ao enviar sua sugestão. Por favor, tente novamente.';
/** The per-client limits refused the tip or a photo (as the media-kit form words it): waiting helps, resending now does not. */
export const TIP_RATE_LIMITED = 'Recebemos várias sugestões deste contato em pouco tempo. Por favor, tente novamente mais tarde.';
/** The storage refused a photo the browser let through (its bytes are not the image type it claims, say). */
export const TIP_PHOTO_REFUSED =
  'Não foi possível enviar uma das fotos. Verifique se é uma imagem PNG, JPEG, WebP, GIF ou AVIF de até 10 MB, ou remova-a e tente de novo.';

function failureMessage(error: unknown): string {
  if (isNewsTipRateLimited(error)) return TIP_RATE_LIMITED;
  if (error instanceof StorageError && (error.code === '413' || error.code === '415')) return TIP_PHOTO_REFUSED;
  return TIP_ERROR;
}

interface TipLineFormProps {
  onSubmit: (input: NewsTipInput) => Promise<void>;
}

/**
 * The tip line's form (docs/product.md §8a): fields with their messages beside them, photos with previews, the
 * consent box; 'Enviando...' while sending; on failure a message and everything typed and chosen kept.
 */
export function TipLineForm({ onSubmit }: TipLineFormProps) {
  const { formRef, values, setValues, set, field, errors, failure, saving, submit } = useValidatedForm<TipLineValues>({
    initialValues: EMPTY_TIP,
    validate: validateTip,
    onSubmit: (sent) =>
      onSubmit({
        whatHappened: sent.whatHappened,
        place: sent.place,
        senderName: sent.senderName.trim() || null,
        senderContact: sent.senderContact.trim() || null,
        consentText: TIP_CONSENT_TEXT,
        photos: sent.photos,
      }),
    failureMessage,
    // The limit doing its job, or a photo the reader can replace, is no fault to log.
    isExpectedFailure: (error) => failureMessage(error) !== TIP_ERROR,
    failureLog: 'Sending the news tip failed',
  });
  const [photoProblem, setPhotoProblem] = useState<string | null>(null);
  // Sending is the app's: until it has started the button is disabled, so the browser never submits the form itself.
  const hydrated = useHydrated();

  // The page is prerendered: what a reader typed and the photos chosen before the app started are taken over, not
  // wiped by the first render. The photos go through the same checks as photos chosen later.
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const typed = typedBeforeStart(form);
    const chosen = chosenBeforeStart(form);
    const { photos, problem } = addPhotos([], chosen);
    if (Object.keys(typed).length > 0 || chosen.length > 0) {
      setValues((current) => ({ ...current, ...typed, photos: [...current.photos, ...photos].slice(0, MAX_TIP_PHOTOS) }));
    }
    if (problem) setPhotoProblem(problem);
  }, [formRef, setValues]);

  function addChosen(files: TipLineValues['photos']) {
    const { photos, problem } = addPhotos(values.photos, files);
    set('photos', photos);
    setPhotoProblem(problem);
  }

  function removePhoto(index: number) {
    set(
      'photos',
      values.photos.filter((_, i) => i !== index),
    );
    setPhotoProblem(null);
  }

  return (
    <form ref={formRef} noValidate onSubmit={(event) => void submit(event)} className="space-y-5">
      <TextAreaField label="O que aconteceu?" required rows={5} placeholder="Conte o que você viu, quando e quem foi afetado." {...field('whatHappened')} />
      <TextField label="Onde?" required placeholder="Rua, bairro ou referência" {...field('place')} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label={
            <>
              Seu nome <span className="font-normal text-slate-600">(opcional)</span>
            </>
          }
          autoComplete="name"
          {...field('senderName')}
        />
        <TextField
          label={
            <>
              Telefone ou e-mail para contato <span className="font-normal text-slate-600">(opcional)</span>
            </>
          }
          autoComplete="tel"
          hint="Só a redação vê, para tirar dúvidas sobre a sua sugestão."
          {...field('senderContact')}
        />
      </div>
      <TipPhotosField
        photos={values.photos}
        onAdd={addChosen}
        onRemove={removePhoto}
        error={errors.photos ?? photoProblem ?? undefined}
        disabled={saving}
      />
      <CheckboxField
        label={TIP_CONSENT_TEXT}
        name="consent"
        required
        checked={values.consent}
        onChange={(checked) => set('consent', checked)}
        error={errors.consent}
      />
      <PrivacyNoticeLink />
      {failure && <ErrorAlert>{failure}</ErrorAlert>}
      <div className="flex justify-end">
        <button
          type="submit"
          disabled={saving || !hydrated}
          className="w-full rounded-md bg-brand-800 px-6 py-3 font-semibold text-white hover:bg-brand-700 disabled:cursor-wait disabled:opacity-70 sm:w-auto"
        >
          {saving ? 'Enviando...' : 'Enviar sugestão'}
        </button>
      </div>
    </form>
  );
}
