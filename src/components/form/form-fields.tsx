import { useId, type ChangeEvent, type ReactNode } from 'react';

// Labelled form controls with the validation message next to the field (docs/architecture.md §1): the message is tied to the
// control with aria-describedby and the control is marked aria-invalid, so screen readers read both together.

const CONTROL =
  'block w-full rounded-md border bg-white px-3 py-2 text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 disabled:bg-slate-100';

function controlClass(error: string | undefined, extra = '') {
  return `${CONTROL} ${error ? 'border-red-600' : 'border-slate-300'} ${extra}`;
}

interface FieldFrameProps {
  id: string;
  /** Text, or text with a marked-up part ('Mensagem <span>(opcional)</span>'). */
  label: ReactNode;
  /** Read by screen readers only, for a field whose placeholder and heading already say what it is. */
  labelHidden?: boolean;
  required?: boolean;
  hint?: ReactNode;
  error?: string;
  children: ReactNode;
}

function FieldFrame({ id, label, labelHidden, required, hint, error, children }: FieldFrameProps) {
  return (
    <div>
      <label htmlFor={id} className={labelHidden ? 'sr-only' : 'mb-1 block text-sm font-medium text-slate-800'}>
        {label}
        {required && (
          <span aria-hidden="true" className="ml-0.5 text-red-700">
            *
          </span>
        )}
      </label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}


interface CommonProps {
  label: ReactNode;
  labelHidden?: boolean;
  name: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  placeholder?: string;
  disabled?: boolean;
}

/** The attributes every text-like control carries: its name and state, and its ties to the label, hint and message. */
function controlProps(id: string, props: CommonProps, extraClass?: string) {
  return {
    id,
    name: props.name,
    value: props.value,
    disabled: props.disabled,
    'aria-required': props.required || undefined,
    'aria-invalid': props.error ? true : undefined,
    'aria-describedby': props.error ? `${id}-error` : props.hint ? `${id}-hint` : undefined,
    className: controlClass(props.error, extraClass),
  };
}

export function TextField({
  type = 'text',
  autoComplete,
  inputMode,
  min,
  max,
  ...props
}: CommonProps & {
  type?: 'text' | 'email' | 'password' | 'url' | 'date' | 'datetime-local' | 'number' | 'tel';
  autoComplete?: string;
  inputMode?: 'numeric' | 'text' | 'email' | 'url';
  min?: number;
  max?: number;
}) {
  const id = useId();
  return (
    <FieldFrame id={id} {...props}>
      <input
        {...controlProps(id, props)}
        type={type}
        onChange={(event: ChangeEvent<HTMLInputElement>) => props.onChange(event.target.value)}
        placeholder={props.placeholder}
        autoComplete={autoComplete}
        inputMode={inputMode}
        min={min}
        max={max}
      />
    </FieldFrame>
  );
}

export function TextAreaField({ rows = 3, ...props }: CommonProps & { rows?: number }) {
  const id = useId();
  return (
    <FieldFrame id={id} {...props}>
      <textarea
        {...controlProps(id, props, 'resize-y')}
        rows={rows}
        onChange={(event) => props.onChange(event.target.value)}
        placeholder={props.placeholder}
      />
    </FieldFrame>
  );
}

export function SelectField({
  options,
  emptyOption,
  ...props
}: CommonProps & { options: readonly SelectOption[]; emptyOption?: string }) {
  const id = useId();
  return (
    <FieldFrame id={id} {...props}>
      <select {...controlProps(id, props)} onChange={(event) => props.onChange(event.target.value)}>
        {emptyOption !== undefined && <option value="">{emptyOption}</option>}
        <SelectOptions options={options} />
      </select>
    </FieldFrame>
  );
}

/** A select's choices: value and visible label of each. */
export type SelectOption = { value: string; label: string };

/** The `<option>`s of a select, controlled (SelectField) or a plain GET form's (the admin lists' status filter). */
export function SelectOptions({ options }: { options: readonly SelectOption[] }) {
  return options.map((option) => (
    <option key={option.value} value={option.value}>
      {option.label}
    </option>
  ));
}

export function CheckboxField({
  label,
  name,
  checked,
  onChange,
  disabled,
  required,
  error,
}: {
  label: string;
  name: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  required?: boolean;
  /** Beside the box, tied to it like the other fields' messages (a consent that must be given). */
  error?: string;
}) {
  const id = useId();
  return (
    <div>
      <div className="flex items-start gap-2">
        <input
          id={id}
          name={name}
          type="checkbox"
          checked={checked}
          disabled={disabled}
          aria-required={required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => onChange(event.target.checked)}
          className="mt-0.5 h-4 w-4 shrink-0 rounded border-slate-400 text-brand-700 focus:ring-brand-600"
        />
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          {label}
          {required && (
            <span aria-hidden="true" className="ml-0.5 text-red-700">
              *
            </span>
          )}
        </label>
      </div>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** Moves focus to the first field marked invalid, so a keyboard or screen-reader user lands on the problem. */
export function focusFirstInvalid(form: HTMLFormElement | null) {
  const target = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
  target?.focus();
}
