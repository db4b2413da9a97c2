import { Link } from 'react-router';
import { UserX } from 'lucide';
import { Icon } from '../../../components/ui/icon';
import { site } from '../../../config/site';
import { paths } from '../../../lib/paths';
import { primaryButton, secondaryButton } from '../../../components/ui/buttons';

/**
 * docs/decisions/0013: an administrator refused this sign-up (deleting the account) while its tab showed it waiting
 * for approval. Said in place of that notice; the layout ends the session the deleted account left behind.
 */
export function AccountRemovedNotice({ email }: { email: string }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-100 px-4 py-10">
      <title>{`Cadastro recusado | ${site.name}`}</title>
      <div className="w-full max-w-lg rounded-lg bg-white p-6 text-center shadow-md sm:p-8">
        <span className="mx-auto inline-flex h-12 w-12 items-center justify-center rounded-full bg-red-100 text-red-800">
          <Icon node={UserX} className="h-6 w-6" />
        </span>
        <h1 className="mt-4 text-2xl font-bold text-slate-900">Cadastro recusado</h1>
        <p className="mt-3 text-slate-700">
          O pedido de acesso da conta {email} foi recusado por um administrador do {site.name}, e a conta foi excluída.
          Você saiu do painel.
        </p>
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          <Link to={paths.home()} className={secondaryButton}>
            Ir para o site
          </Link>
          <Link to={paths.admin.register()} className={primaryButton}>
            Criar outra conta
          </Link>
        </div>
      </div>
    </main>
  );
}
