import { useId, useState, type FormEvent } from 'react';
import type { MediaKitInterest } from '../../../types/database';
import type { MediaKitRequestInput } from '../../../services/media-kit';

export const INTEREST_LABELS: Record<MediaKitInterest, string> = {
  'banner-principal': 'Banner Principal',
  'banner-lateral': 'Banner Lateral',
  'banner-materia': 'Banner em Matéria',
  outros: 'Outros',
};

export interface MediaKitValues {
  name: string;
  company: string;
  email: string;
  phone: string;
  interest: MediaKitInterest;
  message: string;
}

export const EMPTY_MEDIA_KIT: MediaKitValues = {
  name: '',
  company: '',
  email: '',
  phone: '',
  interest: 'banner-principal',
  message: '',
};

type Field = keyof MediaKitValues;
type FieldErrors = Partial<Record<Field, string>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** SPEC §5: name, company, e-mail and phone required; the message is optional. Messages in pt-BR, beside the field. */
export function validateMediaKit(values: MediaKitValues): FieldErrors {
  const errors: FieldErrors = {};
  if (!values.name.trim()) errors.name = 'Informe seu nome.';
  if (!values.company.trim()) errors.company = 'Informe o nome da empresa.';
  if (!values.email.trim()) errors.email = 'Informe seu e-mail.';
  else if (!EMAIL.test(values.email.trim())) errors.email = 'Informe um e-mail válido.';
  if (!values.phone.trim()) errors.phone = 'Informe seu telefone.';
  else if (values.phone.replace(/\D/g, '').length < 8) errors.phone = 'Informe um telefone válido, com DDD.';
  return errors;
}

export const MEDIA_KIT_ERROR = 'Erro ao enviar formulário. Por favor, tente novamente.';

interface MediaKitFormProps {
  /** Owned by the page so that closing the dialog or a failed send never loses what was typed. */
  values: MediaKitValues;
  onChange: (values: MediaKitValues) => void;
  onSubmit: (input: MediaKitRequestInput) => Promise<void>;
  onCancel: () => void;
}

/** The media kit request (SPEC §2/§4): idle, sending ('Enviando...'), then the page handles success; an error stays here. */
export function MediaKitForm({ values, onChange, onSubmit, onCancel }: MediaKitFormProps) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [sending, setSending] = useState(false);
  const [failed, setFailed] = useState(false);
  const ids = { name: useId(), company: useId(), email: useId(), phone: useId(), interest: useId(), message: useId() };

  function set(field: Field, value: string) {
    onChange({ ...values, [field]: value });
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validateMediaKit(values);
    setErrors(found);
    const firstInvalid = (Object.keys(found) as Field[])[0];
    if (firstInvalid) {
      document.getElementById(ids[firstInvalid])?.focus();
      return;
    }
    setSending(true);
    setFailed(false);
    try {
      await onSubmit({ ...values, message: values.message.trim() || null });
    } catch (error) {
      console.error('Sending the media kit request failed', error);
      setFailed(true);
    } finally {
      setSending(false);
    }
  }

  const input = 'mt-1 w-full rounded-md border px-3 py-2 text-slate-900';
  const border = (field: Field) => (errors[field] ? 'border-red-600' : 'border-slate-300');

  function textField(field: 'name' | 'company' | 'email' | 'phone', label: string, type: string, autoComplete: string) {
    const errorId = `${ids[field]}-erro`;
    return (
      <div>
        <label htmlFor={ids[field]} className="block text-sm font-medium text-slate-800">
          {label} <span aria-hidden="true" className="text-red-700">*</span>
        </label>
        <input
          id={ids[field]}
          type={type}
          required
          autoComplete={autoComplete}
          value={values[field]}
          onChange={(event) => set(field, event.target.value)}
          aria-invalid={errors[field] ? true : undefined}
          aria-describedby={errors[field] ? errorId : undefined}
          className={`${input} ${border(field)}`}
        />
        {errors[field] && (
          <p id={errorId} className="mt-1 text-sm text-red-700">
            {errors[field]}
          </p>
        )}
      </div>
    );
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
      {textField('name', 'Nome', 'text', 'name')}
      {textField('company', 'Empresa', 'text', 'organization')}
      <div className="grid gap-4 sm:grid-cols-2">
        {textField('email', 'E-mail', 'email', 'email')}
        {textField('phone', 'Telefone', 'tel', 'tel')}
      </div>
      <div>
        <label htmlFor={ids.interest} className="block text-sm font-medium text-slate-800">
          Interesse
        </label>
        <select
          id={ids.interest}
          value={values.interest}
          onChange={(event) => set('interest', event.target.value)}
          className={`${input} border-slate-300 bg-white`}
        >
          {(Object.keys(INTEREST_LABELS) as MediaKitInterest[]).map((interest) => (
            <option key={interest} value={interest}>
              {INTEREST_LABELS[interest]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={ids.message} className="block text-sm font-medium text-slate-800">
          Mensagem <span className="font-normal text-slate-600">(opcional)</span>
        </label>
        <textarea
          id={ids.message}
          rows={3}
          value={values.message}
          onChange={(event) => set('message', event.target.value)}
          className={`${input} border-slate-300`}
        />
      </div>
      {failed && (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          {MEDIA_KIT_ERROR}
        </p>
      )}
      <div className="flex justify-end gap-3">
        <button type="button" onClick={onCancel} className="rounded-md border border-slate-300 px-4 py-2 font-medium text-slate-800 hover:bg-slate-50">
          Cancelar
        </button>
        <button
          type="submit"
          disabled={sending}
          className="rounded-md bg-brand-800 px-4 py-2 font-semibold text-white hover:bg-brand-700 disabled:cursor-wait disabled:opacity-70"
        >
          {sending ? 'Enviando...' : 'Enviar solicitação'}
        </button>
      </div>
    </form>
  );
}
