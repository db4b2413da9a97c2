import { redirect } from 'react-router';
import { browserClient } from '../../../services/browser-client';
import { getSession, userFromSession, type SignedInUser } from '../../../services/auth';
import { getOwnProfile, type Profile } from '../../../services/profiles';
import { loadScreenData } from '../shared/route-data';
import { areaOfPath, isStaffRole, mayUse, type StaffRole } from './permissions';
import { loginPathFor } from './return-path';

/**
 * What the signed-in account may see: the panel, as its role allows (docs/decisions/0037), (docs/decisions/0001) the
 * notice that it waits for approval, or (docs/decisions/0013) that its sign-up was refused: the session still holds a
 * token, but its profile is gone, and a profile is its account (a rejection deletes both:
 * supabase/migrations/20261126100000_api_functions_run_as_caller.sql).
 */
export type AdminAccess =
  | { status: 'staff'; user: SignedInUser; profile: Profile; role: StaffRole }
  | { status: 'pending'; user: SignedInUser; profile: Profile }
  | { status: 'removed'; user: SignedInUser };

const ACCOUNT_LOAD_FAILURE = 'Não foi possível carregar sua conta. Recarregue a página ou tente novamente mais tarde.';

function signInFirst(request: Request): Response {
  const url = new URL(request.url);
  return redirect(loginPathFor(`${url.pathname}${url.search}${url.hash}`));
}

// The admin layout's loader and a screen's loader run side by side (a route's code may even arrive first), and each
// needs to know who is signed in: they share one check per navigation, found by its request. A screen's loader
// that runs alone (after a save, or moving between screens) trusts the last check that found this user an admin;
// the layout checks afresh on every sign-in change and on 'Verificar novamente'.
const checks = new WeakMap<Request, Promise<AdminAccess>>();
let approved: { userId: string; role: StaffRole } | null = null;

/**
 * The signed-in user as supabase-js reports it (it keeps the session in localStorage, refreshes it, and signs out
 * on a failed refresh: docs/product.md §19), or null.
 */
export async function currentUser(): Promise<SignedInUser | null> {
  let user: SignedInUser | null;
  try {
    user = userFromSession(await getSession(browserClient()));
  } catch (error) {
    // An unreadable stored session is as good as none: the sign-in page asks again.
    console.error(error);
    user = null;
  }
  // Signed out, the approval is forgotten: whoever signs in next is checked afresh.
  if (!user) approved = null;
  return user;
}

async function checkAccess(request: Request): Promise<AdminAccess> {
  const user = await currentUser();
  if (!user) throw signInFirst(request);
  const profile = await loadScreenData(ACCOUNT_LOAD_FAILURE, () => getOwnProfile(browserClient(), user.id));
  const role = profile && isStaffRole(profile.role) ? profile.role : null;
  approved = role ? { userId: user.id, role } : null;
  if (!profile) return { status: 'removed', user };
  return role ? { status: 'staff', user, profile, role } : { status: 'pending', user, profile };
}

/** For the admin layout's loader: who is signed in and whether approved; no session → the sign-in page. */
export function loadAdminAccess(request: Request): Promise<AdminAccess> {
  let check = checks.get(request);
  if (!check) {
    check = checkAccess(request);
    checks.set(request, check);
  }
  return check;
}

/** What a screen's loader throws for a role that may not use it: the screen's error element says so. */
export const NO_PERMISSION_STATUS_TEXT = 'Sem permissão';

function forbidden(statusText = 'Forbidden'): Response {
  return new Response('Forbidden', { status: 403, statusText });
}

/**
 * For every screen's loader, before its requests: no session → the sign-in page; an account waiting for approval
 * gets a 403 and nothing is requested (the layout shows the notice instead of the screen); an approved account whose
 * role may not use the screen (by its address: permissions.ts) gets a 403 'Sem permissão', which the screen's error
 * element shows as such. Returns the caller's role.
 */
export async function requireAdmin(request: Request): Promise<StaffRole> {
  let role: StaffRole | null = null;
  if (!checks.has(request)) {
    const user = await currentUser();
    if (!user) throw signInFirst(request);
    if (user.id === approved?.userId) role = approved.role;
  }
  if (!role) {
    const access = await loadAdminAccess(request);
    if (access.status !== 'staff') throw forbidden();
    role = access.role;
  }
  if (!mayUse(role, areaOfPath(new URL(request.url).pathname))) throw forbidden(NO_PERMISSION_STATUS_TEXT);
  return role;
}
