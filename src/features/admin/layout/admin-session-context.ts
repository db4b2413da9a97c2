import { createContext, useContext } from 'react';
import type { SignedInUser } from '../../../services/auth';
import type { Profile } from '../../../services/profiles';
import type { StaffRole } from '../auth/permissions';

export interface AdminSession {
  user: SignedInUser;
  profile: Profile;
  /** What the panel offers this account (docs/decisions/0037); the database enforces the same rules. */
  role: StaffRole;
}

export const AdminSessionContext = createContext<AdminSession | null>(null);

/** The signed-in staff account, for screens under the admin layout (which guarantees it). */
export function useAdminSession(): AdminSession {
  const session = useContext(AdminSessionContext);
  if (!session) throw new Error('useAdminSession() is only available under the admin layout');
  return session;
}
