import { useState, type FormEvent } from 'react';
import { ErrorAlert, SuccessNotice } from '../../../components/ui/alert-message';
import { primaryButton } from '../../../components/ui/buttons';
import { checkPixKey, checkReceiverText, PIX_KEY_TYPE_LABELS, pixKeyTypeOf, RECEIVER_CITY_MAX, RECEIVER_NAME_MAX, type PixKeyType } from '../../../lib/pix/pix-key';
import { parseReais } from '../../../lib/pix/support-form';
import { browserClient } from '../../../services/browser-client';
import { isPermissionDenied } from '../../../services/errors';
import type { SupportSettings } from '../../../services/support/support';
import { saveSupportSettings } from '../../../services/support/support-admin';
import { useSettingsForm } from '../shared/use-settings-form';

// 'Apoie com Pix' on 'Configurações' (docs/decisions/0054): the newsroom's Pix key, checked per type with the
// maintained library that builds the code; the receiver as the bank registers it (the BR Code's 25 and 15
// characters, accents folded); the page's text and the monthly goal. Without a key '/apoie' shows no code.

type Field = 'pixKey' | 'receiverName' | 'receiverCity' | 'pageText' | 'goal';
type Errors = Partial<Record<Field, string>>;

const input = (invalid: boolean) => `block w-full rounded-md border bg-white px-3 py-2 text-slate-900 ${invalid ? 'border-red-600' : 'border-slate-300'}`;

