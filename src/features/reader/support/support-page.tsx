import { useRef, useState, type FormEvent } from 'react';
import { site } from '../../../config/site';
import { paths } from '../../../lib/paths';
import { DEFAULT_SUPPORT_TEXT, supportMeta } from '../../../lib/pix/support-meta';
import {
  formatCents,
  MAX_CENTS,
  MIN_CENTS,
  OTHER_AMOUNT,
  parseAmountField,
  SUGGESTED_CENTS,
  SUPPORT_CONSENT_TEXT,
  SUPPORT_FORM,
  SUPPORT_FORM_MESSAGES,
  type SupportFormError,
} from '../../../lib/pix/support-form';
import { PrivacyNoticeLink } from '../../../components/ui/privacy-notice-link';
import { BackToHomeLink } from '../components/back-to-home-link';
import { useDocumentMeta } from '../components/use-document-meta';
import type { SupportPageData } from './support-data';

// '/apoie' (docs/decisions/0054): the newsroom's words, the month's progress when shown, and a plain form that posts
// to the server, which records the intent and answers with the code's page. It works the same without JavaScript;
// with it, the form only checks the amount and the e-mail first so the reader hears what is wrong beside the field.

const REMINDER_NOTICES: Record<string, { text: string; tone: 'ok' | 'warn' }> = {
  parado: { text: 'Pronto: você não receberá mais lembretes de apoio. Obrigado por ter apoiado o jornal!', tone: 'ok' },
  'ja-parado': { text: 'Estes lembretes já estavam parados: nenhum outro será enviado.', tone: 'ok' },
  invalido: { text: 'Este link de lembrete é inválido. Abra o link do fim do e-mail exatamente como ele é.', tone: 'warn' },
};

export interface SupportNotices {
  error: SupportFormError | null;
  amountCents: number | null;
  /** 'Outro valor' as the reader typed it, when the server refused it (the form without JavaScript). */
  otherTyped: string | null;
  reminder: string | null;
}

function Paragraphs({ text }: { text: string }) {
  return (
    <>
      {text
        .split(/\n\s*\n/)
        .map((paragraph) => paragraph.trim())
        .filter(Boolean)
        .map((paragraph, index) => (
          <p key={index}>{paragraph}</p>
        ))}
    </>
  );
}

function MonthProgress({ receivedCents, goalCents }: { receivedCents: number; goalCents: number }) {
  const percent = Math.min(100, Math.round((receivedCents / goalCents) * 100));
  return (
    <section aria-labelledby="meta-do-mes" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="meta-do-mes" className="text-sm font-semibold uppercase tracking-wide text-slate-700">
        Meta do mês
      </h2>
      <p className="mt-1 text-slate-900">
        <strong>{formatCents(receivedCents)}</strong> de {formatCents(goalCents)} ({percent}%)
      </p>
      {/* A native bar: the page policy allows no inline style, and a screen reader hears its value. */}
      <progress
        value={Math.min(receivedCents, goalCents)}
        max={goalCents}
        aria-label={`${percent}% da meta do mês`}
        className="mt-2 h-3 w-full overflow-hidden rounded-full [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-brand-700 [&::-moz-progress-bar]:bg-brand-700"
      />
    </section>
  );
}

const inputClass = 'mt-1 block w-full rounded-md border border-slate-400 px-3 py-2 text-slate-900 focus:border-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-700';

