import { formatSaoPauloDateTime } from '../../../lib/dates';
import { secondaryButton } from '../../../components/ui/buttons';
import type { NewsTipWithPhotos } from '../../../services/news-tip-admin';
import type { NewsTipStatus } from '../../../types/database';

/** How the newsroom names each status, as a badge and as the filter's tab. */
export const STATUS_LABELS: Record<NewsTipStatus, { badge: string; tab: string; empty: string }> = {
  new: { badge: 'Nova', tab: 'Novas', empty: 'Nenhuma sugestão nova.' },
  read: { badge: 'Lida', tab: 'Lidas', empty: 'Nenhuma sugestão lida.' },
  used: { badge: 'Usada', tab: 'Usadas', empty: 'Nenhuma sugestão usada.' },
};

const BADGE_CLASS: Record<NewsTipStatus, string> = {
  new: 'bg-amber-100 text-amber-900',
  read: 'bg-slate-200 text-slate-800',
  used: 'bg-green-100 text-green-800',
};

/** The first words of a tip, to name it in a button's label or the delete's question. */
export function tipExcerpt(tip: Pick<NewsTipWithPhotos, 'what_happened'>, length = 60): string {
  const text = tip.what_happened.replace(/\s+/g, ' ').trim();
  return text.length > length ? `${text.slice(0, length - 1).trimEnd()}…` : text;
}

/** A phone or an e-mail as a link the newsroom can use at once; anything else as text. */
function ContactLink({ contact }: { contact: string }) {
  if (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(contact)) {
    return (
      <a href={`mailto:${contact}`} className="text-brand-700 underline">
        {contact}
      </a>
    );
  }
  const digits = contact.replace(/[^\d+]/g, '');
  if (digits.replace('+', '').length >= 8) {
    return (
      <a href={`tel:${digits}`} className="text-brand-700 underline">
        {contact}
      </a>
    );
  }
  return <>{contact}</>;
}

interface NewsTipListProps {
  tips: readonly NewsTipWithPhotos[];
  status: NewsTipStatus;
  /** The tip whose change or delete is under way: its buttons are disabled. */
  busyId?: string | null;
  onSetStatus: (tip: NewsTipWithPhotos, status: NewsTipStatus) => void;
  onDelete: (tip: NewsTipWithPhotos) => void;
}

/**
 * docs/product.md §15: the tips of one status, newest first (the service orders them), each with what happened, where,
 * who sent it, when, and its photos (thumbnails opening the full photo through its signed address).
 */
export function NewsTipList({ tips, status, busyId = null, onSetStatus, onDelete }: NewsTipListProps) {
  if (tips.length === 0) return <p className="rounded-lg border border-slate-200 bg-white p-6 text-slate-700">{STATUS_LABELS[status].empty}</p>;
  return (
    <ul aria-label="Sugestões de pauta" className="space-y-4">
      {tips.map((tip) => {
        const busy = busyId === tip.id;
        const name = tipExcerpt(tip, 40);
        return (
          <li key={tip.id}>
            <article aria-label={`Sugestão: ${name}`} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
              <header className="flex flex-wrap items-center justify-between gap-2 text-sm text-slate-600">
                <span>Recebida em {formatSaoPauloDateTime(tip.created_at)}</span>
                <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${BADGE_CLASS[tip.status]}`}>
                  {STATUS_LABELS[tip.status].badge}
                </span>
              </header>
              <p className="mt-3 whitespace-pre-line text-slate-900">{tip.what_happened}</p>
              <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
                <dt className="font-semibold text-slate-700">Onde</dt>
                <dd className="text-slate-900">{tip.place}</dd>
                <dt className="font-semibold text-slate-700">Enviada por</dt>
                <dd className="text-slate-900">{tip.sender_name ?? 'Leitor não identificado'}</dd>
                <dt className="font-semibold text-slate-700">Contato</dt>
                <dd className="text-slate-900">{tip.sender_contact ? <ContactLink contact={tip.sender_contact} /> : 'Não informado'}</dd>
                <dt className="font-semibold text-slate-700">Autorização</dt>
                <dd className="text-slate-700" title={tip.consent_text}>
                  Autorizou o uso e o contato em {formatSaoPauloDateTime(tip.consented_at)}
                </dd>
              </dl>
              {tip.photos.length > 0 && (
                <ul aria-label="Fotos enviadas" className="mt-4 flex flex-wrap gap-3">
                  {tip.photos.map((photo, index) =>
                    photo.url ? (
                      <li key={photo.path}>
                        <a
                          href={photo.url}
                          target="_blank"
                          rel="noopener noreferrer"
                          aria-label={`Abrir foto ${index + 1} em tamanho original (nova aba)`}
                          className="block overflow-hidden rounded-md border border-slate-200 hover:ring-2 hover:ring-brand-600"
                        >
                          <img src={photo.url} alt={`Foto ${index + 1} da sugestão`} loading="lazy" className="h-28 w-28 object-cover" />
                        </a>
                      </li>
                    ) : (
                      <li key={photo.path} className="flex h-28 w-28 items-center justify-center rounded-md bg-slate-100 p-2 text-center text-xs text-slate-600">
                        Foto {index + 1} indisponível
                      </li>
                    ),
                  )}
                </ul>
              )}
              <div className="mt-4 flex flex-wrap justify-end gap-2">
                {tip.status !== 'read' && (
                  <button
                    type="button"
                    onClick={() => onSetStatus(tip, 'read')}
                    disabled={busy}
                    aria-label={`Marcar como lida: ${name}`}
                    className={secondaryButton}
                  >
                    Marcar como lida
                  </button>
                )}
                {tip.status !== 'used' && (
                  <button
                    type="button"
                    onClick={() => onSetStatus(tip, 'used')}
                    disabled={busy}
                    aria-label={`Marcar como usada: ${name}`}
                    className={secondaryButton}
                  >
                    Marcar como usada
                  </button>
                )}
                <button
                  type="button"
                  onClick={() => onDelete(tip)}
                  disabled={busy}
                  aria-label={`Excluir: ${name}`}
                  className={`${secondaryButton} text-red-800`}
                >
                  Excluir
                </button>
              </div>
            </article>
          </li>
        );
      })}
    </ul>
  );
}
