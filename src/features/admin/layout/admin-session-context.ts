import { createContext, useContext } from 'react';
import type { SignedInUser } from '../../../services/auth';
import type { Profile } from '../../../services/profiles';

export interface AdminSession {
  user: SignedInUser;
  profile: Profile;
}

export const AdminSessionContext = createContext<AdminSession | null>(null);

/** The signed-in administrator, for screens under the admin layout (which guarantees both). */
export function useAdminSession(): AdminSession {
  const session = useContext(AdminSessionContext);
  if (!session) throw new Error('useAdminSession() is only available under the admin layout');
  return session;
}
