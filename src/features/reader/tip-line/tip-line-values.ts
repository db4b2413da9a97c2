import type { FieldErrors } from '../../../components/form/use-validated-form';
import { MAX_TIP_PHOTOS, NEWS_TIP_LIMITS, type TipPhoto } from '../../../services/news-tips';
import { checkImageFile } from '../../../lib/image-files';
import { site } from '../../../config/site';

// The tip line's form (docs/product.md §8a): its values, its pt-BR checks beside each field, and the consent line the
// tip keeps word for word.

export interface TipLineValues {
  whatHappened: string;
  place: string;
  senderName: string;
  senderContact: string;
  consent: boolean;
  photos: TipPhoto[];
}

export const EMPTY_TIP: TipLineValues = {
  whatHappened: '',
  place: '',
  senderName: '',
  senderContact: '',
  consent: false,
  photos: [],
};

/** What the reader authorises by ticking the box: stored with the tip, so the newsroom knows what was agreed. */
export const TIP_CONSENT_TEXT =
  `Autorizo o ${site.name} a usar as informações e as fotos que enviei em suas reportagens e a entrar em contato ` +
  'comigo pelos dados informados. Declaro que as fotos são minhas ou que tenho permissão para enviá-las.';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** 4000 → '4.000', the Brazilian thousands mark, without an Intl formatter (docs/decisions/0028). */
const thousands = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
const tooLong = (limit: number) => `Use no máximo ${thousands(limit)} caracteres.`;

/** A contact the newsroom can use: an e-mail, or a phone with its area code (8 digits or more). */
function isUsableContact(contact: string): boolean {
  return contact.includes('@') ? EMAIL.test(contact) : contact.replace(/\D/g, '').length >= 8;
}

export function validateTip(values: TipLineValues): FieldErrors<TipLineValues> {
  const errors: FieldErrors<TipLineValues> = {};
  const whatHappened = values.whatHappened.trim();
  const place = values.place.trim();
  const contact = values.senderContact.trim();
  if (!whatHappened) errors.whatHappened = 'Conte o que aconteceu.';
  else if (whatHappened.length > NEWS_TIP_LIMITS.whatHappened) errors.whatHappened = tooLong(NEWS_TIP_LIMITS.whatHappened);
  if (!place) errors.place = 'Informe onde aconteceu.';
  else if (place.length > NEWS_TIP_LIMITS.place) errors.place = tooLong(NEWS_TIP_LIMITS.place);
  if (values.senderName.trim().length > NEWS_TIP_LIMITS.senderName) errors.senderName = tooLong(NEWS_TIP_LIMITS.senderName);
  if (contact.length > NEWS_TIP_LIMITS.senderContact) errors.senderContact = tooLong(NEWS_TIP_LIMITS.senderContact);
  else if (contact && !isUsableContact(contact)) errors.senderContact = 'Informe um telefone com DDD ou um e-mail válido.';
  if (values.photos.length > MAX_TIP_PHOTOS) errors.photos = `Envie no máximo ${MAX_TIP_PHOTOS} fotos.`;
  if (!values.consent) errors.consent = 'Marque a autorização para enviar sua sugestão.';
  return errors;
}

export const PHOTO_NOT_AN_IMAGE = 'Envie apenas fotos em PNG, JPEG, WebP, GIF ou AVIF.';
export const PHOTO_TOO_LARGE = 'Cada foto deve ter no máximo 10 MB.';
export const TOO_MANY_PHOTOS = `Você pode enviar até ${MAX_TIP_PHOTOS} fotos.`;

/**
 * Adds chosen files to the photos: those the site's upload rules accept, up to MAX_TIP_PHOTOS in all; the problem
 * with the rest, if any, is said beside the field.
 */
export function addPhotos(current: readonly TipPhoto[], chosen: readonly TipPhoto[]): { photos: TipPhoto[]; problem: string | null } {
  const photos = [...current];
  let problem: string | null = null;
  for (const file of chosen) {
    const refusal = checkImageFile(file);
    if (refusal) {
      problem ??= refusal === 'too-large' ? PHOTO_TOO_LARGE : PHOTO_NOT_AN_IMAGE;
      continue;
    }
    if (photos.length >= MAX_TIP_PHOTOS) {
      problem ??= TOO_MANY_PHOTOS;
      continue;
    }
    photos.push(file);
  }
  return { photos, problem };
}

/** What a reader typed before the app started (the page is prerendered), as the form's values. */
export function typedBeforeStart(form: HTMLFormElement): Partial<TipLineValues> {
  const data = new FormData(form);
  const text = (name: keyof TipLineValues) => {
    const value = data.get(name);
    return typeof value === 'string' ? value : '';
  };
  const typed: Partial<TipLineValues> = {};
  for (const key of ['whatHappened', 'place', 'senderName', 'senderContact'] as const) {
    if (text(key)) typed[key] = text(key);
  }
  if (data.get('consent') !== null) typed.consent = true;
  return typed;
}

/**
 * The photos a reader chose before the app started, taken from the picker, which is then emptied: they are taken
 * once, and choosing again adds to them as usual.
 */
export function chosenBeforeStart(form: HTMLFormElement): File[] {
  const picker = form.elements.namedItem('photos');
  if (!(picker instanceof HTMLInputElement) || !picker.files?.length) return [];
  const files = Array.from(picker.files);
  picker.value = '';
  return files;
}
