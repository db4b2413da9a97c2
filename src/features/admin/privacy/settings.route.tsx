import type { FormEvent } from 'react';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { ErrorAlert, SuccessNotice } from '../../../components/ui/alert-message';
import { primaryButton } from '../../../components/ui/buttons';
import { browserClient } from '../../../services/browser-client';
import { isPermissionDenied } from '../../../services/errors';
import { getSiteSettings, RETENTION_LIMITS, saveSiteSettings, type SiteSettingsInput } from '../../../services/site-settings';
import { getSupportSettings } from '../../../services/support/support';
import { SupportSettingsForm } from '../support/support-settings-form';
import { requireAdmin } from '../auth/admin-access';
import { AdminRouteError } from '../shared/admin-route-error';
import { PageHeader } from '../shared/page-header';
import { useSettingsForm } from '../shared/use-settings-form';
import { loadScreenData } from '../shared/route-data';

// 'Configurações' (docs/decisions/0039): who answers for the readers' data and how long each kind is kept, printed on
// the privacy page and followed by the retention job. Administrators only (the database's policy); every change is in
// the audit log ('settings_change').

export const SETTINGS_TITLE = 'Configurações';
export const SAVE_FAILED = 'Erro ao salvar as configurações. Seus valores continuam no formulário: tente novamente.';
export const NOT_ADMIN = 'Só Administradores podem alterar as configurações.';

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return loadScreenData('Erro ao carregar as configurações.', async () => {
    const [settings, support] = await Promise.all([getSiteSettings(browserClient()), getSupportSettings(browserClient())]);
    return { ...settings, support };
  });
}

type Field = keyof SiteSettingsInput;
type Values = Record<Field, string>;
type Errors = Partial<Record<Field, string>>;

const PERIODS: { field: keyof typeof RETENTION_LIMITS; label: string; unit: string }[] = [
  { field: 'media_kit_retention_months', label: 'Pedidos de mídia kit: apagar depois de atendidos há', unit: 'meses' },
  { field: 'news_tip_retention_months', label: 'Sugestões de pauta: apagar depois de lidas ou usadas há', unit: 'meses' },
  { field: 'unconfirmed_newsletter_days', label: 'Inscrições no resumo não confirmadas: apagar depois de', unit: 'dias' },
];

function validate(values: Values): Errors {
  const errors: Errors = {};
  if (values.controller_name.trim().length > 200) errors.controller_name = 'Use no máximo 200 caracteres.';
  if (values.controller_address.trim().length > 300) errors.controller_address = 'Use no máximo 300 caracteres.';
  const email = values.privacy_email.trim();
  if (email && (email.length > 254 || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email))) {
    errors.privacy_email = 'Digite um e-mail válido, como privacidade@exemplo.com.br, ou deixe em branco.';
  }
  for (const { field, unit } of PERIODS) {
    const { min, max } = RETENTION_LIMITS[field];
    const n = Number(values[field]);
    if (!/^\d+$/.test(values[field].trim()) || n < min || n > max) errors[field] = `Digite um número inteiro de ${min} a ${max} ${unit}.`;
  }
  return errors;
}

const input = (invalid: boolean) =>
  `block w-full rounded-md border bg-white px-3 py-2 text-slate-900 ${invalid ? 'border-red-600' : 'border-slate-300'}`;

export function Component() {
  const loaded = useLoaderData<typeof loader>();
  const { save, values, set, errors, failure, saved, saving } = useSettingsForm<Field>({
    controller_name: loaded.controller_name,
    controller_address: loaded.controller_address,
    privacy_email: loaded.privacy_email,
    media_kit_retention_months: String(loaded.media_kit_retention_months),
    news_tip_retention_months: String(loaded.news_tip_retention_months),
    unconfirmed_newsletter_days: String(loaded.unconfirmed_newsletter_days),
  });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    await save(
      form,
      validate(values),
      () =>
        saveSiteSettings(browserClient(), {
          controller_name: values.controller_name,
          controller_address: values.controller_address,
          privacy_email: values.privacy_email,
          media_kit_retention_months: Number(values.media_kit_retention_months),
          news_tip_retention_months: Number(values.news_tip_retention_months),
          unconfirmed_newsletter_days: Number(values.unconfirmed_newsletter_days),
        }),
      (error) => (isPermissionDenied(error) ? NOT_ADMIN : SAVE_FAILED),
    );
  }

  const text = (field: 'controller_name' | 'controller_address' | 'privacy_email', label: string, hint: string, type = 'text') => (
    <div>
      <label htmlFor={field} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={field}
        type={type}
        value={values[field]}
        onChange={(event) => set(field, event.target.value)}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={`${field}-dica${errors[field] ? ` ${field}-erro` : ''}`}
        className={input(Boolean(errors[field]))}
      />
      <p id={`${field}-dica`} className="mt-1 text-xs text-slate-600">
        {hint}
      </p>
      {errors[field] && (
        <p id={`${field}-erro`} className="mt-1 text-sm text-red-700">
          {errors[field]}
        </p>
      )}
    </div>
  );

  return (
    <div className="space-y-6">
      <PageHeader title={SETTINGS_TITLE} />
      <form noValidate onSubmit={(event) => void submit(event)} className="max-w-2xl space-y-6 rounded-lg bg-white p-6 shadow-sm">
        <fieldset className="space-y-4">
          <legend className="text-lg font-semibold text-slate-900">Privacidade: quem responde pelos dados</legend>
          {text('controller_name', 'Controlador (razão social)', 'Aparece na Política de Privacidade. Em branco, a política diz apenas "a empresa responsável pelo site".')}
          {text('controller_address', 'Endereço do controlador', 'Opcional.')}
          {text('privacy_email', 'E-mail para pedidos de privacidade (encarregado)', 'Em branco, a política indica o e-mail de contato do jornal.', 'email')}
        </fieldset>
        <fieldset className="space-y-4">
          <legend className="text-lg font-semibold text-slate-900">Retenção: por quanto tempo guardar</legend>
          {PERIODS.map(({ field, label, unit }) => (
            <div key={field}>
              <label htmlFor={field} className="mb-1 block text-sm font-medium text-slate-800">
                {label} ({unit})
              </label>
              <input
                id={field}
                inputMode="numeric"
                value={values[field]}
                onChange={(event) => set(field, event.target.value)}
                aria-invalid={errors[field] ? true : undefined}
                aria-describedby={errors[field] ? `${field}-erro` : undefined}
                className={`${input(Boolean(errors[field]))} max-w-32`}
              />
              {errors[field] && (
                <p id={`${field}-erro`} className="mt-1 text-sm text-red-700">
                  {errors[field]}
                </p>
              )}
            </div>
          ))}
          <p className="text-xs text-slate-600">
            A limpeza roda a cada hora. Contadores anônimos somem ao fim da janela de cada um; o registro de auditoria é guardado por 1 ano.
          </p>
        </fieldset>
        {failure && <ErrorAlert>{failure}</ErrorAlert>}
        {saved && <SuccessNotice>Configurações salvas.</SuccessNotice>}
        <button type="submit" disabled={saving} className={primaryButton}>
          {saving ? 'Salvando...' : 'Salvar'}
        </button>
      </form>
      <SupportSettingsForm initial={loaded.support} />
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError header={<PageHeader title={SETTINGS_TITLE} />} />;
}
