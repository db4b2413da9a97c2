import type { MediaKitInterest } from '../../../types/database';

// The form's values live on the page (a closed dialog or a failed send keeps them), while the form itself loads only
// when a reader opens the dialog.

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
