import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../src/services/auth.ts';
import { ServiceError, type AuthError } from '../../src/services/errors.ts';
import { getOwnProfile, rejectPendingAccount, setProfileRole } from '../../src/services/profiles.ts';
import { startTestBackend, type TestBackend } from '../support/test-backend.ts';

// Rejecting a sign-up (docs/decisions/0013): reject_pending_account deletes a pending account, auth user and
// profile, for admins only, never an admin and never oneself.

let backend: TestBackend;
beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend.stop());

async function authUserExists(id: string): Promise<boolean> {
  const { rows } = await backend.db.query(`select 1 from auth.users where id = $1`, [id]);
  return rows.length > 0;
}

async function refusal(promise: Promise<unknown>): Promise<ServiceError> {
  const error = await promise.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ServiceError);
  return error as ServiceError;
}

describe('rejecting a pending sign-up', () => {
  it('an admin deletes the account: profile, auth user and sessions go, and it can no longer sign in', async () => {
    const admin = await backend.admin();
    const pending = await backend.newUser('Recusado da Silva');
    await rejectPendingAccount(admin.client, pending.id);

    expect(await authUserExists(pending.id)).toBe(false);
    const { rows } = await backend.db.query(`select 1 from public.profiles where id = $1`, [pending.id]);
    expect(rows).toEqual([]);
    const { rows: sessions } = await backend.db.query(`select 1 from auth.sessions where user_id = $1`, [pending.id]);
    expect(sessions).toEqual([]);
    const signInAgain = await signIn(backend.anon(), pending.email, pending.password).catch((e: unknown) => e);
    expect((signInAgain as AuthError).code).toBe('invalid_credentials');
    // The same address may register again, as a new pending account.
    const { error } = await backend.anon().auth.signUp({ email: pending.email, password: pending.password });
    expect(error).toBeNull();
  });

  it('says PF003 for an account that is already gone', async () => {
    const admin = await backend.admin();
    const pending = await backend.newUser();
    await rejectPendingAccount(admin.client, pending.id);
    expect((await refusal(rejectPendingAccount(admin.client, pending.id))).code).toBe('PF003');
  });

  it('refuses a pending account and an anonymous caller (42501), and deletes nothing', async () => {
    const pending = await backend.newUser();
    const other = await backend.newUser();
    expect((await refusal(rejectPendingAccount(pending.client, other.id))).code).toBe('42501');
    expect((await refusal(rejectPendingAccount(pending.client, pending.id))).code).toBe('42501');
    expect((await refusal(rejectPendingAccount(backend.anon(), other.id))).code).toBe('42501');
    expect(await authUserExists(other.id)).toBe(true);
    expect((await getOwnProfile(pending.client, pending.id))?.role).toBe('pending');
  });

  it('never deletes an admin (PF004) nor the caller (PF005)', async () => {
    const admin = await backend.admin();
    const colleague = await backend.newUser('Colega Aprovada');
    await setProfileRole(admin.client, colleague.id, 'admin');
    expect((await refusal(rejectPendingAccount(admin.client, colleague.id))).code).toBe('PF004');
    expect((await refusal(rejectPendingAccount(admin.client, admin.id))).code).toBe('PF005');
    expect(await authUserExists(colleague.id)).toBe(true);
    expect(await authUserExists(admin.id)).toBe(true);
    await setProfileRole(admin.client, colleague.id, 'pending');
  });
});
