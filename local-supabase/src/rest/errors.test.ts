import { describe, expect, it } from 'vitest';
import { fromPgError, jwtError, statusForSqlState, toRestError } from './errors.ts';

describe('statusForSqlState (docs/architecture.md §5)', () => {
  const cases: [string, boolean, number][] = [
    ['42501', true, 401],
    ['42501', false, 403],
    ['23505', false, 409],
    ['23503', false, 409],
    ['23502', false, 400],
    ['23514', false, 400],
    ['22P02', false, 400],
    ['22001', false, 400],
    ['P0001', false, 400],
    ['25006', false, 405],
    ['42883', false, 404],
    ['42P01', false, 404],
    ['42703', false, 400],
    ['42601', false, 400],
    ['PT402', false, 402],
    ['40001', false, 500],
    ['XX000', false, 500],
    ['28000', false, 403],
  ];
  it.each(cases)('%s (anon: %s) → %i', (code, isAnon, status) => {
    expect(statusForSqlState(code, isAnon)).toBe(status);
  });
});

describe('fromPgError', () => {
  it('keeps the four keys, null when Postgres gave none, and adds WWW-Authenticate on 401', () => {
    const error = fromPgError({ code: '42501', message: 'new row violates row-level security policy for table "t"' }, true);
    expect(error.status).toBe(401);
    expect(error.body).toEqual({
      code: '42501',
      details: null,
      hint: null,
      message: 'new row violates row-level security policy for table "t"',
    });
    expect(error.headers['WWW-Authenticate']).toBe('Bearer');
  });

  it('passes Postgres DETAIL and HINT through', () => {
    const error = fromPgError(
      { code: '23503', message: 'insert or update violates foreign key', detail: 'Key is not present in table "topics".', hint: 'h' },
      false,
    );
    expect(error).toMatchObject({ status: 409, body: { details: 'Key is not present in table "topics".', hint: 'h' } });
  });

  it('answers 401 for a JWT role the database does not know', () => {
    expect(fromPgError({ code: '22023', message: 'role "admin" does not exist' }, false).status).toBe(401);
  });
});

describe('jwtError', () => {
  it('uses PGRST303 for an expired token and PGRST301 otherwise, both 401 with a Bearer challenge', () => {
    const expired = jwtError('expired', 'whatever');
    expect(expired.status).toBe(401);
    expect(expired.body).toEqual({ code: 'PGRST303', details: null, hint: null, message: 'JWT expired' });
    expect(expired.headers['WWW-Authenticate']).toBe('Bearer error="invalid_token", error_description="JWT expired"');
    expect(jwtError('invalid', 'signature verification failed').body.code).toBe('PGRST301');
  });
});

describe('toRestError', () => {
  it('hides unexpected errors behind a bare 500', () => {
    const error = toRestError(new TypeError('x is undefined'), false);
    expect(error.status).toBe(500);
    expect(error.body.message).toBe('Internal server error');
    expect(JSON.stringify(error.body)).not.toContain('x is undefined');
  });
});
