import { useState, type FormEvent, type ReactNode } from 'react';
import type { LoaderFunctionArgs } from 'react-router';
import { ErrorAlert, SuccessNotice } from '../../../components/ui/alert-message';
import { dangerButton, primaryButton, secondaryButton } from '../../../components/ui/buttons';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { browserClient } from '../../../services/browser-client';
import {
  eraseDataSubject,
  exportDataSubject,
  isEmptyReport,
  isInvalidSubjectEmail,
  isLastAdministrator,
  isNotAdministrator,
  lookupDataSubject,
  reportFileName,
  type DataSubjectReport,
  type ErasureCounts,
} from '../../../services/data-rights';
import { requireAdmin } from '../auth/admin-access';
import { AdminRouteError } from '../shared/admin-route-error';
import { PageHeader } from '../shared/page-header';
import { ROLE_LABELS } from '../auth/permissions';
import { downloadJson } from './download-json';

// 'Direitos dos titulares' (LGPD art. 18; docs/decisions/0039): an administrator types an e-mail address and sees
// everything the site holds about it, exports it as JSON or erases it. The database records each step in the audit
// log ('data_lookup', 'data_export', 'data_erasure') and refuses anyone but an administrator.

export const RIGHTS_TITLE = 'Direitos dos titulares';
export const INVALID_EMAIL = 'Digite um endereço de e-mail válido, como nome@exemplo.com.';
export const NOT_ADMIN = 'Só Administradores podem consultar, exportar ou apagar dados de titulares.';
export const LOOKUP_FAILED = 'Erro ao consultar os dados. Tente novamente.';
export const EXPORT_FAILED = 'Erro ao exportar os dados. Tente novamente.';
export const ERASE_FAILED = 'Erro ao apagar os dados. Nada foi perdido pela metade: tente novamente para concluir.';
export const LAST_ADMIN = 'Esta é a única conta de Administrador: ela não pode ser apagada. Promova outra conta antes.';

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return null;
}

function failureMessage(error: unknown, fallback: string): string {
  if (isInvalidSubjectEmail(error)) return INVALID_EMAIL;
  if (isLastAdministrator(error)) return LAST_ADMIN;
  if (isNotAdministrator(error)) return NOT_ADMIN;
  return fallback;
}

const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('pt-BR', { timeZone: 'America/Sao_Paulo', dateStyle: 'short', timeStyle: 'short' }) : '—';

function Found({ title, count, children }: { title: string; count: number; children: ReactNode }) {
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <h2 className="font-semibold text-slate-900">
        {title} <span className="font-normal text-slate-600">({count})</span>
      </h2>
      {count === 0 ? <p className="mt-1 text-sm text-slate-600">Nada encontrado.</p> : <div className="mt-2 space-y-2 text-sm text-slate-800">{children}</div>}
    </section>
  );
}

function ReportView({ report }: { report: DataSubjectReport }) {
  const { account, newsletter_subscription: subscription } = report;
  return (
    <div className="space-y-4" aria-label={`Dados de ${report.email}`} role="region">
      <Found title="Conta no painel" count={account ? 1 : 0}>
        {account && (
          <>
            <p>
              <strong>{account.name || '(sem nome)'}</strong> · {account.email} · função {ROLE_LABELS[account.role]} · criada em {when(account.created_at)}
            </p>
            <p>
              {account.authored_stories.length} notícia(s) de sua autoria; {account.audit_entries.length} registro(s) de atividade.
              {account.weekly_audience_summary && <> Recebe o resumo semanal de audiência por e-mail desde {when(account.weekly_audience_summary.since)}.</>}
            </p>
            <p className="text-slate-600">
              Ao apagar, a conta e o acesso deixam de existir. As notícias de sua autoria continuam publicadas, sem autor vinculado
              (a assinatura impressa permanece, como obra jornalística); o registro de atividades guarda o nome por 1 ano.
            </p>
          </>
        )}
      </Found>
      <Found title="Pedidos de mídia kit" count={report.media_kit_requests.length}>
        <ul className="list-disc pl-5">
          {report.media_kit_requests.map((request) => (
            <li key={request.id}>
              {request.name} · {request.company} · {request.phone} · enviado em {when(request.created_at)}
              {request.handled_at ? ` · atendido em ${when(request.handled_at)}` : ' · novo'}
            </li>
          ))}
        </ul>
      </Found>
      <Found title="Inscrição no resumo diário" count={subscription ? 1 : 0}>
        {subscription && (
          <>
            <p>
              {subscription.confirmed_at ? `Confirmada em ${when(subscription.confirmed_at)}` : 'Aguardando confirmação'} · inscrita na
              página {subscription.consent_page} em {when(subscription.consented_at)}
            </p>
            <p>Consentimento registrado: &ldquo;{subscription.consent_text}&rdquo;</p>
          </>
        )}
      </Found>
      <Found title="Sugestões de pauta" count={report.news_tips.length}>
        <ul className="list-disc pl-5">
          {report.news_tips.map((tip) => (
            <li key={tip.id}>
              {tip.place}: {tip.what_happened.slice(0, 120)}
              {tip.what_happened.length > 120 ? '…' : ''} · contato {tip.sender_contact} · {tip.photo_paths.length} foto(s) · enviada em{' '}
              {when(tip.created_at)}
            </li>
          ))}
        </ul>
      </Found>
      <Found title="Apoios por Pix" count={report.support_intents.length + (report.support_reminder ? 1 : 0)}>
        <ul className="list-disc pl-5">
          {report.support_intents.map((intent) => (
            <li key={intent.id}>
              {intent.txid} · {(intent.amount_cents / 100).toFixed(2).replace('.', ',')} reais · {intent.status} · gerado em {when(intent.created_at)}
            </li>
          ))}
          {report.support_reminder && <li>Lembrete mensal ativo, próximo em {when(report.support_reminder.next_at)}</li>}
        </ul>
      </Found>
    </div>
  );
}

