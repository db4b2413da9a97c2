import { PrivacyNoticeLink } from '../../../components/ui/privacy-notice-link';
import type { Dispatch, SetStateAction } from 'react';
import type { MediaKitInterest } from '../../../types/database';
import { MEDIA_KIT_INTERESTS, isMediaKitRateLimited, type MediaKitRequestInput } from '../../../services/media-kit';
import { SelectField, TextAreaField, TextField } from '../../../components/form/form-fields';
import { useValidatedForm, type FieldErrors } from '../../../components/form/use-validated-form';
import { ErrorAlert } from '../../../components/ui/alert-message';
import { useHydrated } from '../../../lib/use-hydrated';
import type { MediaKitValues } from './media-kit-values';

export const INTEREST_LABELS: Record<MediaKitInterest, string> = {
  'banner-principal': 'Banner Principal',
  'banner-lateral': 'Banner Lateral',
  'banner-materia': 'Banner em Matéria',
  outros: 'Outros',
};

const INTEREST_OPTIONS = MEDIA_KIT_INTERESTS.map((interest) => ({ value: interest, label: INTEREST_LABELS[interest] }));

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** docs/product.md §19.7: name, company, e-mail and phone required; the message is optional. Messages in pt-BR, beside the field. */
export function validateMediaKit(values: MediaKitValues): FieldErrors<MediaKitValues> {
  const errors: FieldErrors<MediaKitValues> = {};
  if (!values.name.trim()) errors.name = 'Informe seu nome.';
  if (!values.company.trim()) errors.company = 'Informe o nome da empresa.';
  if (!values.email.trim()) errors.email = 'Informe seu e-mail.';
  else if (!EMAIL.test(values.email.trim())) errors.email = 'Informe um e-mail válido.';
  if (!values.phone.trim()) errors.phone = 'Informe seu telefone.';
  else if (values.phone.replace(/\D/g, '').length < 8) errors.phone = 'Informe um telefone válido, com DDD.';
  return errors;
}

export const MEDIA_KIT_ERROR = 'Erro ao enviar formulário. Por favor, tente novamente.';
/** The database's per-client and per-e-mail limit refused the request (HTTP 429): waiting helps, resending now does not. */
export const MEDIA_KIT_RATE_LIMITED = 'Recebemos várias solicitações deste contato em pouco tempo. Por favor, tente novamente mais tarde.';

function failureMessage(error: unknown): string {
  return isMediaKitRateLimited(error) ? MEDIA_KIT_RATE_LIMITED : MEDIA_KIT_ERROR;
}

interface MediaKitFormProps {
  /** Owned by the page so that closing the dialog or a failed send never loses what was typed. */
  values: MediaKitValues;
  onChange: Dispatch<SetStateAction<MediaKitValues>>;
  onSubmit: (input: MediaKitRequestInput) => Promise<void>;
  onCancel: () => void;
}

/** The media kit request (docs/product.md §2/§4): idle, sending ('Enviando...'), then the page handles success; an error stays here. */
export function MediaKitForm({ values: draft, onChange, onSubmit, onCancel }: MediaKitFormProps) {
  const { formRef, values, set, errors, failure, saving, submit } = useValidatedForm({
    valuesState: [draft, onChange],
    validate: validateMediaKit,
    onSubmit: (sent) => onSubmit({ ...sent, message: sent.message.trim() || null }),
    failureMessage,
    // The limit doing its job is no fault to log.
    isExpectedFailure: isMediaKitRateLimited,
    failureLog: 'Sending the media kit request failed',
  });

  // Sending is the app's: before it has started, the button shows disabled, so neither a click nor Enter in a field
  // lets the browser submit the form itself (to this page's address, with the reader's contact in the query).
  const hydrated = useHydrated();

  /** A text field's value, change handler and error. */
  function field(name: Exclude<keyof MediaKitValues, 'interest'>) {
    return { name, value: values[name], onChange: (value: string) => set(name, value), error: errors[name] };
  }

  return (
    <form ref={formRef} noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
      <TextField label="Nome" required autoComplete="name" {...field('name')} />
      <TextField label="Empresa" required autoComplete="organization" {...field('company')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="E-mail" type="email" required autoComplete="email" {...field('email')} />
        <TextField label="Telefone" type="tel" required autoComplete="tel" {...field('phone')} />
      </div>
      <SelectField
        label="Interesse"
        name="interest"
        value={values.interest}
        // The options are MEDIA_KIT_INTERESTS, so the chosen value is one of them.
        onChange={(v) => set('interest', v as MediaKitInterest)}
        options={INTEREST_OPTIONS}
      />
      <TextAreaField
        label={
          <>
            Mensagem <span className="font-normal text-slate-600">(opcional)</span>
          </>
        }
        {...field('message')}
      />
      <p className="text-xs text-slate-600">
        Usamos seu nome, empresa, e-mail e telefone só para responder a esta solicitação.
      </p>
      <PrivacyNoticeLink />
      {failure && <ErrorAlert>{failure}</ErrorAlert>}
      <div className="flex justify-end gap-3">
        <button type="button" onClick={onCancel} className="rounded-md border border-slate-300 px-4 py-2 font-medium text-slate-800 hover:bg-slate-50">
          Cancelar
        </button>
        <button
          type="submit"
          disabled={saving || !hydrated}
          className="rounded-md bg-brand-800 px-4 py-2 font-semibold text-white hover:bg-brand-700 disabled:cursor-wait disabled:opacity-70"
        >
          {saving ? 'Enviando...' : 'Enviar solicitação'}
        </button>
      </div>
    </form>
  );
}
