import { useState } from 'react';
import type { Obituary, ObituaryInput } from '../../../services/obituaries';
import { todayInputValue } from '../../../lib/dates';
import { ErrorAlert } from '../../../components/ui/alert-message';
import { primaryButton, secondaryButton } from '../../../components/ui/buttons';
import { useValidatedForm } from '../../../components/form/use-validated-form';
import { CheckboxField, TextAreaField, TextField } from '../../../components/form/form-fields';
import { ImageUploadField, type UploadImage } from '../shared/image-upload-field';

export const SAVE_OBITUARY_ERROR = 'Erro ao salvar obituário';

export interface ObituaryFormValues {
  name: string;
  age: string;
  deathDate: string;
  biography: string;
  family: string;
  funeralLocation: string;
  funeralTime: string;
  photoUrl: string | null;
  published: boolean;
}

/** A new obituary: SPEC §2's date of death defaults to today. */
export function emptyObituary(now: Date = new Date()): ObituaryFormValues {
  return {
    name: '',
    age: '',
    deathDate: todayInputValue(now),
    biography: '',
    family: '',
    funeralLocation: '',
    funeralTime: '',
    photoUrl: null,
    published: false,
  };
}

export function valuesFromObituary(obituary: Obituary): ObituaryFormValues {
  return {
    name: obituary.name,
    age: String(obituary.age),
    deathDate: obituary.death_date,
    biography: obituary.biography ?? '',
    family: obituary.family ?? '',
    funeralLocation: obituary.funeral_location,
    funeralTime: obituary.funeral_time,
    photoUrl: obituary.photo_url,
    published: obituary.published,
  };
}

/** SPEC §5: the age is parsed to an integer. */
export function toObituaryInput(values: ObituaryFormValues): ObituaryInput {
  return {
    name: values.name.trim(),
    age: Number.parseInt(values.age.trim(), 10),
    death_date: values.deathDate,
    biography: values.biography.trim() || null,
    family: values.family.trim() || null,
    funeral_location: values.funeralLocation.trim(),
    funeral_time: values.funeralTime.trim(),
    photo_url: values.photoUrl,
    published: values.published,
  };
}

type Field = 'name' | 'age' | 'deathDate' | 'funeralLocation' | 'funeralTime';
type Errors = Partial<Record<Field, string>>;

/** SPEC §5: name, age, date of death, funeral place and time are required. */
export function validateObituary(values: ObituaryFormValues): Errors {
  const errors: Errors = {};
  if (!values.name.trim()) errors.name = 'Informe o nome completo';
  const age = values.age.trim();
  if (!age) errors.age = 'Informe a idade';
  else if (!/^\d{1,3}$/.test(age) || Number.parseInt(age, 10) > 130) errors.age = 'Informe a idade em anos (número inteiro)';
  if (!values.deathDate) errors.deathDate = 'Informe a data do falecimento';
  if (!values.funeralLocation.trim()) errors.funeralLocation = 'Informe o local do velório';
  if (!values.funeralTime.trim()) errors.funeralTime = 'Informe o horário do velório';
  return errors;
}

interface ObituaryFormProps {
  initialValues: ObituaryFormValues;
  onSubmit: (values: ObituaryFormValues) => Promise<void>;
  onCancel: () => void;
  upload: UploadImage;
}

/** SPEC §2 obituary form, 'Cancelar' and 'Salvar' ('Salvando...'); a failed save keeps every field. */
export function ObituaryForm({ initialValues, onSubmit, onCancel, upload }: ObituaryFormProps) {
  const { formRef, values, set, errors, failure, saving, submit } = useValidatedForm({
    initialValues,
    validate: validateObituary,
    onSubmit,
    failureMessage: SAVE_OBITUARY_ERROR,
  });
  const [uploading, setUploading] = useState(false);

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="space-y-5 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      {failure && <ErrorAlert>{failure}</ErrorAlert>}
      <TextField label="Nome Completo" name="name" required value={values.name} onChange={(v) => set('name', v)} error={errors.name} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Idade"
          name="age"
          type="number"
          inputMode="numeric"
          min={0}
          max={130}
          required
          value={values.age}
          onChange={(v) => set('age', v)}
          error={errors.age}
        />
        <TextField
          label="Data do Falecimento"
          name="deathDate"
          type="date"
          required
          value={values.deathDate}
          onChange={(v) => set('deathDate', v)}
          error={errors.deathDate}
        />
      </div>
      <TextAreaField label="Biografia" name="biography" rows={4} value={values.biography} onChange={(v) => set('biography', v)} />
      <TextAreaField label="Família" name="family" rows={2} value={values.family} onChange={(v) => set('family', v)} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Local do Velório"
          name="funeralLocation"
          required
          value={values.funeralLocation}
          onChange={(v) => set('funeralLocation', v)}
          error={errors.funeralLocation}
        />
        <TextField
          label="Horário do Velório"
          name="funeralTime"
          required
          placeholder="Ex.: 08h às 16h"
          value={values.funeralTime}
          onChange={(v) => set('funeralTime', v)}
          error={errors.funeralTime}
        />
      </div>
      <ImageUploadField label="Foto" value={values.photoUrl} onChange={(url) => set('photoUrl', url)} upload={upload} onUploadingChange={setUploading} />
      <CheckboxField label="Publicar imediatamente" name="published" checked={values.published} onChange={(v) => set('published', v)} />
      <div className="flex flex-col-reverse gap-3 border-t border-slate-200 pt-5 sm:flex-row sm:justify-end">
        <button type="button" onClick={onCancel} className={secondaryButton}>
          Cancelar
        </button>
        <button type="submit" disabled={saving || uploading} className={primaryButton}>
          {saving ? 'Salvando...' : 'Salvar'}
        </button>
      </div>
    </form>
  );
}
