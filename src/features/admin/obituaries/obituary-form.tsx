import { useState } from 'react';
import type { ObituaryInput } from '../../../services/obituary-admin';
import type { Obituary } from '../../../services/obituaries';
import { todayInputValue } from '../../../lib/dates';
import { CheckboxField, TextAreaField, TextField } from '../../../components/form/form-fields';
import { IMAGE_URL_MESSAGE, isSafeImageUrl } from '../../../lib/safe-urls';
import { ImageUploadField, type UploadImage } from '../shared/image-upload-field';
import { ResourceFormFrame } from '../shared/resource-form-frame';
import type { ResourceFormProps } from '../shared/resource-form-route';
import { useDraftedForm } from '../shared/use-drafted-form';

/** A type rather than an interface: it is the save action's JSON body (see PublicationFormValues). */
export type ObituaryFormValues = {
  name: string;
  age: string;
  deathDate: string;
  biography: string;
  family: string;
  funeralLocation: string;
  funeralTime: string;
  photoUrl: string | null;
  published: boolean;
};

/** A new obituary: docs/product.md §2's date of death defaults to today. */
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

/** docs/product.md §19.7: the age is parsed to an integer. */
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

type Field = 'name' | 'age' | 'deathDate' | 'funeralLocation' | 'funeralTime' | 'photoUrl';
type Errors = Partial<Record<Field, string>>;

/** docs/product.md §19.7: name, age, date of death, funeral place and time are required. */
export function validateObituary(values: ObituaryFormValues): Errors {
  const errors: Errors = {};
  if (!values.name.trim()) errors.name = 'Informe o nome completo';
  const age = values.age.trim();
  if (!age) errors.age = 'Informe a idade';
  else if (!/^\d{1,3}$/.test(age) || Number.parseInt(age, 10) > 130) errors.age = 'Informe a idade em anos (número inteiro)';
  if (!values.deathDate) errors.deathDate = 'Informe a data do falecimento';
  if (!values.funeralLocation.trim()) errors.funeralLocation = 'Informe o local do velório';
  if (!values.funeralTime.trim()) errors.funeralTime = 'Informe o horário do velório';
  if (values.photoUrl && !isSafeImageUrl(values.photoUrl)) errors.photoUrl = IMAGE_URL_MESSAGE;
  return errors;
}

interface ObituaryFormProps extends ResourceFormProps<ObituaryFormValues> {
  upload: UploadImage;
  /** Injected for tests; the browser's localStorage by default. */
  storage?: Storage;
}

/**
 * docs/product.md §2 obituary form, 'Cancelar' and 'Salvar' ('Salvando...'); a failed save keeps every field, and
 * what is typed is kept as a draft until the obituary is saved (useDraftedForm).
 */
export function ObituaryForm({ initialValues, save, onCancel, upload, draftKey, storage }: ObituaryFormProps) {
  const form = useDraftedForm({
    initialValues,
    validate: validateObituary,
    save,
    draft: { key: draftKey, template: emptyObituary(), storage },
  });
  const { values, set, field } = form;
  const [uploading, setUploading] = useState(false);

  return (
    <ResourceFormFrame {...form} onCancel={onCancel} saveDisabled={uploading} notice={form.draftNotice}>
      <TextField label="Nome Completo" required {...field('name')} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="Idade" type="number" inputMode="numeric" min={0} max={130} required {...field('age')} />
        <TextField label="Data do Falecimento" type="date" required {...field('deathDate')} />
      </div>
      <TextAreaField label="Biografia" rows={4} {...field('biography')} />
      <TextAreaField label="Família" rows={2} {...field('family')} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="Local do Velório" required {...field('funeralLocation')} />
        <TextField label="Horário do Velório" required placeholder="Ex.: 08h às 16h" {...field('funeralTime')} />
      </div>
      <ImageUploadField label="Foto" upload={upload} onUploadingChange={setUploading} {...form.imageField('photoUrl')} />
      <CheckboxField label="Publicar imediatamente" name="published" checked={values.published} onChange={(v) => set('published', v)} />
    </ResourceFormFrame>
  );
}
