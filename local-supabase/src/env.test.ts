import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_JWT_SECRET, readEnv, REPOSITORY_ROOT } from './env.ts';

describe('readEnv', () => {
  it('has defaults for a newcomer with no configuration', () => {
    expect(readEnv({})).toEqual({
      port: 54321,
      host: '127.0.0.1',
      databaseUrl: undefined,
      databaseApiUrl: undefined,
      dataDir: join(REPOSITORY_ROOT, '.local-supabase'),
      jwtSecret: DEMO_JWT_SECRET,
      adminEmail: 'redacao@portoferreiranoticias.com.br',
      adminPassword: 'portoferreira2026',
    });
  });

  it('reads every variable, trimming blanks away', () => {
    const parsed = readEnv({
      LOCAL_SUPABASE_PORT: '5000',
      LOCAL_SUPABASE_HOST: ' 0.0.0.0 ',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres',
      DATABASE_API_URL: 'postgres://authenticator@127.0.0.1:5432/postgres',
      LOCAL_SUPABASE_DATA_DIR: '/var/tmp/pf',
      LOCAL_SUPABASE_JWT_SECRET: 'x'.repeat(40),
      LOCAL_ADMIN_EMAIL: 'chefe@example.com',
      LOCAL_ADMIN_PASSWORD: '   ',
    });
    expect(parsed).toMatchObject({
      port: 5000,
      host: '0.0.0.0',
      databaseUrl: 'postgres://postgres@127.0.0.1:5432/postgres',
      databaseApiUrl: 'postgres://authenticator@127.0.0.1:5432/postgres',
      dataDir: '/var/tmp/pf',
      jwtSecret: 'x'.repeat(40),
      adminEmail: 'chefe@example.com',
      adminPassword: 'portoferreira2026',
    });
  });

  it('resolves a relative data folder against the repository root', () => {
    expect(readEnv({ LOCAL_SUPABASE_DATA_DIR: 'tmp/data' }).dataDir).toBe(join(REPOSITORY_ROOT, 'tmp/data'));
  });

  it.each([
    [{ LOCAL_SUPABASE_PORT: 'abc' }, /LOCAL_SUPABASE_PORT/],
    [{ LOCAL_SUPABASE_PORT: '70000' }, /LOCAL_SUPABASE_PORT/],
    [{ LOCAL_SUPABASE_JWT_SECRET: 'short' }, /at least 32/],
  ])('refuses %j', (source, message) => {
    expect(() => readEnv(source)).toThrow(message);
  });
});
