import { Link } from 'react-router';
import { formatDate } from '../../../lib/dates';
import { correctionsMeta } from '../../../lib/corrections-meta';
import { paths } from '../../../lib/paths';
import type { PageCursor } from '../../../services/admin-paging';
import type { CorrectionNotice, CorrectionPage } from '../../../services/corrections';
import { Deferred } from '../components/deferred';
import { EntryList } from '../components/entry-list';
import { LoadMoreList } from '../components/paged-list';
import { useDocumentMeta } from '../components/use-document-meta';
import { RetryAlert } from '../components/retry-alert';

interface CorrectionsPageProps {
  corrections: Promise<CorrectionPage>;
  loadPage: (after: PageCursor) => Promise<CorrectionPage>;
}

/** /correcoes: the newest corrections of published stories, 'Carregar mais' for older ones (docs/decisions/0038). */
export function CorrectionsPage({ corrections, loadPage }: CorrectionsPageProps) {
  useDocumentMeta(correctionsMeta.title, correctionsMeta.description);
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <header>
        <h1 className="font-serif text-3xl font-bold text-slate-900">Correções</h1>
        <p className="mt-1 text-slate-700">
          Quando erramos, corrigimos às claras: cada correção fica no fim da notícia e é listada aqui.
        </p>
      </header>
      <Deferred
        promise={corrections}
        fallback={<CorrectionListSkeleton />}
        errorElement={<RetryAlert>Não foi possível carregar as correções agora.</RetryAlert>}
      >
        {(first) => (
          <LoadMoreList first={first} loadMore={loadPage}>
            {(loaded) => (
              <EntryList entries={loaded} empty="Nenhuma correção publicada até agora." className="space-y-4">
                {(correction) => <CorrectionSummary correction={correction} />}
              </EntryList>
            )}
          </LoadMoreList>
        )}
      </Deferred>
    </div>
  );
}

function CorrectionSummary({ correction }: { correction: CorrectionNotice }) {
  const story = correction.publications;
  return (
    <article className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      <p className="text-sm font-semibold text-slate-600">
        <time dateTime={correction.corrected_at}>{formatDate(correction.correctedOn)}</time>
      </p>
      {story && (
        <h2 className="mt-1 text-lg font-bold text-slate-900">
          <Link to={paths.article(story.id, story.title)} className="hover:text-brand-700 hover:underline">
            {story.title}
          </Link>
        </h2>
      )}
      <p className="mt-2 text-slate-800">
        <span className="font-semibold">O que estava errado:</span> {correction.wrong}
      </p>
      <p className="mt-1 text-slate-800">
        <span className="font-semibold">O que está correto:</span> {correction.correct}
      </p>
    </article>
  );
}

function CorrectionListSkeleton() {
  return (
    <div role="status" className="space-y-4">
      <span className="sr-only">Carregando correções...</span>
      {Array.from({ length: 3 }, (_, index) => (
        <div key={index} aria-hidden="true" className="h-36 animate-pulse rounded-lg bg-slate-100" />
      ))}
    </div>
  );
}
