import { useId, useState, type FormEvent } from 'react';
import { slugify } from '../../../lib/slugify';
import { isReservedTopicSlug, topicSlugFor } from '../../../lib/topic-slug';
import { isUniqueViolation } from '../../../services/errors';
import { isReservedTopicSlugError, type TopicWithDate } from '../../../services/topics';
import { ErrorAlert } from '../../../components/ui/alert-message';
import { primaryButton, secondaryButton } from '../../../components/ui/buttons';

interface TopicFormProps {
  /** The topic being edited, or null to create one (SPEC §4: create is the default). */
  editing: TopicWithDate | null;
  /** Saves the name; throws the service's error on failure. */
  onSubmit: (name: string) => Promise<void>;
  onCancel: () => void;
}

/** The topic's save failure, in the red box (SPEC §8); a duplicate slug (23505) says which slug is taken. */
export function topicSaveErrorMessage(error: unknown, slug: string): string {
  if (isUniqueViolation(error)) return `Já existe um tópico com o slug "${slug}". Escolha outro nome.`;
  if (isReservedTopicSlugError(error)) return 'O slug deste tópico é usado na navegação do site e não pode ser alterado.';
  return 'Erro ao salvar tópico. Tente novamente.';
}

/** Why the slug shown is what it is, when editing: a fixed slug, or a new one whose old address still works. */
function slugNote(editing: TopicWithDate | null, slug: string): string | null {
  if (!editing) return null;
  if (isReservedTopicSlug(editing.slug)) return 'fixo: usado na navegação do site';
  if (slug && slug !== editing.slug) return `o endereço antigo (${editing.slug}) continuará levando a este tópico`;
  return null;
}

/**
 * SPEC §2 topics form: one name field that creates or edits, the live slug, 'Adicionar' / 'Atualizar' + 'Cancelar'.
 * Editing shows the slug the save will keep or give (topicSlugFor), not merely the name's.
 */
export function TopicForm({ editing, onSubmit, onCancel }: TopicFormProps) {
  const id = useId();
  const [name, setName] = useState(editing?.name ?? '');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const slug = topicSlugFor(name, editing);
  const note = slugNote(editing, slug);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    if (!name.trim()) return setFieldError('Informe o nome do tópico');
    if (!slugify(name)) return setFieldError('O nome precisa ter letras ou números');
    setFieldError(null);
    setBusy(true);
    try {
      await onSubmit(name);
      if (!editing) setName('');
    } catch (error) {
      // A taken slug is an expected answer to what was typed: explained in the red box, not logged.
      if (!isUniqueViolation(error)) console.error(error);
      setFailure(topicSaveErrorMessage(error, slug));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 className="text-lg font-semibold text-slate-900">{editing ? 'Editar tópico' : 'Novo tópico'}</h2>
      {failure && <ErrorAlert>{failure}</ErrorAlert>}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="flex-1">
          <label htmlFor={id} className="sr-only">
            Nome do tópico
          </label>
          <input
            id={id}
            name="name"
            value={name}
            onChange={(event) => setName(event.target.value)}
            placeholder="Nome do tópico"
            aria-required="true"
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? `${id}-error` : `${id}-slug`}
            className={`block w-full rounded-md border bg-white px-3 py-2 text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 ${fieldError ? 'border-red-600' : 'border-slate-300'}`}
          />
          {fieldError && (
            <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
              {fieldError}
            </p>
          )}
          <p id={`${id}-slug`} className="mt-1 text-xs text-slate-600">
            Slug: <span className="font-mono">{slug || '—'}</span>
            {note && ` (${note})`}
          </p>
        </div>
        <div className="flex gap-2">
          <button type="submit" disabled={busy} className={primaryButton}>
            {editing ? 'Atualizar' : 'Adicionar'}
          </button>
          {editing && (
            <button type="button" onClick={onCancel} disabled={busy} className={secondaryButton}>
              Cancelar
            </button>
          )}
        </div>
      </div>
    </form>
  );
}
