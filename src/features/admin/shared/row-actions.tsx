import { Link } from 'react-router';
import { Eye, EyeOff, Pencil, Trash2 } from 'lucide';
import { Icon } from '../../../components/ui/icon';
import { iconButton } from '../../../components/ui/buttons';

interface RowActionsProps {
  /** What the row is, for the buttons' accessible names ("Editar: Título"). */
  itemLabel: string;
  /**
   * The edit page's address, or (a topic, edited in the form above its list) what opens it in place; null when the
   * signed-in role may not edit the row (decision 0037: a reporter and another's story).
   */
  edit: string | (() => void) | null;
  /** Omitted when the signed-in role may not delete the row. */
  onDelete?: () => void;
  /** The publish toggle (docs/product.md §2: titled 'Publicar' or 'Despublicar'); omitted for topics. */
  published?: boolean;
  onTogglePublished?: () => void;
  /** While the row's save runs: its buttons are disabled. */
  busy?: boolean;
}

export function RowActions({ itemLabel, edit, onDelete, published, onTogglePublished, busy }: RowActionsProps) {
  const toggleTitle = published ? 'Despublicar' : 'Publicar';
  const pencil = <Icon node={Pencil} className="h-4 w-4" />;
  return (
    <div className="flex items-center justify-end gap-1">
      {onTogglePublished && (
        <button
          type="button"
          onClick={onTogglePublished}
          disabled={busy}
          title={toggleTitle}
          aria-label={`${toggleTitle}: ${itemLabel}`}
          className={iconButton}
        >
          {published ? <Icon node={EyeOff} className="h-4 w-4" /> : <Icon node={Eye} className="h-4 w-4" />}
        </button>
      )}
      {typeof edit === 'string' ? (
        <Link to={edit} title="Editar" aria-label={`Editar: ${itemLabel}`} className={iconButton}>
          {pencil}
        </Link>
      ) : (
        edit && (
          <button type="button" onClick={edit} disabled={busy} title="Editar" aria-label={`Editar: ${itemLabel}`} className={iconButton}>
            {pencil}
          </button>
        )
      )}
      {onDelete && (
        <button
          type="button"
          onClick={onDelete}
          disabled={busy}
          title="Excluir"
          aria-label={`Excluir: ${itemLabel}`}
          className={`${iconButton} hover:bg-red-50 hover:text-red-700`}
        >
          <Icon node={Trash2} className="h-4 w-4" />
        </button>
      )}
    </div>
  );
}
