import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { useDocumentMeta } from './use-document-meta';

interface ReaderNotFoundProps {
  title: string;
  message: string;
  /** The list this page belongs to ('Ver todas as vagas'). */
  back: { to: string; label: string };
}

/** An unknown or unpublished job or obituary: a clear dead end with its list and the home page as ways out. */
export function ReaderNotFound({ title, message, back }: ReaderNotFoundProps) {
  useDocumentMeta(title);
  return (
    <div className="mx-auto max-w-3xl rounded-lg border border-slate-200 bg-white p-8 text-center">
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <p className="mt-3 text-slate-700">{message}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Link to={back.to} className="inline-block rounded-md bg-brand-800 px-4 py-2 font-medium text-white hover:bg-brand-700">
          {back.label}
        </Link>
        <Link to={paths.home()} className="inline-block rounded-md border border-slate-300 px-4 py-2 font-medium text-slate-800 hover:bg-slate-50">
          Ir para a página inicial
        </Link>
      </div>
    </div>
  );
}
