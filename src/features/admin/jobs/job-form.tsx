import { CONTRACT_TYPES, type JobInput } from '../../../services/job-admin';
import type { Job } from '../../../services/jobs';
import type { ContractType } from '../../../types/database';
import { useValidatedForm } from '../../../components/form/use-validated-form';
import { CheckboxField, SelectField, TextAreaField, TextField } from '../../../components/form/form-fields';
import { ResourceFormFrame } from '../shared/resource-form-frame';
import type { ResourceFormProps } from '../shared/resource-form-route';

/** A type rather than an interface: it is the save action's JSON body (see PublicationFormValues). */
export type JobFormValues = {
  title: string;
  company: string;
  contractType: ContractType;
  location: string;
  description: string;
  expiresAt: string;
  published: boolean;
};

/** docs/product.md §2/§9: the contract type defaults to CLT. */
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

/** docs/product.md §19.7: an empty expiry is sent as null. */
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

/** docs/product.md §19.7: title, company, contract type and location are required. */
export function validateJob(values: JobFormValues): Errors {
  const errors: Errors = {};
  if (!values.title.trim()) errors.title = 'Informe o título da vaga';
  if (!values.company.trim()) errors.company = 'Informe a empresa';
  if (!CONTRACT_TYPES.includes(values.contractType)) errors.contractType = 'Selecione o tipo de contrato';
  if (!values.location.trim()) errors.location = 'Informe o local';
  return errors;
}

/** docs/product.md §2 job form; a failed save keeps every field and shows 'Erro ao salvar vaga'. */
export function JobForm({ initialValues, save, onCancel }: ResourceFormProps<JobFormValues>) {
  const form = useValidatedForm({ initialValues, validate: validateJob, save });
  const { values, set, field } = form;

  return (
    <ResourceFormFrame {...form} onCancel={onCancel}>
      <TextField label="Título da Vaga" required {...field('title')} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="Empresa" required {...field('company')} />
        <SelectField label="Tipo de Contrato" required options={CONTRACT_TYPES.map((type) => ({ value: type, label: type }))} {...field('contractType')} />
      </div>
      <TextField label="Local" required {...field('location')} />
      <TextAreaField label="Descrição" rows={4} {...field('description')} />
      <TextField label="Data de Expiração" type="date" hint="Opcional" {...field('expiresAt')} />
      <CheckboxField label="Publicar imediatamente" name="published" checked={values.published} onChange={(v) => set('published', v)} />
    </ResourceFormFrame>
  );
}
