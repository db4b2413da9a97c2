import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getSession, onAuthChange, signIn, signOut, signUp, type AuthChangeEvent } from '../../src/services/auth.ts';
import { AuthError, ServiceError } from '../../src/services/errors.ts';
import { getOwnProfile, listProfiles, setProfileRole } from '../../src/services/profiles.ts';
import { startTestBackend, type TestBackend } from '../support/test-backend.ts';

let backend: TestBackend;
beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend.stop());

const uniqueEmail = () => `conta-${Math.random().toString(36).slice(2, 10)}@example.com`;

describe('sign-in', () => {
  it('signs the administrator in and reports SIGNED_IN, then signs out', async () => {
    const client = backend.anon();
    const events: AuthChangeEvent[] = [];
    const unsubscribe = onAuthChange(client, (event) => events.push(event));
    const admin = await backend.admin();
    const session = await signIn(client, admin.email, admin.password);
    expect(session.access_token).toBeTruthy();
    expect((await getSession(client))?.user.email).toBe(admin.email);
    await signOut(client);
    expect(await getSession(client)).toBeNull();
    unsubscribe();
    expect(events).toContain('SIGNED_IN');
    expect(events).toContain('SIGNED_OUT');
  });

  it('maps a wrong password to code invalid_credentials', async () => {
    const admin = await backend.admin();
    const error = await signIn(backend.anon(), admin.email, 'senha-errada').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthError);
    expect((error as AuthError).code).toBe('invalid_credentials');
    expect((error as AuthError).message).toBe('Invalid login credentials');
  });
});

describe('registration', () => {
  it('creates a pending account with the name in metadata, whatever role the metadata claims', async () => {
    const client = backend.anon();
    const email = uniqueEmail();
    const session = await signUp(client, { name: 'Beatriz Lima', email, password: 'segredo1', redirectTo: 'http://127.0.0.1/admin' });
    expect(session?.user.user_metadata.name).toBe('Beatriz Lima');
    const profile = await getOwnProfile(client, session!.user.id);
    expect(profile).toMatchObject({ name: 'Beatriz Lima', email, role: 'pending' });
  });

  it('reports a duplicate e-mail as user_already_exists and a short password as weak_password', async () => {
    const email = uniqueEmail();
    await signUp(backend.anon(), { name: 'A', email, password: 'segredo1', redirectTo: 'http://127.0.0.1/admin' });
    const duplicate = await signUp(backend.anon(), { name: 'A', email, password: 'segredo1', redirectTo: 'http://127.0.0.1/admin' }).catch((e: unknown) => e);
    expect((duplicate as AuthError).code).toBe('user_already_exists');
    const weak = await signUp(backend.anon(), { name: 'B', email: uniqueEmail(), password: '123', redirectTo: 'http://127.0.0.1/admin' }).catch((e: unknown) => e);
    expect((weak as AuthError).code).toBe('weak_password');
  });
});

describe('accounts', () => {
  it('the admin lists accounts and approves a pending one, who can then write', async () => {
    const admin = await backend.admin();
    const reporter = await backend.newUser('Carlos Repórter');
    expect((await getOwnProfile(reporter.client, reporter.id))?.role).toBe('pending');
    const denied = await reporter.client.from('topics').insert({ name: 'Pendente', slug: 'pendente' });
    expect(denied.error?.code).toBe('42501');

    expect((await listProfiles(admin.client)).map((p) => p.id)).toContain(reporter.id);
    await setProfileRole(admin.client, reporter.id, 'admin');
    expect((await getOwnProfile(reporter.client, reporter.id))?.role).toBe('admin');
    const allowed = await reporter.client.from('topics').insert({ name: 'Aprovado', slug: 'aprovado' });
    expect(allowed.error).toBeNull();

    await setProfileRole(admin.client, reporter.id, 'pending');
    expect((await getOwnProfile(reporter.client, reporter.id))?.role).toBe('pending');
  });

  it('a pending account sees only itself and cannot change roles', async () => {
    const pending = await backend.newUser();
    expect((await listProfiles(pending.client)).map((p) => p.id)).toEqual([pending.id]);
    const error = await setProfileRole(pending.client, pending.id, 'admin').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect((await getOwnProfile(pending.client, pending.id))?.role).toBe('pending');
  });

  it('an admin cannot revoke their own access', async () => {
    const admin = await backend.admin();
    const error = await setProfileRole(admin.client, admin.id, 'pending').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect((await getOwnProfile(admin.client, admin.id))?.role).toBe('admin');
  });
});
