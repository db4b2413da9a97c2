import { parseError } from './errors.ts';

/**
 * PostgREST's query-string grammar (docs/architecture.md §5), parsed without looking at the schema: names are checked later,
 * in plan.ts. Pure functions only.
 */

export type SelectItem =
  | { kind: 'star' }
  | { kind: 'column'; name: string; alias?: string }
  | { kind: 'embed'; relation: string; alias?: string; hint?: string; inner: boolean; select: SelectItem[] };

export const FILTER_OPS = [
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
  'is',
  'isdistinct',
  'in',
  'cs',
  'cd',
  'ov',
  'fts',
  'plfts',
  'phfts',
  'wfts',
] as const;
export type FilterOp = (typeof FILTER_OPS)[number];

export const IS_VALUES = ['null', 'not_null', 'true', 'false', 'unknown'] as const;
export type IsValue = (typeof IS_VALUES)[number];

export type Operation =
  | { op: 'is'; value: IsValue }
  | { op: 'in'; values: string[] }
  | { op: 'fts' | 'plfts' | 'phfts' | 'wfts'; value: string; language?: string }
  | { op: Exclude<FilterOp, 'is' | 'in' | 'fts' | 'plfts' | 'phfts' | 'wfts'>; value: string };

export interface Condition {
  kind: 'condition';
  column: string;
  negated: boolean;
  operation: Operation;
}

export interface LogicTree {
  kind: 'logic';
  op: 'and' | 'or';
  negated: boolean;
  children: FilterNode[];
}

export type FilterNode = Condition | LogicTree;

export interface OrderTerm {
  column: string;
  direction?: 'asc' | 'desc';
  nulls?: 'first' | 'last';
}

/** Filters, order and paging of the top-level table or of one embedded resource. */
export interface NodeOptions {
  filters: FilterNode[];
  order: OrderTerm[];
  limit?: number;
  offset?: number;
}

export interface ParsedQuery {
  select: SelectItem[];
  root: NodeOptions;
  /** Keyed by the embed path as written in the key (`topics`, `topics.authors`). */
  embedded: Map<string, NodeOptions>;
  /** `columns=` of an insert or update. */
  columns?: string[];
  /** `on_conflict=` of an upsert. */
  onConflict?: string[];
}

const emptyOptions = (): NodeOptions => ({ filters: [], order: [] });

/** Decodes a whole query string; `params` must come from URLSearchParams (docs/architecture.md §5). */
export function parseQuery(params: URLSearchParams): ParsedQuery {
  const result: ParsedQuery = { select: [{ kind: 'star' }], root: emptyOptions(), embedded: new Map() };
  const optionsFor = (path: string[]): NodeOptions => {
    if (path.length === 0) return result.root;
    const key = path.join('.');
    let options = result.embedded.get(key);
    if (!options) {
      options = emptyOptions();
      result.embedded.set(key, options);
    }
    return options;
  };

  for (const [key, value] of params) {
    if (key === 'select') {
      result.select = value.trim() === '' ? [{ kind: 'star' }] : parseSelect(value);
      continue;
    }
    if (key === 'columns') {
      result.columns = parseColumnList(value, 'columns');
      continue;
    }
    if (key === 'on_conflict') {
      result.onConflict = parseColumnList(value, 'on_conflict');
      continue;
    }
    const segments = key.split('.');
    const last = segments[segments.length - 1] ?? '';
    if (last === 'order') {
      optionsFor(segments.slice(0, -1)).order.push(...parseOrder(value));
    } else if (last === 'limit' || last === 'offset') {
      optionsFor(segments.slice(0, -1))[last] = parseNonNegativeInt(value, last);
    } else if (last === 'or' || last === 'and') {
      const negated = segments[segments.length - 2] === 'not';
      const path = segments.slice(0, negated ? -2 : -1);
      optionsFor(path).filters.push({ kind: 'logic', op: last, negated, children: parseLogicList(value, `${last}=${value}`) });
    } else {
      const column = last;
      if (column === '') throw parseError(`failed to parse filter (${key}=${value})`);
      optionsFor(segments.slice(0, -1)).filters.push(parseCondition(column, value, false));
    }
  }
  return result;
}

