import type { ReactNode } from 'react';
import { Link, isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFoundError } from '../../../services/errors';
import { paths } from '../../../lib/paths';
import { ErrorAlert } from '../../../components/ui/alert-message';
import { LoadFailure } from './route-data';

/**
 * "Not found" inside the admin layout, with a way back. An edit address whose row does not exist (deleted, or a
 * stale link) is an expected state: its loader throws a 404, which renders this and logs nothing.
 */
export function RecordNotFound() {
  return (
    <AdminDeadEnd title="Registro não encontrado">O item procurado não existe ou foi excluído.</AdminDeadEnd>
  );
}

/**
 * A screen the signed-in role may not use (docs/decisions/0037): its loader refused before any request (403). Also
 * what a pending account's screen would say, though the layout shows the approval notice instead.
 */
export function NoPermission() {
  return (
    <AdminDeadEnd title="Sem permissão">
      Sua conta não tem permissão para usar esta área do painel. Se precisar dela, fale com um administrador.
    </AdminDeadEnd>
  );
}

type LoadFailureView =
  /** The screen's header, with the message under it. */
  | { header: ReactNode }
  /** The screen as it looks without its data, the message where the data would have been. */
  | { onLoadFailure: (message: string) => ReactNode };

/**
 * The error element of the admin screens, rendered inside the admin layout: a 404 (or a NotFoundError that escaped
 * a loader) is "not found"; a load failure is the screen's own message, where its data would have been (the loader
 * has logged it); anything else is docs/product.md §2's generic route error, and goes to the console.
 */
export function AdminRouteError(view: LoadFailureView) {
  const error = useRouteError();
  if (error instanceof NotFoundError || (isRouteErrorResponse(error) && error.status === 404)) return <RecordNotFound />;
  if (isRouteErrorResponse(error) && error.status === 403) return <NoPermission />;
  if (error instanceof LoadFailure) {
    if ('onLoadFailure' in view) return view.onLoadFailure(error.message);
    return (
      <>
        {view.header}
        <ErrorAlert>{error.message}</ErrorAlert>
      </>
    );
  }
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
