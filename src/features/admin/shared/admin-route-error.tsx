import { Link, isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFoundError } from '../../../services/errors';
import { paths } from '../../../lib/paths';

/**
 * The error element of the admin screens, rendered inside the admin layout: a missing row (NotFoundError, or a
 * 404 response) is "not found" with a way back; anything else is SPEC §2's generic route error.
 */
export function AdminRouteError() {
  const error = useRouteError();
  const notFound = error instanceof NotFoundError || (isRouteErrorResponse(error) && error.status === 404);
  if (!notFound) console.error(error);
  return (
    <div className="mx-auto max-w-xl py-12 text-center">
      <h1 className="text-2xl font-bold text-slate-900">{notFound ? 'Registro não encontrado' : 'Unexpected Application Error!'}</h1>
      <p className="mt-3 text-slate-700">
        {notFound
          ? 'O item procurado não existe ou foi excluído.'
          : isRouteErrorResponse(error)
            ? `${error.status} ${error.statusText}`
            : error instanceof Error
              ? error.message
              : String(error)}
      </p>
      <Link to={paths.admin.root()} className="mt-6 inline-block rounded-md bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-800">
        Voltar ao painel
      </Link>
    </div>
  );
}
