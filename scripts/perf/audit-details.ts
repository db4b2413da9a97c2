// Lighthouse's audit details are a wide union of shapes; these helpers read the few fields the report needs from
// them as unknown data, so a shape Lighthouse changes yields nothing rather than a crash.

export type Fields = Record<string, unknown>;

export const isFields = (value: unknown): value is Fields => typeof value === 'object' && value !== null;

/** The rows of a table (or opportunity) details object. */
export function tableItems(details: unknown): Fields[] {
  if (!isFields(details) || !Array.isArray(details.items)) return [];
  return details.items.filter(isFields);
}

/** The CSS selector of a details `node` value. */
export function selectorOf(value: unknown): string | undefined {
  if (!isFields(value) || value.type !== 'node') return undefined;
  if (typeof value.selector === 'string' && value.selector) return value.selector;
  return typeof value.snippet === 'string' ? value.snippet : undefined;
}

/** Every node selector anywhere in a details object (tables nested in lists, sub-items), in order, once each. */
export function selectorsIn(details: unknown, found = new Set<string>()): string[] {
  const selector = selectorOf(details);
  if (selector) found.add(selector);
  if (Array.isArray(details)) details.forEach((item) => selectorsIn(item, found));
  else if (isFields(details)) Object.values(details).forEach((value) => selectorsIn(value, found));
  return [...found];
}

export const numberField = (fields: Fields, key: string): number => (typeof fields[key] === 'number' ? fields[key] : 0);
export const stringField = (fields: Fields, key: string): string => (typeof fields[key] === 'string' ? fields[key] : '');
