import { useLayoutEffect, useState, type ReactNode } from 'react';
import { formatDate } from '../../../lib/dates';
import { useValidatedForm, type ExternalSave, type FieldErrors } from '../../../components/form/use-validated-form';
import { readFormDraft, removeFormDraft, sameFormValues, writeFormDraft } from './form-draft';

interface DraftedFormOptions<Values extends object> {
  /** The record's saved values (or the new record's empty ones). */
  initialValues: Values;
  validate: (values: Values) => FieldErrors<Values>;
  save: ExternalSave<Values>;
  draft: {
    /** Where this record's draft lives (formDraftKey). */
    key: string;
    /** The form's empty values: what a stored draft must look like (valuesLike). */
    template: Values;
    /** Injected for tests; the browser's localStorage by default. */
    storage?: Storage;
  };
  /** Runs when the editor discards a restored draft (the publication's editor then shows the saved content again). */
  onDiscard?: () => void;
}

/**
 * useValidatedForm with docs/product.md's "nothing typed is lost", for the publication, obituary and job forms: every
 * change is kept in localStorage until the record is saved (the route removes it then: resource-form-route.tsx); a
 * draft found when the form opens (after a reload, a crash, a lost session) is offered back with
 * 'Rascunho não salvo recuperado (…)' and 'Descartar rascunho'. An untouched form leaves no draft.
 */
export function useDraftedForm<Values extends object>({ initialValues, validate, save, draft, onDiscard }: DraftedFormOptions<Values>) {
  const { key, template, storage = globalThis.localStorage } = draft;
  const [restored] = useState(() => {
    const found = readFormDraft(storage, key, template);
    return found && !sameFormValues(found.values, initialValues) ? found : null;
  });
  const [showRestored, setShowRestored] = useState(restored !== null);
  const form = useValidatedForm({ initialValues: restored?.values ?? initialValues, validate, save });
  const { values, setValues, saving } = form;

  // Not while a save runs: a successful one must not have its draft written back before the list opens. A layout
  // effect, so the keystroke is stored with the render that shows it: preact/compat runs plain effects a frame later,
  // and a tab closed within that frame would lose it.
  useLayoutEffect(() => {
    if (saving) return;
    if (sameFormValues(values, initialValues)) removeFormDraft(storage, key);
    else writeFormDraft(storage, key, values);
  }, [values, initialValues, storage, key, saving]);

  function discardDraft() {
    setValues(initialValues);
    setShowRestored(false);
    removeFormDraft(storage, key);
    onDiscard?.();
  }

  const draftNotice: ReactNode = showRestored && restored && (
    <div role="status" className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
      <span>Rascunho não salvo recuperado ({formatDate(restored.savedAt)}).</span>
      <button type="button" onClick={discardDraft} className="font-semibold underline hover:no-underline">
        Descartar rascunho
      </button>
    </div>
  );

  return { ...form, draftNotice };
}
