import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { secondaryButton } from '../../../components/ui/buttons';
import { useDocumentMeta } from '../components/use-document-meta';
import { BackLink } from './article-layout';
import type { BackTarget } from './use-back-to-news';

interface ArticleUnavailableProps {
  title: string;
  message: string;
  back: BackTarget;
  /** For a failed load: 'Tentar novamente' asks for the story again. */
  onRetry?: () => void;
}

/** A clear dead end with ways out: unknown or unpublished publication, expired external link, failed load. */
export function ArticleUnavailable({ title, message, back, onRetry }: ArticleUnavailableProps) {
  useDocumentMeta(title);
  return (
    <div className="mx-auto max-w-3xl">
      <BackLink back={back} />
      <div className="mt-8 rounded-lg border border-slate-200 bg-white p-8 text-center">
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        <p className="mt-3 text-slate-700">{message}</p>
        <div className="mt-6 flex flex-wrap items-center justify-center gap-3">
          {onRetry && (
            <button type="button" onClick={onRetry} className={secondaryButton}>
              Tentar novamente
            </button>
          )}
          <Link to={paths.home()} className="inline-block rounded-md bg-brand-800 px-4 py-2 font-medium text-white hover:bg-brand-700">
            Ir para a página inicial
          </Link>
        </div>
      </div>
    </div>
  );
}
