import { CONTRACT_TYPES, type JobInput } from '../../../services/job-admin';
import type { Job } from '../../../services/jobs';
import type { ContractType } from '../../../types/database';
import { CheckboxField, SelectField, TextAreaField, TextField } from '../../../components/form/form-fields';
import { ResourceFormFrame } from '../shared/resource-form-frame';
import type { ResourceFormProps } from '../shared/resource-form-route';
import { useDraftedForm } from '../shared/use-drafted-form';

/** A type rather than an interface: it is the save action's JSON body (see PublicationFormValues). */
export type JobFormValues = {
  title: string;
  company: string;
  contractType: ContractType;
  location: string;
  description: string;
  howToApply: string;
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
  howToApply: '',
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
    howToApply: job.how_to_apply ?? '',
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
    how_to_apply: values.howToApply.trim() || null,
    expires_at: values.expiresAt || null,
    published: values.published,
  };
}

/** The limit of jobs.how_to_apply (migration 20261123160000), in characters as the database counts them. */
export const HOW_TO_APPLY_MAX = 1000;
export const HOW_TO_APPLY_TOO_LONG = `As instruções de candidatura devem ter no máximo ${HOW_TO_APPLY_MAX} caracteres`;

type Field = 'title' | 'company' | 'contractType' | 'location' | 'howToApply';
type Errors = Partial<Record<Field, string>>;

/**
 * docs/product.md §19.7: title, company, contract type and location are required; how to apply is optional, within its
 * column's limit (counted on the trimmed text that is saved, by code point as Postgres' char_length does).
 */
export function validateJob(values: JobFormValues): Errors {
  const errors: Errors = {};
  if (!values.title.trim()) errors.title = 'Informe o título da vaga';
  if (!values.company.trim()) errors.company = 'Informe a empresa';
  if (!CONTRACT_TYPES.includes(values.contractType)) errors.contractType = 'Selecione o tipo de contrato';
  if (!values.location.trim()) errors.location = 'Informe o local';
  if ([...values.howToApply.trim()].length > HOW_TO_APPLY_MAX) errors.howToApply = HOW_TO_APPLY_TOO_LONG;
  return errors;
}

/**
 * docs/product.md §2 job form; a failed save keeps every field and shows 'Erro ao salvar vaga', and what is typed is
 * kept as a draft until the job is saved (useDraftedForm). `storage` is injected for tests.
 */
export function JobForm({ initialValues, save, onCancel, draftKey, storage }: ResourceFormProps<JobFormValues> & { storage?: Storage }) {
  const form = useDraftedForm({ initialValues, validate: validateJob, save, draft: { key: draftKey, template: EMPTY_JOB, storage } });
  const { values, set, field } = form;

  return (
    <ResourceFormFrame {...form} onCancel={onCancel} notice={form.draftNotice}>
      <TextField label="Título da Vaga" required {...field('title')} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="Empresa" required {...field('company')} />
        <SelectField label="Tipo de Contrato" required options={CONTRACT_TYPES.map((type) => ({ value: type, label: type }))} {...field('contractType')} />
      </div>
      <TextField label="Local" required {...field('location')} />
      <TextAreaField label="Descrição" rows={4} {...field('description')} />
      <TextAreaField
        label="Como se candidatar"
        rows={3}
        placeholder="E-mail, telefone ou link para enviar o currículo"
        hint={`Opcional, até ${HOW_TO_APPLY_MAX} caracteres. E-mails e links viram links na página da vaga.`}
        {...field('howToApply')}
      />
      <TextField label="Data de Expiração" type="date" hint="Opcional" {...field('expiresAt')} />
      <CheckboxField label="Publicar imediatamente" name="published" checked={values.published} onChange={(v) => set('published', v)} />
    </ResourceFormFrame>
  );
}
