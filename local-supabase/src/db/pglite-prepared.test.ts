import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, PGLITE_SHARED_BUFFERS, type Database } from './database.ts';

// PGlite as npm start opens it: a transaction's statements prepared once (pglite-prepared.ts), shared buffers kept
// small (decision 0051).

describe('PGlite as the embedded backend opens it', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openDatabase();
    await db.exec('create table t (id int primary key, v text, at timestamptz, tags text[], doc jsonb)');
  });
  afterAll(() => db.close());

  it('runs with its shared buffers at the configured size', async () => {
    const { rows } = await db.query<{ shared_buffers: string }>('show shared_buffers');
    expect(rows[0]?.shared_buffers).toBe(PGLITE_SHARED_BUFFERS);
  });

  it('answers a statement again after the transaction that prepared it rolled back', async () => {
    const insert = 'insert into t (id, v) values ($1, $2)';
    await expect(
      db.transaction(async (tx) => {
        await tx.query(insert, [1, 'a']);
        throw new Error('undone');
      }),
    ).rejects.toThrow('undone');
    await db.transaction((tx) => tx.query(insert, [2, 'b']));
    expect((await db.query('select id, v from t order by id')).rows).toEqual([{ id: 2, v: 'b' }]);
  });

  it('serialises and reads values by their types, and counts the rows a change touched', async () => {
    const at = new Date('2026-11-29T12:00:00Z');
    const changed = await db.transaction((tx) => tx.query('update t set at = $1, tags = $2, doc = $3 where id = $4', [at, ['x', 'y'], { a: 1 }, 2]));
    expect(changed.affectedRows).toBe(1);
    const { rows } = await db.transaction((tx) => tx.query('select at, tags, doc from t where id = $1', [2]));
    expect(rows).toEqual([{ at, tags: ['x', 'y'], doc: { a: 1 } }]);
  });

  it('fails a kept statement whose table changed shape once, then prepares it anew', async () => {
    const read = 'select * from t where id = $1';
    await db.transaction((tx) => tx.query(read, [2]));
    await db.exec('alter table t add column w int');
    await expect(db.transaction((tx) => tx.query(read, [2]))).rejects.toMatchObject({ code: '0A000' });
    const { rows } = await db.transaction((tx) => tx.query<{ w: number | null }>(read, [2]));
    expect(rows[0]?.w).toBeNull();
  });

  it('keeps a failed statement usable: a duplicate key fails, the next insert goes in', async () => {
    const insert = 'insert into t (id, v) values ($1, $2)';
    await expect(db.transaction((tx) => tx.query(insert, [2, 'again']))).rejects.toMatchObject({ code: '23505' });
    await db.transaction((tx) => tx.query(insert, [3, 'c']));
    expect((await db.query<{ count: number }>('select count(*)::int as count from t')).rows[0]?.count).toBe(2);
  });
});