function parseNonNegativeInt(value: string, name: string): number {
  if (!/^\d+$/.test(value.trim())) {
    throw parseError(`failed to parse ${name} parameter (${value})`, `"${name}" must be a non-negative integer`);
  }
  return Number(value.trim());
}

/** `"name","slug"` or `name,slug`. */
export function parseColumnList(value: string, param: string): string[] {
  const items = splitTopLevel(value).map((item) => unquote(item.trim()));
  if (items.some((item) => item === '')) throw parseError(`failed to parse ${param} parameter (${value})`);
  return items;
}

// ---------------------------------------------------------------------------------------------------------------
// rpc reads

/** Keys that are never a filter nor a function argument (docs/architecture.md §5). */
function isReadParameter(key: string): boolean {
  if (key === 'select' || key === 'columns' || key === 'on_conflict') return true;
  const last = key.split('.').pop() ?? '';
  return last === 'order' || last === 'limit' || last === 'offset' || last === 'and' || last === 'or';
}

/**
 * Whether a value is an operator expression (`eq.5`, `not.in.(a,b)`), as PostgREST's parser decides it for a GET
 * on a function. Its parser commits once it has read `not.`, `in.` or `is.`: such a value that then fails is a
 * malformed filter (PGRST100), not an argument. Any other value that fails is an argument.
 */
function isOperatorExpression(value: string): boolean {
  const committed = value.startsWith('not.') || /^(in|is)\./.test(value);
  try {
    parseCondition('argument', value, false);
    return true;
  } catch (error) {
    if (committed) throw error;
    return false;
  }
}

/**
 * GET and HEAD on `/rpc/fn` carry the function's arguments in the query string next to the read parameters: a
 * parameter that is not reserved and whose value is no operator expression is an argument (`q=saude`), the others
 * filter, order and page the function's rows (`rank=gt.1`, `order=...`, `limit=10`), as PostgREST does.
 */
export function splitRpcParams(params: URLSearchParams): { query: URLSearchParams; args: Record<string, string> } {
  const query = new URLSearchParams();
  const args: Record<string, string> = {};
  for (const [key, value] of params) {
    if (isReadParameter(key) || isOperatorExpression(value)) query.append(key, value);
    else args[key] = value;
  }
  return { query, args };
}

// ---------------------------------------------------------------------------------------------------------------
// select

export function parseSelect(input: string): SelectItem[] {
  const parser = new SelectParser(input);
  const items = parser.list();
  if (!parser.atEnd()) parser.fail();
  return items;
}

class SelectParser {
  private pos = 0;
  constructor(private readonly input: string) {}

  atEnd(): boolean {
    return this.pos >= this.input.length;
  }

  fail(): never {
    throw parseError(
      `failed to parse select parameter (${this.input})`,
      `unexpected "${this.input.slice(this.pos, this.pos + 1) || 'end of input'}" at position ${this.pos}`,
    );
  }

  private skipSpaces() {
    while (this.input[this.pos] === ' ') this.pos++;
  }

  private peek(text: string): boolean {
    return this.input.startsWith(text, this.pos);
  }

  list(): SelectItem[] {
    const items: SelectItem[] = [this.item()];
    this.skipSpaces();
    while (this.peek(',')) {
      this.pos++;
      items.push(this.item());
      this.skipSpaces();
    }
    return items;
  }

