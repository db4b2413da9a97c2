// docs/product.md "nothing typed is lost": a form's values live in localStorage until the record is saved. One
// draft per record and form: `pfn:admin:<form>-draft:<id>`, or `…:new` for a record not saved yet.

/** The forms that keep a draft. */
export type DraftForm = 'publication' | 'obituary' | 'job' | 'campaign';

export function formDraftKey(form: DraftForm, recordId: string | undefined): string {
  return `pfn:admin:${form}-draft:${recordId ?? 'new'}`;
}

export interface StoredDraft<Values> {
  values: Values;
  /** When it was last written (ISO 8601): the restored-draft notice says so. */
  savedAt: string;
}

/**
 * A stored draft's values read against the form's empty values: a field missing from the draft (one kept before the
 * form had it) takes its empty value; a field of another type makes the draft unusable. A field that is empty as
 * null (no image) may hold text.
 */
export function valuesLike<Values extends object>(template: Values, stored: unknown): Values | null {
  if (!stored || typeof stored !== 'object') return null;
  const values: Record<string, unknown> = { ...(template as Record<string, unknown>), ...stored };
  for (const [key, empty] of Object.entries(template)) {
    const value = values[key];
    const fits = empty === null ? value === null || typeof value === 'string' : typeof value === typeof empty;
    if (!fits) return null;
  }
  return values as Values;
}

/** The draft under `key`, or null when there is none, it is unreadable, or it is not this form's. */
export function readFormDraft<Values extends object>(storage: Storage | undefined, key: string, template: Values): StoredDraft<Values> | null {
  try {
    const raw = storage?.getItem(key);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as { values?: unknown; savedAt?: unknown };
    const values = valuesLike(template, parsed.values);
    return values && typeof parsed.savedAt === 'string' ? { values, savedAt: parsed.savedAt } : null;
  } catch {
    // A corrupt or unreadable draft is as good as none.
    return null;
  }
}

export function writeFormDraft(storage: Storage | undefined, key: string, values: object, now = new Date()): void {
  try {
    storage?.setItem(key, JSON.stringify({ values, savedAt: now.toISOString() }));
  } catch (error) {
    // Storage full or disabled (private mode): the form still works, only the safety net is gone.
    console.warn('Could not store the form draft', error);
  }
}

export function removeFormDraft(storage: Storage | undefined, key: string): void {
  try {
    storage?.removeItem(key);
  } catch {
    // Nothing to clean up when storage is unavailable.
  }
}

/** Field by field (the forms' values are flat: text, booleans and null). */
export function sameFormValues<Values extends object>(a: Values, b: Values): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((key) => Object.is((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}
