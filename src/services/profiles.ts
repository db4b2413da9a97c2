import type { ProfileRole, Row } from '../types/database';
import type { DataClient } from './client';
import { check, toServiceError, unwrap } from './errors';
import { anyColumnContains } from './text-match';

export type Profile = Row<'profiles'>;

/** The signed-in user's own profile (its role decides what the admin panel shows), or null without a session. */
export async function getOwnProfile(client: DataClient, userId: string): Promise<Profile | null> {
  const { data, error, status } = await client
    .from('profiles')
    .select('id,name,email,role,created_at')
    .eq('id', userId)
    .maybeSingle();
  if (error) throw toServiceError(error, status);
  return data;
}

export async function listProfiles(client: DataClient, limit = 500): Promise<Profile[]> {
  return unwrap(
    await client.from('profiles').select('id,name,email,role,created_at').order('created_at', { ascending: true }).limit(limit),
  );
}

/**
 * Approves (admin) or revokes (pending) an account through the database function, which refuses self-demotion and
 * demoting the last admin.
 */
export async function setProfileRole(client: DataClient, targetId: string, role: ProfileRole): Promise<void> {
  check(await client.rpc('set_profile_role', { target_id: targetId, new_role: role }));
}

/**
 * Rejects a sign-up: deletes a pending account (its auth user and profile) through the database function, which
 * refuses callers who are not admins (42501), oneself (PF005), an unknown account (PF003) and admins (PF004).
 */
export async function rejectPendingAccount(client: DataClient, targetId: string): Promise<void> {
  check(await client.rpc('reject_pending_account', { target_id: targetId }));
}

/**
 * How many administrators the whole table holds, counted up to `upTo` (2 by default: the accounts screen only asks
 * whether another administrator would remain after a revocation), whatever page or search the screen shows. Bounded
 * by the limit and served by the partial index profiles_administrators_idx
 * (supabase/migrations/20261126110000_administrators_index.sql).
 */
export async function countAdministrators(client: DataClient, upTo = 2): Promise<number> {
  return unwrap(await client.from('profiles').select('id').eq('role', 'admin').limit(upTo)).length;
}

/**
 * The accounts, one page (1-based) of `pageSize`, oldest first (as listProfiles), with the exact total. Offset
 * paging: a newsroom has few accounts, and the (created_at, id) index serves the order.
 */
export async function listProfilesPage(
  client: DataClient,
  page: number,
  pageSize = 25,
  search = '',
): Promise<{ rows: Profile[]; total: number }> {
  const from = (Math.max(page, 1) - 1) * pageSize;
  let request = client.from('profiles').select('id,name,email,role,created_at', { count: 'exact' });
  if (search.trim()) request = request.or(anyColumnContains(['name', 'email'], search.trim()));
  const { data, error, count, status } = await request
    .order('created_at', { ascending: true })
    .order('id', { ascending: true })
    .range(from, from + pageSize - 1);
  return { rows: unwrap({ data, error, status }), total: count ?? 0 };
}