  private name(): string {
    this.skipSpaces();
    if (this.peek('"')) {
      const start = this.pos;
      this.pos++;
      let out = '';
      while (!this.atEnd() && !this.peek('"')) {
        if (this.peek('\\')) this.pos++;
        out += this.input[this.pos] ?? '';
        this.pos++;
      }
      if (!this.peek('"')) {
        this.pos = start;
        this.fail();
      }
      this.pos++;
      return out;
    }
    const match = /^[^,()!:"]+/.exec(this.input.slice(this.pos));
    if (!match) this.fail();
    this.pos += match[0].length;
    const name = match[0].trim();
    // JSON paths (`data->x`) and spreads (`...rel`) are PostgREST features this backend does not offer.
    if (name === '' || name.includes('->') || name.startsWith('...')) {
      this.pos -= match[0].length;
      this.fail();
    }
    return name;
  }

  private item(): SelectItem {
    this.skipSpaces();
    if (this.peek('*')) {
      this.pos++;
      return { kind: 'star' };
    }
    let alias: string | undefined;
    let name = this.name();
    if (this.peek(':') && !this.peek('::')) {
      this.pos++;
      alias = name;
      name = this.name();
    }
    if (this.peek('::')) this.fail(); // casts are not supported
    let hint: string | undefined;
    let inner = false;
    while (this.peek('!')) {
      this.pos++;
      const word = this.name();
      if (word === 'inner') inner = true;
      else if (word !== 'left') hint = word;
    }
    this.skipSpaces();
    if (this.peek('(')) {
      this.pos++;
      this.skipSpaces();
      let select: SelectItem[] = [{ kind: 'star' }];
      if (!this.peek(')')) select = this.list();
      this.skipSpaces();
      if (!this.peek(')')) this.fail();
      this.pos++;
      return { kind: 'embed', relation: name, inner, select, ...(alias ? { alias } : {}), ...(hint ? { hint } : {}) };
    }
    if (hint !== undefined || inner) this.fail();
    return alias ? { kind: 'column', name, alias } : { kind: 'column', name };
  }
}

// ---------------------------------------------------------------------------------------------------------------
// filters

/** A filter's text without its leading `not.`, and whether it had one. */
function withoutNot(text: string): { negated: boolean; rest: string } {
  return text.startsWith('not.') ? { negated: true, rest: text.slice(4) } : { negated: false, rest: text };
}

/** `eq.5`, `not.in.(a,b)`, `fts(english).cat`; in a logic tree a value may be "double-quoted". */
export function parseCondition(column: string, raw: string, inLogic: boolean): Condition {
  const fail = () => parseError(`failed to parse filter (${raw})`, `"${column}=${raw}" is not a valid filter`);
  const { negated, rest } = withoutNot(raw);
  const dot = rest.indexOf('.');
  if (dot < 0) throw fail();
  const opToken = rest.slice(0, dot);
  let value = rest.slice(dot + 1);
  if (inLogic) value = unquote(value);

  // The configuration is an identifier (letters, digits, `_`, `$`, spaces trimmed): `fts(portuguese)`, not `fts(a.b)`.
  const fts = /^(fts|plfts|phfts|wfts)(?:\(([\p{L}\p{N}_$ ]+)\))?$/u.exec(opToken);
  let operation: Operation;
  if (fts) {
    const op = fts[1] as 'fts' | 'plfts' | 'phfts' | 'wfts';
    const language = fts[2]?.trim();
    if (language === '') throw fail();
    operation = language ? { op, value, language } : { op, value };
  } else if (opToken === 'is') {
    const word = value.toLowerCase();
    if (!(IS_VALUES as readonly string[]).includes(word)) throw fail();
    operation = { op: 'is', value: word as IsValue };
  } else if (opToken === 'in') {
    operation = { op: 'in', values: parseInList(value, raw) };
  } else if ((FILTER_OPS as readonly string[]).includes(opToken)) {
    operation = { op: opToken as Exclude<FilterOp, 'is' | 'in' | 'fts' | 'plfts' | 'phfts' | 'wfts'>, value };
  } else {
    throw fail();
  }
  return { kind: 'condition', column, negated, operation };
}

/** `(a,"b,c",d e)`: items split on commas; `"…"` quotes an item and `\` escapes inside quotes. */
export function parseInList(value: string, raw: string): string[] {
  if (!value.startsWith('(') || !value.endsWith(')')) {
    throw parseError(`failed to parse filter (${raw})`, 'in. expects a parenthesised list: in.(a,b)');
  }
  const inner = value.slice(1, -1);
  if (inner === '') return [];
  return splitTopLevel(inner).map((item) => unquote(item));
}

/** The body of `or=(…)` / `and=(…)`, with nested `and(…)`, `or(…)`, `not.and(…)`. */
export function parseLogicList(value: string, raw: string): FilterNode[] {
  const trimmed = value.trim();
  if (!trimmed.startsWith('(') || !trimmed.endsWith(')')) {
    throw parseError(`failed to parse logic tree (${raw})`, 'expected a parenthesised list: or=(a.eq.1,b.eq.2)');
  }
  const inner = trimmed.slice(1, -1);
  if (inner.trim() === '') throw parseError(`failed to parse logic tree (${raw})`, 'the list is empty');
  return splitTopLevel(inner).map((item) => parseLogicItem(item.trim(), raw));
}

function parseLogicItem(item: string, raw: string): FilterNode {
  const tree = /^(not\.)?(and|or)(\(.*\))$/s.exec(item);
  if (tree) {
    return {
      kind: 'logic',
      op: tree[2] as 'and' | 'or',
      negated: tree[1] !== undefined,
      children: parseLogicList(tree[3] ?? '', raw),
    };
  }
  // PostgREST writes a negated condition `col.not.op.v`; `not.col.op.v` is accepted too (docs/architecture.md §5).
  const { negated: negatedPrefix, rest: text } = withoutNot(item);
  const dot = text.indexOf('.');
  if (dot <= 0) throw parseError(`failed to parse logic tree (${raw})`, `"${item}" is not a valid condition`);
  const condition = parseCondition(unquote(text.slice(0, dot)), text.slice(dot + 1), true);
  return negatedPrefix ? { ...condition, negated: !condition.negated } : condition;
}

/** Splits on commas that are outside double quotes and parentheses. */
export function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let current = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] ?? '';
    if (quoted) {
      current += ch;
      if (ch === '\\' && i + 1 < text.length) {
        current += text[i + 1] ?? '';
        i++;
      } else if (ch === '"') {
        quoted = false;
      }
      continue;
    }
    if (ch === '"') quoted = true;
    else if (ch === '(') depth++;
    else if (ch === ')') depth--;
    else if (ch === ',' && depth === 0) {
      parts.push(current);
      current = '';
      continue;
    }
    current += ch;
  }
  parts.push(current);
  return parts;
}

/** `"a\"b"` → `a"b`; anything not fully quoted is returned as is. */
export function unquote(text: string): string {
  if (text.length < 2 || !text.startsWith('"') || !text.endsWith('"')) return text;
  return text.slice(1, -1).replace(/\\(.)/gs, '$1');
}

// ---------------------------------------------------------------------------------------------------------------
// order

export function parseOrder(value: string): OrderTerm[] {
  return splitTopLevel(value).map((term) => {
    const fail = () => parseError(`failed to parse order (${value})`, `"${term}" is not a valid order term`);
    if (term.includes('(')) throw fail(); // ordering by an embedded column is not supported
    const parts = term.trim().split('.');
    const column = unquote(parts[0] ?? '');
    if (column === '' || parts.length > 3) throw fail();
    const result: OrderTerm = { column };
    for (const modifier of parts.slice(1)) {
      if ((modifier === 'asc' || modifier === 'desc') && !result.direction && !result.nulls) result.direction = modifier;
      else if ((modifier === 'nullsfirst' || modifier === 'nullslast') && !result.nulls) {
        result.nulls = modifier === 'nullsfirst' ? 'first' : 'last';
      } else throw fail();
    }
    return result;
  });
}
