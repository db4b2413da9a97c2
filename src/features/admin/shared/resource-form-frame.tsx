import type { ReactNode } from 'react';
import type { ValidatedForm } from '../../../components/form/use-validated-form';
import { ErrorAlert } from '../../../components/ui/alert-message';
import { primaryButton, secondaryButton } from '../../../components/ui/buttons';

/** The form kit's handles (spread the hook's result): the save's failure and 'Salvando...', and the submit. */
type ResourceFormFrameProps = Pick<ValidatedForm<object>, 'formRef' | 'submit' | 'failure' | 'saving'> & {
  onCancel: () => void;
  /** Holds 'Salvar' back, e.g. while an image uploads (its URL is not there yet). */
  saveDisabled?: boolean;
  /** What stands above the failure (the publication's restored-draft notice). */
  notice?: ReactNode;
  /** Called as 'Salvar' is pressed (before the submit): a form with a second submit button tells the two apart. */
  onSaveClick?: () => void;
  /** More submit buttons after 'Salvar' (a reporter's 'Enviar para revisão'). 'Salvar' stays the form's default. */
  moreActions?: ReactNode;
  children: ReactNode;
};

/**
 * The publication, obituary and job forms' frame (docs/product.md §2): the save's failure above the fields, and 'Cancelar' and
 * 'Salvar' ('Salvando...' with the button disabled while saving) below them.
 */
export function ResourceFormFrame({
  formRef,
  submit,
  failure,
  saving,
  onCancel,
  saveDisabled = false,
  notice,
  onSaveClick,
  moreActions,
  children,
}: ResourceFormFrameProps) {
  return (
    <form ref={formRef} onSubmit={submit} noValidate className="space-y-5 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      {notice}
      {failure && <ErrorAlert>{failure}</ErrorAlert>}
      {children}
      <div className="flex flex-col-reverse gap-3 border-t border-slate-200 pt-5 sm:flex-row sm:justify-end">
        <button type="button" onClick={onCancel} className={secondaryButton}>
          Cancelar
        </button>
        <button type="submit" disabled={saving || saveDisabled} onClick={onSaveClick} className={primaryButton}>
          {saving ? 'Salvando...' : 'Salvar'}
        </button>
        {moreActions}
      </div>
    </form>
  );
}
