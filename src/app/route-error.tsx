import { Link, isRouteErrorResponse, useRouteError } from 'react-router';
import { paths } from '../lib/paths';

/** docs/product.md §2: a route error shows 'Unexpected Application Error!' with the status or message, and a way home. */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`.trim()
    : error instanceof Error
      ? error.message
      : String(error);
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <main className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-slate-900">Unexpected Application Error!</h1>
      <p className="mt-3 text-slate-600">{detail}</p>
      <Link to={paths.home()} className="mt-6 inline-block rounded bg-brand-800 px-4 py-2 font-medium text-white hover:bg-brand-700">
        Voltar para a página inicial
      </Link>
    </main>
  );
}
