import type { TopicWithDate } from '../../../services/topic-admin';
import { slugify } from '../../../lib/slugify';
import { isReservedTopicSlug, topicSlugFor } from '../../../lib/topic-slug';
import { TextField } from '../../../components/form/form-fields';
import { useValidatedForm, type ExternalSave, type FieldErrors } from '../../../components/form/use-validated-form';
import { ErrorAlert } from '../../../components/ui/alert-message';
import { primaryButton, secondaryButton } from '../../../components/ui/buttons';

/** A type rather than an interface: it travels in the save action's JSON body (see PublicationFormValues). */
export type TopicFormValues = { name: string };

interface TopicFormProps {
  /** The topic being edited, or null to create one (docs/product.md §19: create is the default). */
  editing: TopicWithDate | null;
  /** The topics route's action, through its fetcher. */
  save: ExternalSave<TopicFormValues>;
  onCancel: () => void;
}

/** docs/product.md §19.7: a name is required, and it must give a slug. */
export function validateTopic({ name }: TopicFormValues): FieldErrors<TopicFormValues> {
  if (!name.trim()) return { name: 'Informe o nome do tópico' };
  if (!slugify(name)) return { name: 'O nome precisa ter letras ou números' };
  return {};
}

/** Why the slug shown is what it is, when editing: a fixed slug, or a new one whose old address still works. */
function slugNote(editing: TopicWithDate | null, slug: string): string | null {
  if (!editing) return null;
  if (isReservedTopicSlug(editing.slug)) return 'fixo: usado na navegação do site';
  if (slug && slug !== editing.slug) return `o endereço antigo (${editing.slug}) continuará levando a este tópico`;
  return null;
}

/**
 * docs/product.md §2 topics form: one name field that creates or edits, the live slug, 'Adicionar' / 'Atualizar' + 'Cancelar'.
 * Editing shows the slug the save will keep or give (topicSlugFor), not merely the name's.
 */
export function TopicForm({ editing, save, onCancel }: TopicFormProps) {
  const { formRef, values, field, failure, saving, submit } = useValidatedForm({
    initialValues: { name: editing?.name ?? '' },
    validate: validateTopic,
    save,
  });
  const slug = topicSlugFor(values.name, editing);
  const note = slugNote(editing, slug);

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 className="text-lg font-semibold text-slate-900">{editing ? 'Editar tópico' : 'Novo tópico'}</h2>
      {failure && <ErrorAlert>{failure}</ErrorAlert>}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="flex-1">
          <TextField
            label="Nome do tópico"
            labelHidden
            placeholder="Nome do tópico"
            required
            {...field('name')}
            hint={
              <>
                Slug: <span className="font-mono">{slug || '—'}</span>
                {note && ` (${note})`}
              </>
            }
          />
        </div>
        <div className="flex gap-2">
          <button type="submit" disabled={saving} className={primaryButton}>
            {editing ? 'Atualizar' : 'Adicionar'}
          </button>
          {editing && (
            <button type="button" onClick={onCancel} disabled={saving} className={secondaryButton}>
              Cancelar
            </button>
          )}
        </div>
      </div>
    </form>
  );
}
