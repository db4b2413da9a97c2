import { signJwt } from '../jwt.ts';
import { appMetadataOf, type UserRow } from './user-json.ts';

/** GoTrue's JWT_EXP default, and what Supabase projects use. */
export const ACCESS_TOKEN_LIFETIME_SECONDS = 3600;

export interface AccessTokenInput {
  user: UserRow;
  sessionId: string;
  /** When the session was created: GoTrue's amr timestamp is the moment of the password check. */
  authenticatedAt: Date;
  /** GoTrue's amr method: 'password' for a sign-in, 'otp' for a recovery link (verify.go issues models.OTP). */
  method?: string;
  issuer: string;
  secret: string;
  now?: Date;
}

export interface IssuedAccessToken {
  token: string;
  issuedAt: number;
  expiresAt: number;
}

/** Signs the access token with exactly GoTrue's claims (docs/architecture.md §5), in GoTrue's order. */
export async function issueAccessToken(input: AccessTokenInput): Promise<IssuedAccessToken> {
  const issuedAt = Math.floor((input.now ?? new Date()).getTime() / 1000);
  const expiresAt = issuedAt + ACCESS_TOKEN_LIFETIME_SECONDS;
  const claims = {
    iss: input.issuer,
    sub: input.user.id,
    aud: input.user.aud,
    exp: expiresAt,
    iat: issuedAt,
    email: input.user.email ?? '',
    phone: '',
    app_metadata: appMetadataOf(input.user),
    user_metadata: input.user.raw_user_meta_data,
    role: input.user.role,
    aal: 'aal1',
    amr: [{ method: input.method ?? 'password', timestamp: Math.floor(input.authenticatedAt.getTime() / 1000) }],
    session_id: input.sessionId,
    is_anonymous: input.user.is_anonymous,
  };
  return { token: await signJwt(claims, input.secret), issuedAt, expiresAt };
}
