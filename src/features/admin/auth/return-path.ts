import { paths, safeInternalPath } from '../../../lib/paths';

/**
 * Where to go after signing in: the admin page first asked for (`?redirectTo=`), in-app paths only. The sign-in and
 * registration pages themselves are never a target (that would bounce back and forth).
 */
export function returnPathAfterLogin(redirectTo: string | null): string {
  const target = safeInternalPath(redirectTo, paths.admin.root());
  const pathname = target.split(/[?#]/)[0];
  if (pathname === paths.admin.login() || pathname === paths.admin.register()) return paths.admin.root();
  return target;
}

export function loginPathFor(redirectTo: string): string {
  return `${paths.admin.login()}?${new URLSearchParams({ redirectTo }).toString()}`;
}
