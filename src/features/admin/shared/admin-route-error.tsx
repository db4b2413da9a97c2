import { Link, isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFoundError } from '../../../services/errors';
import { paths } from '../../../lib/paths';

/**
 * "Not found" inside the admin layout, with a way back. An edit address whose row does not exist (deleted, or a
 * stale link) is an expected state: the screens render this directly and log nothing.
 */
export function RecordNotFound() {
  return (
    <AdminDeadEnd title="Registro não encontrado">O item procurado não existe ou foi excluído.</AdminDeadEnd>
  );
}

/**
 * The error element of the admin screens, rendered inside the admin layout: a 404 response (or a NotFoundError
 * that escaped a screen) is "not found"; anything else is SPEC §2's generic route error, and goes to the console.
 */
export function AdminRouteError() {
  const error = useRouteError();
  if (error instanceof NotFoundError || (isRouteErrorResponse(error) && error.status === 404)) return <RecordNotFound />;
  console.error(error);
  return (
    <AdminDeadEnd title="Unexpected Application Error!">
      {isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error instanceof Error ? error.message : String(error)}
    </AdminDeadEnd>
  );
}

function AdminDeadEnd({ title, children }: { title: string; children: string }) {
  return (
    <div className="mx-auto max-w-xl py-12 text-center">
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <p className="mt-3 text-slate-700">{children}</p>
      <Link to={paths.admin.root()} className="mt-6 inline-block rounded-md bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-800">
        Voltar ao painel
      </Link>
    </div>
  );
}
