import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ErrorAlert, SuccessNotice } from '../../../components/ui/alert-message';
import { dangerButton, secondaryButton } from '../../../components/ui/buttons';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { paths } from '../../../lib/paths';
import { signOut } from '../../../services/auth';
import { browserClient } from '../../../services/browser-client';
import { deleteOwnAccount, exportOwnData, isLastAdministrator, reportFileName } from '../../../services/data-rights';
import { PageHeader } from '../shared/page-header';
import { downloadJson } from './download-json';
import { WeeklySummaryChoice } from './weekly-summary-choice';

// 'Minha conta' (docs/decisions/0039): any signed-in account, pending ones too, downloads what the site holds about it
// and deletes itself. The database records both ('own_data_export', 'own_account_delete') and keeps the last
// administrator.

export const ACCOUNT_TITLE = 'Minha conta';
export const EXPORT_FAILED = 'Erro ao gerar o arquivo com seus dados. Tente novamente.';
export const DELETE_FAILED = 'Erro ao excluir a conta. Nada foi excluído: tente novamente.';
export const LAST_ADMIN = 'Você é o único Administrador: promova outra conta a Administrador antes de excluir a sua.';

export function Component() {
  const navigate = useNavigate();
  const [busy, setBusy] = useState<'export' | 'delete' | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  async function exportMine() {
    setBusy('export');
    setFailure(null);
    try {
      downloadJson(reportFileName('minha-conta'), await exportOwnData(browserClient()));
      setNotice('Arquivo JSON com seus dados gerado.');
    } catch (error) {
      console.error(error);
      setFailure(EXPORT_FAILED);
    } finally {
      setBusy(null);
    }
  }

  async function deleteMine() {
    setBusy('delete');
    setFailure(null);
    try {
      await deleteOwnAccount(browserClient());
      await signOut(browserClient()).catch((error: unknown) => console.error(error));
      void navigate(paths.admin.login(), { replace: true });
    } catch (error) {
      if (!isLastAdministrator(error)) console.error(error);
      setFailure(isLastAdministrator(error) ? LAST_ADMIN : DELETE_FAILED);
      setBusy(null);
      setConfirming(false);
    }
  }

  return (
    <div className="space-y-6">
      <PageHeader title={ACCOUNT_TITLE} />
      <section className="max-w-2xl space-y-3 rounded-lg bg-white p-6 shadow-sm">
        <h2 className="text-lg font-semibold text-slate-900">Seus dados</h2>
        <p className="text-sm text-slate-700">
          Baixe um arquivo JSON com o que o site guarda sobre sua conta: nome, e-mail, função, seu registro de atividades no painel e a
          lista de notícias de sua autoria.
        </p>
        <button type="button" disabled={busy !== null} onClick={() => void exportMine()} className={secondaryButton}>
          {busy === 'export' ? 'Gerando...' : 'Baixar meus dados (JSON)'}
        </button>
      </section>
      <WeeklySummaryChoice />
      <section className="max-w-2xl space-y-3 rounded-lg bg-white p-6 shadow-sm">
        <h2 className="text-lg font-semibold text-slate-900">Excluir conta</h2>
        <p className="text-sm text-slate-700">
          Sua conta e seu acesso ao painel deixam de existir. As notícias de sua autoria continuam publicadas, sem vínculo com a conta; o
          registro de atividades guarda seu nome por até 1 ano, como exige a segurança do site.
        </p>
        <button type="button" disabled={busy !== null} onClick={() => setConfirming(true)} className={dangerButton}>
          Excluir minha conta
        </button>
      </section>
      {failure && <ErrorAlert>{failure}</ErrorAlert>}
      {notice && <SuccessNotice>{notice}</SuccessNotice>}
      <ConfirmDialog
        open={confirming}
        title="Excluir minha conta"
        message="Excluir sua conta para sempre? Você perderá o acesso ao painel. Isso não pode ser desfeito."
        confirmLabel="Excluir conta"
        busy={busy === 'delete'}
        onConfirm={() => void deleteMine()}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
