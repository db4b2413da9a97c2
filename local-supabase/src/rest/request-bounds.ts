import { RestError } from './errors.ts';
import type { FilterNode, NodeOptions, ParsedQuery, SelectItem } from './parse-query.ts';

/**
 * Bounds on what one REST request may ask the database to do. The backend is one PGlite connection: a request
 * that runs for long holds every other reader up, and PGlite cannot enforce statement_timeout (see
 * db/request-context.ts), so the shape of the request itself is bounded before any SQL runs.
 *
 * MAX_ROWS is PostgREST's db-max-rows as hosted Supabase configures it (max_rows = 1000): a larger or missing
 * `limit` is cut to it and the answer is a truncated range (206 with a count), never an error. The other bounds
 * have no PostgREST setting; they are far above anything the app sends and answer PostgREST's error body.
 */

export const MAX_ROWS = 1000;
/**
 * A request body: far above the largest legitimate one (a publication's content is at most 200,000 characters, some
 * 1.2 MB as escaped JSON at worst), and never read into memory whole when larger.
 */
export const MAX_BODY_BYTES = 4 * 1024 * 1024;
/** Characters after `?`. A gateway in front of hosted PostgREST refuses URLs of this order too. */
export const MAX_QUERY_STRING_LENGTH = 8 * 1024;
/** Levels of embedded resources below the table (`a(b(c))` is 2); the app uses 1. */
export const MAX_EMBED_DEPTH = 3;
/** Columns and embeds named in `select`, all levels together. */
export const MAX_SELECT_ITEMS = 100;
/** Filter conditions (each `in.(…)` item counts as one), all levels and logic trees together. */
export const MAX_FILTER_CONDITIONS = 100;
/** Nesting of `and(…)`/`or(…)` inside one another. */
export const MAX_LOGIC_DEPTH = 4;
/** `order` terms per level. */
export const MAX_ORDER_TERMS = 10;

function tooExpensive(status: number, message: string, details: string): RestError {
  return new RestError(status, { code: 'PGRST100', details, hint: null, message });
}

/** The answer to a body over MAX_BODY_BYTES: 413, as a gateway in front of PostgREST gives, in PostgREST's body. */
export function bodyTooLarge(): RestError {
  return new RestError(413, {
    code: 'PGRST102',
    details: `The request body is larger than ${MAX_BODY_BYTES} bytes.`,
    hint: null,
    message: 'The request body is too large',
  });
}

/** Checked before the query string is parsed: parsing is itself the cost of an absurd one. */
export function checkQueryStringLength(search: string): void {
  const length = search.startsWith('?') ? search.length - 1 : search.length;
  if (length > MAX_QUERY_STRING_LENGTH) {
    throw tooExpensive(
      414,
      'The query string is too long',
      `The query string has ${length} characters; at most ${MAX_QUERY_STRING_LENGTH} are accepted.`,
    );
  }
}

/** The row cap: PostgREST's restrictRange with db-max-rows. */
export function cappedLimit(limit: number | undefined): number {
  return limit === undefined ? MAX_ROWS : Math.min(limit, MAX_ROWS);
}

/** How deep a tree of a request nests (a node inside another is one level) and how much its nodes count together. */
interface TreeShape {
  depth: number;
  count: number;
}

/** What one node of a tree counts for, and the nodes it holds (an embed's select, an and/or group's conditions). */
interface NodeWeight<N> {
  count: number;
  nested?: N[];
}

function treeShape<N>(nodes: N[], weigh: (node: N) => NodeWeight<N>): TreeShape {
  let depth = 0;
  let count = 0;
  for (const node of nodes) {
    const { count: own, nested } = weigh(node);
    count += own;
    if (nested) {
      const inner = treeShape(nested, weigh);
      depth = Math.max(depth, inner.depth + 1);
      count += inner.count;
    }
  }
  return { depth, count };
}

/** Each column and each embed is one item; `*` is none. */
function selectWeight(item: SelectItem): NodeWeight<SelectItem> {
  if (item.kind === 'embed') return { count: 1, nested: item.select };
  return { count: item.kind === 'star' ? 0 : 1 };
}

/** An and/or group counts its conditions; each `in.(…)` item is a condition of its own. */
function filterWeight(node: FilterNode): NodeWeight<FilterNode> {
  if (node.kind === 'logic') return { count: 0, nested: node.children };
  return { count: node.operation.op === 'in' ? Math.max(1, node.operation.values.length) : 1 };
}

/** Refuses a parsed query whose select, filters or order exceed the bounds above (400 PGRST100). */
export function checkQueryShape(query: ParsedQuery): void {
  const select = treeShape(query.select, selectWeight);
  if (select.depth > MAX_EMBED_DEPTH) {
    throw tooExpensive(
      400,
      'The select parameter embeds too deeply',
      `It embeds ${select.depth} levels of resources; at most ${MAX_EMBED_DEPTH} are accepted.`,
    );
  }
  if (select.count > MAX_SELECT_ITEMS) {
    throw tooExpensive(
      400,
      'The select parameter names too many columns',
      `It names ${select.count} columns and resources; at most ${MAX_SELECT_ITEMS} are accepted.`,
    );
  }
  const levels: NodeOptions[] = [query.root, ...query.embedded.values()];
  let conditions = 0;
  for (const level of levels) {
    const shape = treeShape(level.filters, filterWeight);
    conditions += shape.count;
    if (shape.depth > MAX_LOGIC_DEPTH) {
      throw tooExpensive(
        400,
        'The filters nest too deeply',
        `and/or groups are nested ${shape.depth} levels deep; at most ${MAX_LOGIC_DEPTH} are accepted.`,
      );
    }
    if (level.order.length > MAX_ORDER_TERMS) {
      throw tooExpensive(
        400,
        'The order parameter has too many terms',
        `It has ${level.order.length} terms; at most ${MAX_ORDER_TERMS} are accepted.`,
      );
    }
  }
  if (conditions > MAX_FILTER_CONDITIONS) {
    throw tooExpensive(
      400,
      'The request has too many filters',
      `It has ${conditions} filter conditions; at most ${MAX_FILTER_CONDITIONS} are accepted.`,
    );
  }
}
