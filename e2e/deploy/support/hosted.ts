import { inject } from 'vitest';

/** The stand-in hosted project and the build made for it, as e2e/deploy/global-setup.ts provided them. */
export function hosted() {
  return {
    url: inject('hostedUrl'),
    anonKey: inject('hostedAnonKey'),
    jwtSecret: inject('hostedJwtSecret'),
    admin: { email: inject('hostedAdminEmail'), password: inject('hostedAdminPassword') },
    siteDir: inject('hostedSiteDir'),
  };
}