export function Component() {
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const [report, setReport] = useState<DataSubjectReport | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState<'lookup' | 'export' | 'erase' | null>(null);
  const [confirming, setConfirming] = useState(false);

  async function lookup(event: FormEvent) {
    event.preventDefault();
    setNotice(null);
    setFailure(null);
    if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email.trim())) {
      setInvalid(INVALID_EMAIL);
      return;
    }
    setInvalid(null);
    setBusy('lookup');
    try {
      setReport(await lookupDataSubject(browserClient(), email));
    } catch (error) {
      console.error(error);
      setFailure(failureMessage(error, LOOKUP_FAILED));
    } finally {
      setBusy(null);
    }
  }

  async function exportAll() {
    if (!report) return;
    setBusy('export');
    setFailure(null);
    try {
      downloadJson(reportFileName('titular'), await exportDataSubject(browserClient(), report.email));
      setNotice('Arquivo JSON gerado com todos os dados encontrados.');
    } catch (error) {
      console.error(error);
      setFailure(failureMessage(error, EXPORT_FAILED));
    } finally {
      setBusy(null);
    }
  }

  async function eraseAll() {
    if (!report) return;
    setBusy('erase');
    setFailure(null);
    try {
      const counts: ErasureCounts = await eraseDataSubject(browserClient(), report.email);
      setNotice(
        `Dados de ${report.email} apagados: ${counts.media_kit_requests} pedido(s) de mídia kit, ${counts.news_tips} sugestão(ões) de pauta` +
          `${counts.support_intents > 0 ? `, ${counts.support_intents} apoio(s) por Pix` : ''}` +
          `${counts.newsletter_subscription ? ', a inscrição no resumo' : ''}${counts.account ? ' e a conta no painel' : ''}.`,
      );
      setReport(await lookupDataSubject(browserClient(), report.email));
    } catch (error) {
      console.error(error);
      setFailure(failureMessage(error, ERASE_FAILED));
    } finally {
      setBusy(null);
      setConfirming(false);
    }
  }

  return (
    <div className="space-y-6">
      <PageHeader title={RIGHTS_TITLE} />
      <p className="max-w-3xl text-sm text-slate-700">
        Atenda aos pedidos de acesso, portabilidade e eliminação (LGPD, art. 18): digite o e-mail de quem pediu para ver tudo o que o
        site guarda sobre esse endereço. Cada consulta, exportação e eliminação fica no registro de auditoria.
      </p>
      <p className="max-w-3xl text-sm text-slate-700">
        A medição de audiência não entra na busca: ela não guarda e-mail, endereço de internet nem navegador, só totais por dia; os
        resumos diários de leitores são apagados em até 48 horas e não podem ser ligados a uma pessoa.
      </p>
      <form noValidate onSubmit={(event) => void lookup(event)} className="flex max-w-2xl flex-wrap items-end gap-3">
        <div className="min-w-64 flex-1">
          <label htmlFor="titular-email" className="mb-1 block text-sm font-medium text-slate-800">
            E-mail do titular
          </label>
          <input
            id="titular-email"
            type="email"
            autoComplete="off"
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              setInvalid(null);
            }}
            aria-invalid={invalid ? true : undefined}
            aria-describedby={invalid ? 'titular-email-erro' : undefined}
            className={`block w-full rounded-md border bg-white px-3 py-2 ${invalid ? 'border-red-600' : 'border-slate-300'}`}
          />
          {invalid && (
            <p id="titular-email-erro" className="mt-1 text-sm text-red-700">
              {invalid}
            </p>
          )}
        </div>
        <button type="submit" disabled={busy !== null} className={primaryButton}>
          {busy === 'lookup' ? 'Buscando...' : 'Buscar'}
        </button>
      </form>
      {failure && <ErrorAlert>{failure}</ErrorAlert>}
      {notice && <SuccessNotice>{notice}</SuccessNotice>}
      {report &&
        (isEmptyReport(report) ? (
          <p role="status" className="rounded-md bg-slate-50 p-4 text-slate-800">
            Nenhum dado encontrado para <strong>{report.email}</strong>.
          </p>
        ) : (
          <>
            <ReportView report={report} />
            <div className="flex flex-wrap gap-3">
              <button type="button" disabled={busy !== null} onClick={() => void exportAll()} className={secondaryButton}>
                {busy === 'export' ? 'Exportando...' : 'Exportar JSON'}
              </button>
              <button type="button" disabled={busy !== null} onClick={() => setConfirming(true)} className={dangerButton}>
                Apagar tudo
              </button>
            </div>
          </>
        ))}
      <ConfirmDialog
        open={confirming}
        title="Apagar todos os dados"
        message={`Apagar tudo o que o site guarda sobre ${report?.email ?? ''}? Pedidos de mídia kit, inscrição no resumo, sugestões de pauta (com as fotos) e a conta no painel serão excluídos. Isso não pode ser desfeito.`}
        confirmLabel="Apagar tudo"
        busy={busy === 'erase'}
        onConfirm={() => void eraseAll()}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError header={<PageHeader title={RIGHTS_TITLE} />} />;
}
