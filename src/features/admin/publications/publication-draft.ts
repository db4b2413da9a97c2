import { EMPTY_IMAGE_TEXT, EMPTY_PUBLISHING, type PublicationFormValues } from './publication-values';

// docs/product.md "nothing typed is lost": the form's values live in localStorage until the publication is saved.

const PREFIX = 'pfn:admin:publication-draft:';

export function draftKey(publicationId: string | undefined): string {
  return `${PREFIX}${publicationId ?? 'new'}`;
}

interface StoredDraft {
  values: PublicationFormValues;
  savedAt: string;
}

function isValues(value: unknown): value is PublicationFormValues {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.title === 'string' &&
    typeof v.description === 'string' &&
    typeof v.content === 'string' &&
    (v.imageUrl === null || typeof v.imageUrl === 'string') &&
    typeof v.youtubeUrl === 'string' &&
    typeof v.topicId === 'string' &&
    typeof v.published === 'boolean' &&
    typeof v.scheduled === 'boolean' &&
    typeof v.scheduleAt === 'string' &&
    typeof v.isLead === 'boolean' &&
    typeof v.signed === 'boolean' &&
    typeof v.imageAlt === 'string' &&
    typeof v.imageCredit === 'string'
  );
}

export function readDraft(storage: Storage | undefined, key: string): StoredDraft | null {
  try {
    const raw = storage?.getItem(key);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as { values?: unknown; savedAt?: unknown };
    // A draft kept before scheduling existed has none of its fields: they take their defaults.
    const values = parsed.values && typeof parsed.values === 'object' ? { ...EMPTY_PUBLISHING, ...EMPTY_IMAGE_TEXT, ...parsed.values } : parsed.values;
    return isValues(values) && typeof parsed.savedAt === 'string' ? { values, savedAt: parsed.savedAt } : null;
  } catch {
    // A corrupt or unreadable draft is as good as none.
    return null;
  }
}

export function writeDraft(storage: Storage | undefined, key: string, values: PublicationFormValues, now = new Date()): void {
  try {
    storage?.setItem(key, JSON.stringify({ values, savedAt: now.toISOString() } satisfies StoredDraft));
  } catch (error) {
    // Storage full or disabled (private mode): the form still works, only the safety net is gone.
    console.warn('Could not store the publication draft', error);
  }
}

export function removeDraft(storage: Storage | undefined, key: string): void {
  try {
    storage?.removeItem(key);
  } catch {
    // Nothing to clean up when storage is unavailable.
  }
}

export function sameValues(a: PublicationFormValues, b: PublicationFormValues): boolean {
  return (
    a.title === b.title &&
    a.description === b.description &&
    a.content === b.content &&
    a.imageUrl === b.imageUrl &&
    a.youtubeUrl === b.youtubeUrl &&
    a.topicId === b.topicId &&
    a.published === b.published &&
    a.scheduled === b.scheduled &&
    a.scheduleAt === b.scheduleAt &&
    a.isLead === b.isLead &&
    a.signed === b.signed &&
    a.imageAlt === b.imageAlt &&
    a.imageCredit === b.imageCredit
  );
}
