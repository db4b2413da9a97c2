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

  return { values, setValues, set, errors, setErrors, failure, setFailure, saved, setSaved, saving, setSaving };
}
