import { useRef, useState, type FormEvent } from 'react';
import { focusFirstInvalid } from './form-fields';

export type FieldErrors<Values> = Partial<Record<keyof Values, string>>;

interface ValidatedFormOptions<Values> {
  initialValues: Values;
  validate: (values: Values) => FieldErrors<Values>;
  /** Saves; throws on failure. */
  onSubmit: (values: Values) => Promise<void>;
  /**
   * The message for a failed save ('Erro ao salvar vaga', ...), or a function choosing it from the error (sign-in
   * and sign-up say why they were refused).
   */
  failureMessage: string | ((error: unknown) => string);
  /** Failures the user caused and is told about (a wrong password): not logged as faults. */
  isExpectedFailure?: (error: unknown) => boolean;
}

/**
 * The admin forms' shared behaviour: errors next to each field (cleared as the field is edited), focus on the first
 * invalid field, 'Salvando...' while saving, and on failure SPEC §8's message with every typed value kept.
 */
export function useValidatedForm<Values extends object>({
  initialValues,
  validate,
  onSubmit,
  failureMessage,
  isExpectedFailure,
}: ValidatedFormOptions<Values>) {
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<FieldErrors<Values>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  function set<K extends keyof Values>(key: K, value: Values[K]) {
    setValues((current) => ({ ...current, [key]: value }));
    if (key in errors) setErrors((current) => ({ ...current, [key]: undefined }));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validate(values);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) {
      queueMicrotask(() => focusFirstInvalid(formRef.current));
      return;
    }
    setSaving(true);
    try {
      await onSubmit(values);
    } catch (error) {
      if (!isExpectedFailure?.(error)) console.error(error);
      setFailure(typeof failureMessage === 'function' ? failureMessage(error) : failureMessage);
      setSaving(false);
    }
  }

  return { formRef, values, setValues, set, errors, failure, saving, submit };
}
