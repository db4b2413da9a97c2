import type { MediaKitInterest } from '../../../types/database';
import { MEDIA_KIT_INTERESTS } from '../../../services/media-kit';

// The form's values live on the page: a closed dialog or a failed send keeps them.

export interface MediaKitValues {
  name: string;
  company: string;
  email: string;
  phone: string;
  interest: MediaKitInterest;
  message: string;
}

export const EMPTY_MEDIA_KIT: MediaKitValues = {
  name: '',
  company: '',
  email: '',
  phone: '',
  interest: 'banner-principal',
  message: '',
};

/** What a reader typed into the form before the app ran (the dialog opens without it), as the form's values. */
export function mediaKitValuesFrom(form: HTMLFormElement): MediaKitValues {
  const data = new FormData(form);
  const text = (name: keyof MediaKitValues) => {
    const value = data.get(name);
    return typeof value === 'string' ? value : '';
  };
  const interest = MEDIA_KIT_INTERESTS.find((known) => known === text('interest')) ?? EMPTY_MEDIA_KIT.interest;
  return { name: text('name'), company: text('company'), email: text('email'), phone: text('phone'), interest, message: text('message') };
}
