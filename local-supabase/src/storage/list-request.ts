import { storageErrors } from './storage-error.ts';

/**
 * The body of `POST /object/list/<bucket>` (storage-js `list(prefix, {limit, offset, sortBy, search})`), checked
 * as Storage's route schema checks it: `prefix` required, `limit` an integer ≥ 1, `offset` ≥ 0, `sortBy.column`
 * one of four columns.
 */

export const LIST_SORT_COLUMNS = ['name', 'updated_at', 'created_at', 'last_accessed_at'] as const;
export type ListSortColumn = (typeof LIST_SORT_COLUMNS)[number];

/** Storage's own search function answers at most this many entries, whatever the limit asked (LEAST(limits, 1500)). */
export const MAX_LIST_LIMIT = 1500;
export const DEFAULT_LIST_LIMIT = 100;

export interface ListRequest {
  /** A folder: '' for the bucket's top level, else ending in '/' (Storage adds the slash). */
  prefix: string;
  /** Names in the folder starting with this, case-insensitively. */
  search: string;
  limit: number;
  offset: number;
  sortColumn: ListSortColumn;
  ascending: boolean;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function integerField(body: Record<string, unknown>, key: string, minimum: number): number | undefined {
  const value = body[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value)) throw storageErrors.invalidRequest(`body/${key} must be integer`);
  if (value < minimum) throw storageErrors.invalidRequest(`body/${key} must be >= ${minimum}`);
  return value;
}

export function parseListRequest(body: unknown): ListRequest {
  if (!isRecord(body)) throw storageErrors.invalidRequest('body must be object');
  const { prefix, search, sortBy } = body;
  if (typeof prefix !== 'string') {
    throw storageErrors.invalidRequest(prefix === undefined ? "body must have required property 'prefix'" : 'body/prefix must be string');
  }
  if (search !== undefined && typeof search !== 'string') throw storageErrors.invalidRequest('body/search must be string');
  const limit = integerField(body, 'limit', 1) ?? DEFAULT_LIST_LIMIT;
  const offset = integerField(body, 'offset', 0) ?? 0;

  let sortColumn: ListSortColumn = 'name';
  let ascending = true;
  if (sortBy !== undefined) {
    if (!isRecord(sortBy)) throw storageErrors.invalidRequest('body/sortBy must be object');
    const { column, order } = sortBy;
    if (!(LIST_SORT_COLUMNS as readonly unknown[]).includes(column)) {
      throw storageErrors.invalidRequest('body/sortBy/column must be equal to one of the allowed values');
    }
    if (order !== undefined && order !== 'asc' && order !== 'desc') {
      throw storageErrors.invalidRequest('body/sortBy/order must be equal to one of the allowed values');
    }
    sortColumn = column as ListSortColumn;
    ascending = order !== 'desc';
  }

  return {
    // Storage treats the prefix as a folder.
    prefix: prefix.length > 0 && !prefix.endsWith('/') ? `${prefix}/` : prefix,
    search: search ?? '',
    limit: Math.min(limit, MAX_LIST_LIMIT),
    offset,
    sortColumn,
    ascending,
  };
}
