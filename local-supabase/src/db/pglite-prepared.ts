import { parse, protocol, type PGlite } from '@electric-sql/pglite';

// PGlite's `query` sends every statement unnamed: Postgres parses, analyses, rewrites and plans it again each time.
// In the WASM build that was the larger part of a reader's request (a story's read: 1.2 ms planning, 0.4 ms
// running), so a request's statements inside its transaction go out as named prepared statements instead, as
// node-postgres and PostgREST do on PostgreSQL: Postgres keeps the parsed statement and its plan, and replans by
// itself when a table, a search path or the role (row-level security) changes (docs/decisions/0051).

/** How many statements are kept prepared; the least recently used is closed first. */
export const PREPARED_KEPT = 256;

/**
 * Postgres refuses a kept statement whose tables changed the shape of its result, and one it no longer has: the
 * statement is forgotten (the request fails as its transaction does) and prepared anew when next asked.
 */
const FORGET_ON = new Set(['0A000', '26000']);

/** Inside the caller's transaction: its COMMIT writes the files, as PGlite's own statements in a transaction leave it. */
const IN_TRANSACTION = { syncToFs: false };

interface Prepared {
  name: string;
  /** The parameters' types as Postgres inferred them, for PGlite's own serialisers. */
  paramTypes: number[];
}

export interface PreparedRows<Row> {
  rows: Row[];
  affectedRows?: number;
}

/** One PGlite's prepared statements, by their SQL text. Use only inside its exclusive section (a transaction). */
export interface PreparedStatements {
  query<Row>(sql: string, params: unknown[]): Promise<PreparedRows<Row>>;
}

function codeOf(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error ? String((error).code) : undefined;
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const joined = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    joined.set(part, at);
    at += part.length;
  }
  return joined;
}

export function preparedStatements(pg: PGlite): PreparedStatements {
  const kept = new Map<string, Prepared>();
  let counter = 0;

  async function prepare(sql: string): Promise<Prepared> {
    const found = kept.get(sql);
    if (found) {
      // Most recently used last: the first entry is the one to close.
      kept.delete(sql);
      kept.set(sql, found);
      return found;
    }
    if (kept.size >= PREPARED_KEPT) {
      const [oldestSql, oldest] = kept.entries().next().value as [string, Prepared];
      kept.delete(oldestSql);
      await pg.execProtocol(concat([protocol.serialize.close({ type: 'S', name: oldest.name }), protocol.serialize.sync()]), IN_TRANSACTION);
    }
    counter += 1;
    const name = `pfn_${counter}`;
    const { messages } = await pg.execProtocol(
      concat([protocol.serialize.parse({ name, text: sql }), protocol.serialize.describe({ type: 'S', name }), protocol.serialize.sync()]),
      IN_TRANSACTION,
    );
    const prepared = { name, paramTypes: parse.parseDescribeStatementResults(messages) };
    kept.set(sql, prepared);
    return prepared;
  }

  async function run<Row>(sql: string, params: unknown[]): Promise<PreparedRows<Row>> {
    const { name, paramTypes } = await prepare(sql);
    // As PGlite's own query serialises: by the parameter's type, else as text (an object as its JSON).
    const values = params.map((value, index) => {
      if (value === null || value === undefined) return null;
      const serializer = pg.serializers[paramTypes[index] ?? 0];
      if (serializer) return serializer(value);
      if (typeof value === 'string') return value;
      if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
      return JSON.stringify(value);
    });
    const { messages } = await pg.execProtocol(
      concat([
        protocol.serialize.bind({ statement: name, values }),
        protocol.serialize.describe({ type: 'P' }),
        protocol.serialize.execute({}),
        protocol.serialize.sync(),
      ]),
      IN_TRANSACTION,
    );
    const [result] = parse.parseResults(messages, pg.parsers);
    return { rows: (result?.rows ?? []) as Row[], affectedRows: result?.affectedRows };
  }

  return {
    async query<Row>(sql: string, params: unknown[]) {
      try {
        return await run<Row>(sql, params);
      } catch (error) {
        const stale = kept.get(sql);
        if (stale && FORGET_ON.has(codeOf(error) ?? '')) {
          kept.delete(sql);
          // Closing needs no transaction: it is a protocol message, answered even in a failed one.
          await pg.execProtocol(concat([protocol.serialize.close({ type: 'S', name: stale.name }), protocol.serialize.sync()]), IN_TRANSACTION).catch(() => undefined);
        }
        throw error;
      }
    },
  };
}
