import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { isScheduled, scheduledLabel } from './publication-state';

export interface PreviewState {
  published: boolean;
  published_at: string | null;
}

/**
 * Whether readers can open the story's address now: published and its time come. The preview offers sharing only
 * then (ArticleView's shareUrl), since a draft's or a scheduled story's address answers 'not found' to them.
 */
export function readersCanOpen(state: PreviewState, now: Date = new Date()): boolean {
  return state.published && !isScheduled(state, now);
}

/** What readers see of the story today, in the banner's words. */
function visibility(state: PreviewState, now: Date): string {
  const scheduled = scheduledLabel(state, now);
  if (scheduled) return `${scheduled} (horário de São Paulo): os leitores ainda não a veem.`;
  if (!state.published) return 'Rascunho: os leitores não a veem.';
  return 'Publicada: os leitores já a veem.';
}

/**
 * The preview's marker (docs/product.md §12, docs/decisions/0014): it says the page is a preview and whether readers can see
 * the story yet. The reader's article view goes under it (src/app/publication-preview.route.tsx puts them together:
 * admin and reader features do not import each other).
 */
export function PreviewBanner({ id, state, now = new Date() }: { id: string; state: PreviewState; now?: Date }) {
  return (
    <div
      role="region"
      aria-label="Pré-visualização"
      className="mb-6 flex flex-wrap items-center justify-between gap-3 rounded-md border-2 border-dashed border-amber-400 bg-amber-50 px-4 py-3 text-amber-950"
    >
      <p className="text-sm">
        <strong className="mr-2 inline-block rounded bg-amber-400 px-2 py-0.5 text-xs font-bold uppercase tracking-wide text-amber-950">
          Pré-visualização
        </strong>
        {visibility(state, now)}
      </p>
      <Link to={paths.admin.publicationEdit(id)} className="text-sm font-semibold underline hover:no-underline">
        Editar publicação
      </Link>
    </div>
  );
}
