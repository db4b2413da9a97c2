import { PrivacyNoticeLink } from '../../../components/ui/privacy-notice-link';
import { useId, useRef, useState, type FormEvent } from 'react';
import type { FieldErrors } from '../../../components/form/use-validated-form';
import { ErrorAlert } from '../../../components/ui/alert-message';
import { site } from '../../../config/site';
import { useHydrated } from '../../../lib/use-hydrated';
import type { DigestSignUp } from '../../../services/newsletter/subscription';

// 'Receba as notícias de Porto Ferreira': the daily digest's sign-up, on the home page, at the end of each story and
// in the footer. Double opt-in: the reader gets an e-mail whose link activates the subscription (docs/decisions/0033).

export const DIGEST_HEADING = 'Receba as notícias de Porto Ferreira';
/** The consent line, recorded word for word with the sign-up. */
export const DIGEST_CONSENT = `Quero receber por e-mail o resumo diário do ${site.name}. Sei que posso cancelar quando quiser, pelo link de cada e-mail.`;
export const DIGEST_RATE_LIMITED = 'Recebemos muitas inscrições desta conexão em pouco tempo. Por favor, tente novamente mais tarde.';
export const DIGEST_FAILED = 'Não foi possível fazer sua inscrição agora. Por favor, tente novamente.';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

interface SignUpValues {
  email: string;
  consent: boolean;
}

export function validateSignUp(values: SignUpValues): FieldErrors<SignUpValues> {
  const errors: FieldErrors<SignUpValues> = {};
  if (!values.email.trim()) errors.email = 'Informe seu e-mail.';
  else if (!EMAIL.test(values.email.trim())) errors.email = 'Informe um e-mail válido.';
  if (!values.consent) errors.consent = 'Marque a caixa para autorizar o envio do resumo.';
  return errors;
}

/** What became of a sign-up the database answered: kept (the confirmation e-mail is on its way), or refused. */
export type SignUpOutcome = 'sent' | 'rate-limited' | 'invalid-email';

const REFUSALS: Record<Exclude<SignUpOutcome, 'sent'>, string> = {
  'rate-limited': DIGEST_RATE_LIMITED,
  'invalid-email': 'Informe um e-mail válido.',
};

interface NewsletterSignupProps {
  /** Sends the sign-up; throws only on a failure the reader can do nothing about but retry. */
  signUp: (signUp: DigestSignUp) => Promise<SignUpOutcome>;
  /** 'card' on a page's white background; 'footer' inside the dark footer. */
  tone?: 'card' | 'footer';
}

export function NewsletterSignup({ signUp, tone = 'card' }: NewsletterSignupProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors<SignUpValues>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const emailId = useId();
  const consentId = useId();
  const headingId = useId();
  // Before the app has started the button stays disabled: the browser must not submit the form itself. The fields
  // are uncontrolled, so what a reader types before then is still there once it has.
  const hydrated = useHydrated();
  const frame = tone === 'footer' ? 'rounded-lg bg-white p-5 text-slate-900' : 'rounded-lg border border-slate-200 bg-white p-5 shadow-sm';

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const email = form.elements.namedItem('email');
    const consent = form.elements.namedItem('consent');
    const values = {
      email: email instanceof HTMLInputElement ? email.value.trim() : '',
      consent: consent instanceof HTMLInputElement && consent.checked,
    };
    const found = validateSignUp(values);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) {
      // After React has marked the fields invalid: the first one takes the focus. (Not the form kit's helper: this form
      // is in every page's first load, the kit is not.)
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setSaving(true);
    try {
      // The page the reader is on, read when they send (the form needs no router: it sits in the footer too).
      const outcome = await signUp({ email: values.email, consentText: DIGEST_CONSENT, page: window.location.pathname });
      if (outcome === 'sent') setSentTo(values.email);
      else setFailure(REFUSALS[outcome]);
    } catch (error) {
      console.error('Signing up for the daily digest failed', error);
      setFailure(DIGEST_FAILED);
    } finally {
      setSaving(false);
    }
  }

  const clear = (field: keyof SignUpValues) => setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));

  return (
    <section aria-labelledby={headingId} className={frame}>
      <h2 id={headingId} className="font-serif text-xl font-bold text-slate-900">
        {DIGEST_HEADING}
      </h2>
      {sentTo ? (
        <p role="status" className="mt-3 text-sm text-slate-800">
          Quase lá! Enviamos um link de confirmação para <strong>{sentTo}</strong>. Abra o e-mail e confirme para começar a receber o
          resumo todas as manhãs.
        </p>
      ) : (
        <form ref={formRef} noValidate onSubmit={(event) => void submit(event)} className="mt-3 space-y-3">
          <p className="text-sm text-slate-700">Um e-mail por manhã com as notícias publicadas desde o resumo anterior. Grátis.</p>
          <div>
            <label htmlFor={emailId} className="mb-1 block text-sm font-medium text-slate-800">
              Seu e-mail
              <span aria-hidden="true" className="ml-0.5 text-red-700">
                *
              </span>
            </label>
            <input
              id={emailId}
              name="email"
              type="email"
              autoComplete="email"
              required
              onChange={() => clear('email')}
              aria-invalid={errors.email ? true : undefined}
              aria-describedby={errors.email ? `${emailId}-error` : undefined}
              className={`block w-full rounded-md border bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 ${errors.email ? 'border-red-600' : 'border-slate-300'}`}
            />
            {errors.email && (
              <p id={`${emailId}-error`} className="mt-1 text-sm text-red-700">
                {errors.email}
              </p>
            )}
          </div>
          <div>
            <div className="flex items-start gap-2">
              <input
                id={consentId}
                name="consent"
                type="checkbox"
                onChange={() => clear('consent')}
                aria-invalid={errors.consent ? true : undefined}
                aria-describedby={errors.consent ? `${consentId}-error` : undefined}
                className="mt-0.5 h-4 w-4 shrink-0 rounded border-slate-400 text-brand-700 focus:ring-brand-600"
              />
              <label htmlFor={consentId} className="text-sm text-slate-800">
                {DIGEST_CONSENT}
              </label>
            </div>
            {errors.consent && (
              <p id={`${consentId}-error`} className="mt-1 text-sm text-red-700">
                {errors.consent}
              </p>
            )}
            <PrivacyNoticeLink className="mt-1 text-xs text-slate-600" />
          </div>
          {failure && <ErrorAlert>{failure}</ErrorAlert>}
          <button
            type="submit"
            disabled={!hydrated || saving}
            className="w-full rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800 disabled:opacity-60 sm:w-auto"
          >
            {saving ? 'Enviando...' : 'Quero receber'}
          </button>
        </form>
      )}
    </section>
  );
}
