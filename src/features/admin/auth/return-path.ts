import { paths, safeInternalPath } from '../../../lib/paths';

/** The pages outside the panel: never where a sign-in goes on to (that would bounce back and forth). */
const ACCOUNT_PAGES: ReadonlySet<string> = new Set([
  paths.admin.login(),
  paths.admin.register(),
  paths.admin.forgotPassword(),
  paths.admin.newPassword(),
]);

/** Where to go after signing in: the admin page first asked for (`?redirectTo=`), in-app paths only. */
export function returnPathAfterLogin(redirectTo: string | null): string {
  const target = safeInternalPath(redirectTo, paths.admin.root());
  const pathname = target.split(/[?#]/)[0] ?? '';
  return ACCOUNT_PAGES.has(pathname) ? paths.admin.root() : target;
}

export function loginPathFor(redirectTo: string): string {
  return `${paths.admin.login()}?${new URLSearchParams({ redirectTo }).toString()}`;
}