function SupportForm({ notices }: { notices: SupportNotices }) {
  const initialChoice =
    notices.otherTyped !== null
      ? OTHER_AMOUNT
      : notices.amountCents === null
        ? '2500'
        : SUGGESTED_CENTS.some((cents) => cents === notices.amountCents)
          ? String(notices.amountCents)
          : OTHER_AMOUNT;
  const initialOther = notices.otherTyped ?? (initialChoice === OTHER_AMOUNT && notices.amountCents !== null ? (notices.amountCents / 100).toFixed(2).replace('.', ',') : '');
  // Uncontrolled, so a choice made before the app has started is kept when it hydrates (a tap is never undone).
  const otherRadio = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<{ field: 'amount' | 'email' | 'form'; message: string } | null>(
    notices.error ? { field: notices.error === 'valor' ? 'amount' : notices.error === 'email' ? 'email' : 'form', message: SUPPORT_FORM_MESSAGES[notices.error] } : null,
  );

  function check(event: FormEvent<HTMLFormElement>) {
    const data = new FormData(event.currentTarget);
    const text = (name: string) => {
      const value = data.get(name);
      return typeof value === 'string' ? value : '';
    };
    const amount = parseAmountField(text(SUPPORT_FORM.amount), text(SUPPORT_FORM.otherAmount));
    const email = text(SUPPORT_FORM.email).trim();
    if (!amount.ok) {
      event.preventDefault();
      setError({ field: 'amount', message: SUPPORT_FORM_MESSAGES.valor });
    } else if (email !== '' && !/^[^@\s]+@[^@\s]+\.[^@\s]{2,}$/.test(email)) {
      event.preventDefault();
      setError({ field: 'email', message: SUPPORT_FORM_MESSAGES.email });
    }
  }

  return (
    <form method="post" action={paths.support()} onSubmit={check} noValidate aria-label="Apoiar com Pix" className="space-y-6 rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      {error?.field === 'form' && (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-red-800">
          {error.message}
        </p>
      )}
      <fieldset aria-describedby={error?.field === 'amount' ? 'erro-valor' : undefined}>
        <legend className="text-lg font-semibold text-slate-900">Quanto você quer apoiar?</legend>
        <div className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
          {[...SUGGESTED_CENTS.map((cents) => ({ value: String(cents), label: formatCents(cents) })), { value: OTHER_AMOUNT, label: 'Outro valor' }].map((option) => (
            <label
              key={option.value}
              className="flex cursor-pointer items-center gap-2 rounded-md border border-slate-300 px-3 py-3 font-semibold text-slate-900 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
            >
              <input
                type="radio"
                name={SUPPORT_FORM.amount}
                value={option.value}
                defaultChecked={initialChoice === option.value}
                ref={option.value === OTHER_AMOUNT ? otherRadio : undefined}
              />
              {option.label}
            </label>
          ))}
        </div>
        <label className="mt-3 block text-sm font-medium text-slate-800">
          Outro valor, em reais (de {formatCents(MIN_CENTS)} a {formatCents(MAX_CENTS)})
          <input
            name={SUPPORT_FORM.otherAmount}
            inputMode="decimal"
            autoComplete="off"
            placeholder="Ex.: 15,00"
            defaultValue={initialOther}
            onFocus={() => {
              if (otherRadio.current) otherRadio.current.checked = true;
            }}
            onChange={() => setError((current) => (current?.field === 'amount' ? null : current))}
            aria-invalid={error?.field === 'amount' || undefined}
            className={`${inputClass} sm:max-w-xs`}
          />
        </label>
        {error?.field === 'amount' && (
          <p id="erro-valor" role="alert" className="mt-2 text-sm font-medium text-red-700">
            {error.message}
          </p>
        )}
      </fieldset>

      <fieldset className="space-y-3">
        <legend className="text-lg font-semibold text-slate-900">
          Quer um agradecimento? <span className="text-base font-normal text-slate-600">(opcional)</span>
        </legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <label className="block text-sm font-medium text-slate-800">
            Seu nome
            <input name={SUPPORT_FORM.name} autoComplete="name" maxLength={120} className={inputClass} />
          </label>
          <label className="block text-sm font-medium text-slate-800">
            Seu e-mail
            <input
              name={SUPPORT_FORM.email}
              type="email"
              autoComplete="email"
              maxLength={254}
              onChange={() => setError((current) => (current?.field === 'email' ? null : current))}
              aria-invalid={error?.field === 'email' || undefined}
              aria-describedby={error?.field === 'email' ? 'erro-email' : undefined}
              className={inputClass}
            />
          </label>
        </div>
        {error?.field === 'email' && (
          <p id="erro-email" role="alert" className="text-sm font-medium text-red-700">
            {error.message}
          </p>
        )}
        <label className="flex items-start gap-2 text-sm text-slate-800">
          <input type="checkbox" name={SUPPORT_FORM.monthly} value="sim" className="mt-1" />
          <span>Quero um lembrete por e-mail todo mês, com um novo código para o mesmo valor (você para quando quiser, com um clique).</span>
        </label>
        <p className="text-xs text-slate-600">{SUPPORT_CONSENT_TEXT}</p>
        <PrivacyNoticeLink />
      </fieldset>

      <button type="submit" className="w-full rounded-md bg-brand-800 px-6 py-3 font-semibold text-white hover:bg-brand-700 sm:w-auto">
        Gerar código Pix
      </button>
    </form>
  );
}

export function SupportPage({ data, notices }: { data: SupportPageData; notices: SupportNotices }) {
  const meta = supportMeta(site.name);
  useDocumentMeta(meta.title, meta.description);
  const reminder = notices.reminder ? REMINDER_NOTICES[notices.reminder] : undefined;
  const { settings } = data;
  return (
    <div className="space-y-8">
      <BackToHomeLink />
      <header className="max-w-3xl space-y-4">
        <h1 className="font-serif text-3xl font-bold text-slate-900 sm:text-4xl">{meta.title}</h1>
        <div className="space-y-3 text-lg text-slate-700">
          <Paragraphs text={settings.pageText || DEFAULT_SUPPORT_TEXT(site.name)} />
        </div>
      </header>
      {reminder && (
        <p role="status" className={`max-w-3xl rounded-md border p-3 ${reminder.tone === 'ok' ? 'border-green-200 bg-green-50 text-green-900' : 'border-amber-200 bg-amber-50 text-amber-900'}`}>
          {reminder.text}
        </p>
      )}
      {data.open ? (
        <div id="apoio" className="grid max-w-5xl gap-6 lg:grid-cols-[2fr_1fr]">
          <SupportForm notices={notices} />
          <aside className="space-y-4">
            {data.progressCents !== null && settings.monthlyGoalCents !== null && (
              <MonthProgress receivedCents={data.progressCents} goalCents={settings.monthlyGoalCents} />
            )}
            <div className="rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm text-slate-700">
              <h2 className="font-semibold text-slate-900">Como funciona</h2>
              <ol className="mt-2 list-decimal space-y-1 pl-5">
                <li>Escolha o valor e toque em “Gerar código Pix”.</li>
                <li>Leia o QR code no app do banco ou use o Pix Copia e Cola.</li>
                <li>Confira o recebedor: {settings.receiverName}, {settings.receiverCity}.</li>
              </ol>
            </div>
          </aside>
        </div>
      ) : (
        <p role="status" className="max-w-3xl rounded-md border border-slate-200 bg-slate-50 p-4 text-slate-800">
          O apoio pelo Pix ainda não está aberto. Em breve você poderá apoiar o jornal por aqui.
        </p>
      )}
    </div>
  );
}

export function SupportSkeleton() {
  return (
    <div className="animate-pulse space-y-6" aria-busy="true" aria-label="Carregando">
      <div className="h-10 w-2/3 rounded bg-slate-200" />
      <div className="h-24 max-w-3xl rounded bg-slate-200" />
      <div className="h-64 max-w-3xl rounded bg-slate-200" />
    </div>
  );
}
