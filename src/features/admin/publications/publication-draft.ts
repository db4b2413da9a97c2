import { formDraftKey, readFormDraft, removeFormDraft, writeFormDraft, type StoredDraft } from '../shared/form-draft';
import { EMPTY_PUBLICATION, type PublicationFormValues } from './publication-values';

// The publication form's draft (shared/form-draft.ts): its key and its values' shape.

export function draftKey(publicationId: string | undefined): string {
  return formDraftKey('publication', publicationId);
}

export function readDraft(storage: Storage | undefined, key: string): StoredDraft<PublicationFormValues> | null {
  return readFormDraft(storage, key, EMPTY_PUBLICATION);
}

export function writeDraft(storage: Storage | undefined, key: string, values: PublicationFormValues, now = new Date()): void {
  writeFormDraft(storage, key, values, now);
}

export const removeDraft = removeFormDraft;
