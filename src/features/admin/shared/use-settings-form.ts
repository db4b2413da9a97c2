import { useState } from 'react';

/**
 * A settings form's state: its fields' values, each field's message (cleared as the field is edited, so a corrected
 * value never keeps a stale error), a failure to save, and whether the last save went through or is under way.
 */
export function useSettingsForm<Field extends string>(initial: Record<Field, string>) {
  const [values, setValues] = useState<Record<Field, string>>(initial);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [saving, setSaving] = useState(false);

  const set = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    setSaved(false);
  };

  /**
   * Shows the messages `found` and focuses the first wrong field; with none, runs `write` and says it saved, or shows
   * `failed(error)`'s message. The values stay as typed either way.
   */
  async function save(form: HTMLFormElement, found: Partial<Record<Field, string>>, write: () => Promise<unknown>, failed: (error: unknown) => string) {
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) {
      requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setSaving(true);
    try {
      await write();
      setSaved(true);
    } catch (error) {
      console.error(error);
      setFailure(failed(error));
    } finally {
      setSaving(false);
    }
  }

  return { save, values, setValues, set, errors, setErrors, failure, setFailure, saved, setSaved, saving, setSaving };
}
