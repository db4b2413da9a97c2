import { useRef, useState, type Dispatch, type FormEvent, type SetStateAction } from 'react';
import { focusFirstInvalid } from './form-fields';

export type FieldErrors<Values> = Partial<Record<keyof Values, string>>;

/** The keys whose values are text: what a text field, a text area or a select edits. */
type TextKeys<Values> = { [K in keyof Values]-?: Values[K] extends string ? K : never }[keyof Values] & string;

/** The keys whose values are an image's address or null: what an image upload field edits. */
type ImageKeys<Values> = { [K in keyof Values]-?: Values[K] extends string | null ? (null extends Values[K] ? K : never) : never }[keyof Values];

/** Where the values live: in the form, from `initialValues`; or in the caller's `useState` pair. */
type ValuesSource<Values> =
  | { initialValues: Values }
  /**
   * For a form whose values must outlive it: a dialog unmounts its form when it closes, and what was typed is there
   * again when it opens (the media kit request). Errors, the failure and the saving state still start afresh.
   */
  | { valuesState: [Values, Dispatch<SetStateAction<Values>>] };

/**
 * A save that runs outside the form and reports back (a route action behind a fetcher): the form hands it the valid
 * values and shows its state as its own.
 */
export interface ExternalSave<Values> {
  submit: (values: Values) => void;
  /** True while the save runs: the button says 'Salvando...' and is disabled. */
  pending: boolean;
  /** The message the last save came back with, or null. */
  failure: string | null;
}

/** How the form saves: by awaiting `onSubmit` (a throw is the failure), or through an `ExternalSave`. */
type SaveSource<Values> =
  | {
      /** Saves; throws on failure. */
      onSubmit: (values: Values) => Promise<void>;
      /**
       * The message for a failed save ('Erro ao salvar vaga', ...), or a function choosing it from the error
       * (sign-in and sign-up say why they were refused).
       */
      failureMessage: string | ((error: unknown) => string);
      /** Failures the user caused and is told about (a wrong password): not logged as faults. */
      isExpectedFailure?: (error: unknown) => boolean;
      /** Logged before an unexpected failure's error, to say what failed ('Sending the media kit request failed'). */
      failureLog?: string;
    }
  | { save: ExternalSave<Values> };

type ValidatedFormOptions<Values> = ValuesSource<Values> &
  SaveSource<Values> & {
    validate: (values: Values) => FieldErrors<Values>;
  };

/**
 * The forms' shared behaviour (the admin's and the reader's media kit request): errors next to each field (cleared
 * as the field is edited), focus on the first invalid field, a saving flag for the button's 'Salvando...' or
 * 'Enviando...', and on failure docs/product.md §20's message with every typed value kept.
 */
export function useValidatedForm<Values extends object>(options: ValidatedFormOptions<Values>) {
  const { validate } = options;
  const formRef = useRef<HTMLFormElement>(null);
  // Called whether or not the caller keeps the values, so the hooks run in the same order on every render.
  const ownValues = useState('valuesState' in options ? options.valuesState[0] : options.initialValues);
  const [values, setValues] = 'valuesState' in options ? options.valuesState : ownValues;
  const [errors, setErrors] = useState<FieldErrors<Values>>({});
  const [ownFailure, setFailure] = useState<string | null>(null);
  const [ownSaving, setSaving] = useState(false);
  // An external save's failure is this form's once it has handed values over (another form that shares the save, or
  // came before, does not inherit it); it stays until the next submit, hidden when the checks refuse that one (as the
  // form's own failure is cleared) and shown again once the new save comes back.
  const [showSaveFailure, setShowSaveFailure] = useState(false);
  const external = 'save' in options ? options.save : null;
  const failure = ownFailure ?? (external && showSaveFailure && !external.pending ? external.failure : null);
  const saving = ownSaving || (external?.pending ?? false);

  // Changes a value and clears its error; `set` and `field` say what may go in.
  function change(key: keyof Values, value: unknown) {
    setValues((current) => ({ ...current, [key]: value }));
    if (key in errors) setErrors((current) => ({ ...current, [key]: undefined }));
  }

  function set<K extends keyof Values>(key: K, value: Values[K]) {
    change(key, value);
  }

  /** What ties a TextField, TextAreaField or SelectField to `key`: `<TextField label="Email" {...field('email')} />`. */
  function field<K extends TextKeys<Values>>(key: K) {
    return {
      name: key,
      // Text already (TextKeys): String() only says so to TypeScript, which cannot see it through the generic key.
      value: String(values[key]),
      onChange: (value: string) => change(key, value),
      error: errors[key],
    };
  }

  /** What ties an ImageUploadField to `key`: `<ImageUploadField label="Foto" upload={upload} {...imageField('photoUrl')} />`. */
  function imageField<K extends ImageKeys<Values>>(key: K) {
    const value = values[key];
    return {
      value: typeof value === 'string' ? value : null,
      onChange: (url: string | null) => change(key, url),
      invalidMessage: errors[key],
    };
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validate(values);
    setErrors(found);
    setFailure(null);
    const valid = Object.keys(found).length === 0;
    setShowSaveFailure(valid);
    if (!valid) {
      queueMicrotask(() => focusFirstInvalid(formRef.current));
      return;
    }
    if ('save' in options) {
      options.save.submit(values);
      return;
    }
    const { onSubmit, failureMessage, isExpectedFailure, failureLog } = options;
    setSaving(true);
    try {
      await onSubmit(values);
    } catch (error) {
      if (!isExpectedFailure?.(error)) {
        if (failureLog) console.error(failureLog, error);
        else console.error(error);
      }
      setFailure(typeof failureMessage === 'function' ? failureMessage(error) : failureMessage);
      setSaving(false);
    }
  }

  return { formRef, values, setValues, set, field, imageField, errors, failure, saving, submit };
}

/** What the hook gives a form: its values and errors, the failure to show, the saving flag and the submit handler. */
export type ValidatedForm<Values extends object> = ReturnType<typeof useValidatedForm<Values>>;
