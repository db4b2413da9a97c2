import { CONTRACT_TYPES, type Job, type JobInput } from '../../../services/jobs';
import type { ContractType } from '../../../types/database';
import { ErrorAlert } from '../../../components/ui/alert-message';
import { primaryButton, secondaryButton } from '../../../components/ui/buttons';
import { useValidatedForm } from '../../../components/form/use-validated-form';
import { CheckboxField, SelectField, TextAreaField, TextField } from '../../../components/form/form-fields';

export const SAVE_JOB_ERROR = 'Erro ao salvar vaga';

export interface JobFormValues {
  title: string;
  company: string;
  contractType: ContractType;
  location: string;
  description: string;
  expiresAt: string;
  published: boolean;
}

/** SPEC §2/§9: the contract type defaults to CLT. */
export const EMPTY_JOB: JobFormValues = {
  title: '',
  company: '',
  contractType: 'CLT',
  location: '',
  description: '',
  expiresAt: '',
  published: false,
};

export function valuesFromJob(job: Job): JobFormValues {
  return {
    title: job.title,
    company: job.company,
    contractType: job.contract_type,
    location: job.location,
    description: job.description ?? '',
    expiresAt: job.expires_at ?? '',
    published: job.published,
  };
}

/** SPEC §5: an empty expiry is sent as null. */
export function toJobInput(values: JobFormValues): JobInput {
  return {
    title: values.title.trim(),
    company: values.company.trim(),
    contract_type: values.contractType,
    location: values.location.trim(),
    description: values.description.trim() || null,
    expires_at: values.expiresAt || null,
    published: values.published,
  };
}

type Field = 'title' | 'company' | 'contractType' | 'location';
type Errors = Partial<Record<Field, string>>;

/** SPEC §5: title, company, contract type and location are required. */
export function validateJob(values: JobFormValues): Errors {
  const errors: Errors = {};
  if (!values.title.trim()) errors.title = 'Informe o título da vaga';
  if (!values.company.trim()) errors.company = 'Informe a empresa';
  if (!CONTRACT_TYPES.includes(values.contractType)) errors.contractType = 'Selecione o tipo de contrato';
  if (!values.location.trim()) errors.location = 'Informe o local';
  return errors;
}

interface JobFormProps {
  initialValues: JobFormValues;
  onSubmit: (values: JobFormValues) => Promise<void>;
  onCancel: () => void;
}

/** SPEC §2 job form; a failed save keeps every field and shows 'Erro ao salvar vaga'. */
export function JobForm({ initialValues, onSubmit, onCancel }: JobFormProps) {
  const { formRef, values, set, errors, failure, saving, submit } = useValidatedForm({
    initialValues,
    validate: validateJob,
    onSubmit,
    failureMessage: SAVE_JOB_ERROR,
  });

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="space-y-5 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      {failure && <ErrorAlert>{failure}</ErrorAlert>}
      <TextField label="Título da Vaga" name="title" required value={values.title} onChange={(v) => set('title', v)} error={errors.title} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="Empresa" name="company" required value={values.company} onChange={(v) => set('company', v)} error={errors.company} />
        <SelectField
          label="Tipo de Contrato"
          name="contractType"
          required
          value={values.contractType}
          onChange={(v) => set('contractType', v as ContractType)}
          error={errors.contractType}
          options={CONTRACT_TYPES.map((type) => ({ value: type, label: type }))}
        />
      </div>
      <TextField label="Local" name="location" required value={values.location} onChange={(v) => set('location', v)} error={errors.location} />
      <TextAreaField label="Descrição" name="description" rows={4} value={values.description} onChange={(v) => set('description', v)} />
      <TextField
        label="Data de Expiração"
        name="expiresAt"
        type="date"
        value={values.expiresAt}
        onChange={(v) => set('expiresAt', v)}
        hint="Opcional"
      />
      <CheckboxField label="Publicar imediatamente" name="published" checked={values.published} onChange={(v) => set('published', v)} />
      <div className="flex flex-col-reverse gap-3 border-t border-slate-200 pt-5 sm:flex-row sm:justify-end">
        <button type="button" onClick={onCancel} className={secondaryButton}>
          Cancelar
        </button>
        <button type="submit" disabled={saving} className={primaryButton}>
          {saving ? 'Salvando...' : 'Salvar'}
        </button>
      </div>
    </form>
  );
}
