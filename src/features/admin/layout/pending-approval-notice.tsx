import { useEffect } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { Clock, LogOut, RefreshCw } from 'lucide';
import { Icon } from '../../../components/ui/icon';
import { site } from '../../../config/site';
import { primaryButton, secondaryButton } from '../../../components/ui/buttons';

interface PendingApprovalNoticeProps {
  email: string;
  onCheckAgain: () => void;
  onSignOut: () => void;
  checking?: boolean;
}

/**
 * docs/decisions/0001: a new account sees, instead of the management screens, that it waits for an administrator. It
 * checks again by itself when its tab comes back into view, so a tab left open learns of an approval or a refusal.
 */
export function PendingApprovalNotice({ email, onCheckAgain, onSignOut, checking = false }: PendingApprovalNoticeProps) {
  useEffect(() => {
    const checkWhenShown = () => {
      if (document.visibilityState === 'visible') onCheckAgain();
    };
    document.addEventListener('visibilitychange', checkWhenShown);
    return () => document.removeEventListener('visibilitychange', checkWhenShown);
  }, [onCheckAgain]);
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-100 px-4 py-10">
      <title>{`Aguardando aprovação | ${site.name}`}</title>
      <div className="w-full max-w-lg rounded-lg bg-white p-6 text-center shadow-md sm:p-8">
        <span className="mx-auto inline-flex h-12 w-12 items-center justify-center rounded-full bg-amber-100 text-amber-800">
          <Icon node={Clock} className="h-6 w-6" />
        </span>
        <h1 className="mt-4 text-2xl font-bold text-slate-900">Conta aguardando aprovação</h1>
        <p className="mt-3 text-slate-700">
          Sua conta ({email}) foi criada, mas ainda precisa ser aprovada por um administrador do {site.name}. Assim que for
          aprovada, você poderá gerenciar publicações, tópicos, obituários e vagas.
        </p>
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          <button type="button" onClick={onCheckAgain} disabled={checking} className={secondaryButton}>
            <Icon node={RefreshCw} className="h-4 w-4" />
            {checking ? 'Verificando...' : 'Verificar novamente'}
          </button>
          <button type="button" onClick={onSignOut} className={primaryButton}>
            <Icon node={LogOut} className="h-4 w-4" />
            Sair
          </button>
        </div>
        <p className="mt-4 text-sm">
          <Link to={paths.admin.account()} className="font-medium text-brand-700 underline hover:text-brand-900">
            Minha conta: baixar meus dados ou excluir a conta
          </Link>
        </p>
      </div>
    </main>
  );
}