export function SupportSettingsForm({ initial }: { initial: SupportSettings }) {
  const [keyType, setKeyType] = useState<PixKeyType>(initial.pixKey ? pixKeyTypeOf(initial.pixKey) : 'cnpj');
  const { save, values, setValues, set, errors, setErrors, failure, saved, saving } = useSettingsForm<Field>({
    pixKey: initial.pixKey ?? '',
    receiverName: initial.receiverName,
    receiverCity: initial.receiverCity,
    pageText: initial.pageText,
    goal: initial.monthlyGoalCents === null ? '' : (initial.monthlyGoalCents / 100).toFixed(2).replace('.', ','),
  });
  const [showProgress, setShowProgress] = useState(initial.showProgress);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const found: Errors = {};
    // An empty key closes support: the page says it is not open yet, and the receiver may stay as it is.
    const key = values.pixKey.trim() === '' ? null : checkPixKey(keyType, values.pixKey);
    if (key && !key.ok) found.pixKey = key.message;
    const name = checkReceiverText('name', values.receiverName);
    const city = checkReceiverText('city', values.receiverCity);
    if (key && !name.ok) found.receiverName = name.message;
    if (key && !city.ok) found.receiverCity = city.message;
    if (values.pageText.trim().length > 4000) found.pageText = 'Use no máximo 4.000 caracteres.';
    const goal = values.goal.trim() === '' ? null : parseReais(values.goal);
    if (values.goal.trim() !== '' && (goal === null || goal < 100 || goal > 100_000_000)) {
      found.goal = 'Digite a meta em reais, por exemplo 3.000,00, ou deixe em branco para não ter meta.';
    }
    await save(
      form,
      found,
      async () => {
        const stored = await saveSupportSettings(browserClient(), {
          pixKey: key?.ok ? key.value : null,
          receiverName: name.ok ? name.value : values.receiverName.trim().slice(0, RECEIVER_NAME_MAX),
          receiverCity: city.ok ? city.value : values.receiverCity.trim().slice(0, RECEIVER_CITY_MAX),
          pageText: values.pageText.trim(),
          monthlyGoalCents: goal,
          showProgress,
        });
        setValues((current) => ({ ...current, pixKey: stored.pixKey ?? '', receiverName: stored.receiverName, receiverCity: stored.receiverCity }));
      },
      (error) =>
        isPermissionDenied(error) ? 'Só Administradores podem alterar o apoio com Pix.' : 'Erro ao salvar o apoio com Pix. Seus valores continuam no formulário: tente novamente.',
    );
  }

  const described = (field: Field, hint: boolean) => [hint ? `${field}-dica` : '', errors[field] ? `${field}-erro` : ''].filter(Boolean).join(' ') || undefined;
  const errorLine = (field: Field) =>
    errors[field] && (
      <p id={`${field}-erro`} className="mt-1 text-sm text-red-700">
        {errors[field]}
      </p>
    );

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-labelledby="apoio-pix" className="max-w-2xl space-y-5 rounded-lg bg-white p-6 shadow-sm">
      <h2 id="apoio-pix" className="text-lg font-semibold text-slate-900">
        Apoie com Pix
      </h2>
      <p className="text-sm text-slate-600">Leitores apoiam o jornal em /apoie com um código Pix desta chave. Deixe a chave em branco para fechar o apoio.</p>
      <div className="grid gap-4 sm:grid-cols-[12rem_1fr]">
        <div>
          <label htmlFor="pix-key-type" className="mb-1 block text-sm font-medium text-slate-800">
            Tipo de chave
          </label>
          <select
            id="pix-key-type"
            value={keyType}
            onChange={(event) => {
              setKeyType(event.target.value as PixKeyType);
              setErrors((current) => ({ ...current, pixKey: undefined }));
            }}
            className={input(false)}
          >
            {(Object.keys(PIX_KEY_TYPE_LABELS) as PixKeyType[]).map((type) => (
              <option key={type} value={type}>
                {PIX_KEY_TYPE_LABELS[type]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="pix-key" className="mb-1 block text-sm font-medium text-slate-800">
            Chave Pix da redação
          </label>
          <input
            id="pix-key"
            value={values.pixKey}
            onChange={(event) => set('pixKey', event.target.value)}
            aria-invalid={errors.pixKey ? true : undefined}
            aria-describedby={described('pixKey', false)}
            className={input(Boolean(errors.pixKey))}
          />
          {errorLine('pixKey')}
        </div>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor="receiver-name" className="mb-1 block text-sm font-medium text-slate-800">
            Nome do recebedor
          </label>
          <input
            id="receiver-name"
            value={values.receiverName}
            onChange={(event) => set('receiverName', event.target.value)}
            aria-invalid={errors.receiverName ? true : undefined}
            aria-describedby={described('receiverName', true)}
            className={input(Boolean(errors.receiverName))}
          />
          <p id="receiverName-dica" className="mt-1 text-xs text-slate-600">
            Como o banco registra a conta, até {RECEIVER_NAME_MAX} caracteres; acentos são retirados no código.
          </p>
          {errorLine('receiverName')}
        </div>
        <div>
          <label htmlFor="receiver-city" className="mb-1 block text-sm font-medium text-slate-800">
            Cidade do recebedor
          </label>
          <input
            id="receiver-city"
            value={values.receiverCity}
            onChange={(event) => set('receiverCity', event.target.value)}
            aria-invalid={errors.receiverCity ? true : undefined}
            aria-describedby={described('receiverCity', true)}
            className={input(Boolean(errors.receiverCity))}
          />
          <p id="receiverCity-dica" className="mt-1 text-xs text-slate-600">
            Até {RECEIVER_CITY_MAX} caracteres, como no cadastro do banco.
          </p>
          {errorLine('receiverCity')}
        </div>
      </div>
      <div>
        <label htmlFor="support-text" className="mb-1 block text-sm font-medium text-slate-800">
          Texto da página Apoie
        </label>
        <textarea
          id="support-text"
          rows={6}
          value={values.pageText}
          onChange={(event) => set('pageText', event.target.value)}
          aria-invalid={errors.pageText ? true : undefined}
          aria-describedby={described('pageText', true)}
          className={input(Boolean(errors.pageText))}
        />
        <p id="pageText-dica" className="mt-1 text-xs text-slate-600">
          Por que apoiar, nas palavras da redação. Separe parágrafos com uma linha em branco. Em branco, a página usa um texto padrão.
        </p>
        {errorLine('pageText')}
      </div>
      <div className="grid gap-4 sm:grid-cols-2 sm:items-end">
        <div>
          <label htmlFor="support-goal" className="mb-1 block text-sm font-medium text-slate-800">
            Meta mensal (R$)
          </label>
          <input
            id="support-goal"
            inputMode="decimal"
            value={values.goal}
            onChange={(event) => set('goal', event.target.value)}
            aria-invalid={errors.goal ? true : undefined}
            aria-describedby={described('goal', false)}
            className={input(Boolean(errors.goal))}
          />
          {errorLine('goal')}
        </div>
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input type="checkbox" checked={showProgress} onChange={(event) => setShowProgress(event.target.checked)} />
          Mostrar o progresso do mês na página Apoie
        </label>
      </div>
      {failure && <ErrorAlert>{failure}</ErrorAlert>}
      {saved && <SuccessNotice>Apoio com Pix salvo.</SuccessNotice>}
      <button type="submit" disabled={saving} className={primaryButton}>
        {saving ? 'Salvando...' : 'Salvar apoio com Pix'}
      </button>
    </form>
  );
}
