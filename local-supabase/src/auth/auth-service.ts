import bcrypt from 'bcryptjs';
import type { Database } from '../db/database.ts';
import { resolveBearer, type JwtClaims } from '../jwt.ts';
import { ACCESS_TOKEN_LIFETIME_SECONDS, issueAccessToken } from './access-token.ts';
import { authErrors } from './auth-error.ts';
import {
  createSession,
  deleteSessions,
  findActiveRefreshToken,
  findRefreshTokenForUpdate,
  findSession,
  issueRefreshToken,
  revokeRefreshToken,
  revokeTokenFamily,
  type AuthenticationMethod,
  type LogoutScope,
  type RefreshTokenRow,
  type SessionRow,
} from './session-store.ts';
import { toUserJson, type JsonObject, type UserJson, type UserRow } from './user-json.ts';
import { forgetCredentialsExcept } from './one-time-token-store.ts';
import { findUserByEmail, findUserById, insertUser, touchLastSignIn, updateUser } from './user-store.ts';
import { isPasswordTooLong, normalizeEmail, passwordWeaknesses, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './validation.ts';

/** GoTrue's bcrypt cost (Go's bcrypt.DefaultCost). */
const BCRYPT_COST = 10;
/** GOTRUE_SECURITY_REFRESH_TOKEN_REUSE_INTERVAL default, in seconds. */
export const DEFAULT_REFRESH_TOKEN_REUSE_SECONDS = 10;

export interface AuthServiceOptions {
  db: Database;
  jwtSecret: string;
  refreshTokenReuseSeconds?: number;
}

/** The body of /token and of an auto-confirmed /signup (docs/architecture.md §5). */
export interface SessionJson {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: UserJson;
}

export interface SignUpInput {
  email?: unknown;
  password?: unknown;
  data?: unknown;
}

export interface UserUpdateInput {
  email?: unknown;
  password?: unknown;
  data?: unknown;
}

export interface Caller {
  user: UserRow;
  session: SessionRow;
  claims: JwtClaims;
}

export type AuthService = ReturnType<typeof createAuthService>;

function isObject(value: unknown): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function sqlState(error: unknown): string | undefined {
  return isObject(error) && typeof error.code === 'string' ? error.code : undefined;
}

/** GoTrue merges metadata updates key by key; a null value removes the key. */
function mergeMetadata(current: JsonObject, patch: JsonObject): JsonObject {
  const merged: JsonObject = { ...current };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

/** GoTrue's checkPasswordStrength, in its order: too long is refused before weakness is judged. */
function weakPasswordCheck(password: string): void {
  if (isPasswordTooLong(password)) throw authErrors.passwordTooLong(MAX_PASSWORD_LENGTH);
  const reasons = passwordWeaknesses(password);
  if (reasons.length > 0) throw authErrors.weakPassword(reasons, MIN_PASSWORD_LENGTH);
}

export function createAuthService(options: AuthServiceOptions) {
  const { db, jwtSecret } = options;
  const reuseMs = (options.refreshTokenReuseSeconds ?? DEFAULT_REFRESH_TOKEN_REUSE_SECONDS) * 1000;

  async function sessionBody(user: UserRow, session: SessionRow, refresh: RefreshTokenRow, issuer: string) {
    const access = await issueAccessToken({
      user,
      sessionId: session.id,
      authenticatedAt: session.created_at,
      method: session.method,
      issuer,
      secret: jwtSecret,
    });
    const body: SessionJson = {
      access_token: access.token,
      token_type: 'bearer',
      expires_in: ACCESS_TOKEN_LIFETIME_SECONDS,
      expires_at: access.expiresAt,
      refresh_token: refresh.token,
      user: toUserJson(user),
    };
    return body;
  }

  /**
   * A new session for a user whose password was just checked (sign-up with auto-confirm, or sign-in), or who
   * followed a recovery link ('otp', as GoTrue's verify issues it).
   */
  async function startSession(userId: string, issuer: string, method: AuthenticationMethod = 'password'): Promise<SessionJson> {
    const { user, session, refresh } = await db.transaction(async (tx) => {
      const signedIn = await touchLastSignIn(tx, userId);
      const created = await createSession(tx, userId, method);
      return { user: signedIn, session: created, refresh: await issueRefreshToken(tx, created, null) };
    });
    return sessionBody(user, session, refresh, issuer);
  }

  /**
   * Validates and stores a new user, in GoTrue's order of checks: auto-confirmed unless `confirmed` is false (a
   * production sign-up that confirms by e-mail, signup-confirmation.ts). Sign-up and the local administrator
   * bootstrap share it, so the database trigger on auth.users sees both the same way.
   */
  async function registerUser(input: SignUpInput, { confirmed = true }: { confirmed?: boolean } = {}): Promise<UserRow> {
    const rawEmail = typeof input.email === 'string' ? input.email : '';
    const password = typeof input.password === 'string' ? input.password : '';
    // GoTrue's validateSignupParams judges the password before the signup handler looks at the address.
    if (password === '') throw authErrors.signupPasswordRequired();
    weakPasswordCheck(password);
    if (rawEmail.trim() === '') throw authErrors.signupEmailRequired();
    const email = normalizeEmail(rawEmail);
    if (!email) throw authErrors.invalidEmail();
    if (await findUserByEmail(db, email)) throw authErrors.userAlreadyExists();

    const passwordHash = await bcrypt.hash(password, BCRYPT_COST);
    const userMetadata = { ...(isObject(input.data) ? input.data : {}), email_verified: confirmed };
    try {
      return await db.transaction((tx) => insertUser(tx, { email, passwordHash, userMetadata, confirmed }));
    } catch (error) {
      // Two sign-ups raced past the lookup above; the unique index decided.
      if (sqlState(error) === '23505') throw authErrors.userAlreadyExists();
      throw error;
    }
  }

  async function signUp(input: SignUpInput, issuer: string): Promise<SessionJson> {
    const user = await registerUser(input);
    return startSession(user.id, issuer);
  }

  async function signInWithPassword(input: { email?: unknown; password?: unknown }, issuer: string) {
    const rawEmail = typeof input.email === 'string' ? input.email.trim().toLowerCase() : '';
    const password = typeof input.password === 'string' ? input.password : '';
    if (rawEmail === '') throw authErrors.missingEmail();
    const user = await findUserByEmail(db, rawEmail);
    // Same answer for an unknown address and a wrong password, so sign-in does not reveal who has an account.
    if (!user || !user.encrypted_password || password === '') throw authErrors.invalidCredentials();
    if (!(await bcrypt.compare(password, user.encrypted_password))) throw authErrors.invalidCredentials();
    if (!user.email_confirmed_at) throw authErrors.emailNotConfirmed();
    return startSession(user.id, issuer);
  }

  /**
   * Rotates a refresh token with GoTrue's reuse rules: a revoked token that is the parent of the session's active
   * token gets that active token back (the client lost the previous answer); any other revoked token is accepted
   * only within the reuse interval, and past it the whole session's token family is revoked.
   */
  async function refresh(input: { refresh_token?: unknown }, issuer: string): Promise<SessionJson> {
    const presented = typeof input.refresh_token === 'string' ? input.refresh_token : '';
    if (presented === '') throw authErrors.refreshTokenRequired();

    const outcome = await db.transaction(async (tx) => {
      const token = await findRefreshTokenForUpdate(tx, presented);
      if (!token) return { kind: 'not_found' as const };
      const session = await findSession(tx, token.session_id);
      if (!session) return { kind: 'not_found' as const };

      let issued: RefreshTokenRow | null = null;
      if (token.revoked) {
        const active = await findActiveRefreshToken(tx, session.id);
        if (active && active.parent === token.token) {
          issued = active;
        } else if (Date.now() > token.updated_at.getTime() + reuseMs) {
          await revokeTokenFamily(tx, session.id);
          // Returned, not thrown: the family revocation must commit.
          return { kind: 'already_used' as const };
        }
      }
      if (!issued) {
        if (!token.revoked) await revokeRefreshToken(tx, token.id);
        issued = await issueRefreshToken(tx, session, token.token);
      }
      const user = await findUserById(tx, session.user_id);
      if (!user) return { kind: 'not_found' as const };
      return { kind: 'ok' as const, user, session, issued };
    });

    if (outcome.kind === 'not_found') throw authErrors.refreshTokenNotFound();
    if (outcome.kind === 'already_used') throw authErrors.refreshTokenAlreadyUsed();
    return sessionBody(outcome.user, outcome.session, outcome.issued, issuer);
  }

  /** GoTrue's requireAuthentication: a verified user JWT whose user and session still exist. */
  async function authenticate(authorization: string | undefined): Promise<Caller> {
    const bearer = authorization?.match(/^Bearer\s+(\S+)\s*$/i)?.[1];
    if (!bearer) throw authErrors.noAuthorization();
    const verified = await resolveBearer(authorization, jwtSecret);
    if (!verified.ok) {
      throw authErrors.badJwt(verified.reason === 'expired' ? 'token has invalid claims: token is expired' : verified.message);
    }
    const { claims } = verified;
    if (typeof claims.sub !== 'string' || claims.sub === '') throw authErrors.missingSub();
    const user = await findUserById(db, claims.sub);
    if (!user) throw authErrors.userNotFound();
    const sessionId = typeof claims.session_id === 'string' ? claims.session_id : '';
    const session = sessionId ? await findSession(db, sessionId) : null;
    if (!session || session.user_id !== user.id) throw authErrors.sessionNotFound();
    return { user, session, claims };
  }

  async function getUser(authorization: string | undefined): Promise<UserJson> {
    return toUserJson((await authenticate(authorization)).user);
  }

  /** PUT /user: metadata, password and (applied at once, as with auto-confirm) e-mail. */
  async function updateCurrentUser(authorization: string | undefined, input: UserUpdateInput): Promise<UserJson> {
    const { user, session } = await authenticate(authorization);
    const changes: { email?: string; passwordHash?: string; userMetadata?: JsonObject } = {};

    if (typeof input.email === 'string' && input.email.trim() !== '') {
      const email = normalizeEmail(input.email);
      if (!email) throw authErrors.invalidEmail();
      if (email !== user.email) {
        const owner = await findUserByEmail(db, email);
        if (owner && owner.id !== user.id) throw authErrors.emailExists();
        changes.email = email;
      }
    }
    if (typeof input.password === 'string') {
      weakPasswordCheck(input.password);
      if (user.encrypted_password && (await bcrypt.compare(input.password, user.encrypted_password))) {
        throw authErrors.samePassword();
      }
      changes.passwordHash = await bcrypt.hash(input.password, BCRYPT_COST);
    }
    if (isObject(input.data)) changes.userMetadata = mergeMetadata(user.raw_user_meta_data, input.data);

    try {
      return toUserJson(
        await db.transaction(async (tx) => {
          const updated = await updateUser(tx, user.id, changes);
          // GoTrue's User.UpdatePassword: whoever held the old password (or a recovery link) loses it everywhere else.
          if (changes.passwordHash) await forgetCredentialsExcept(tx, user.id, session.id);
          return updated;
        }),
      );
    } catch (error) {
      if (sqlState(error) === '23505') throw authErrors.emailExists();
      throw error;
    }
  }

  async function logout(authorization: string | undefined, scope: string | undefined): Promise<void> {
    const chosen = scope ?? 'global';
    if (chosen !== 'global' && chosen !== 'local' && chosen !== 'others') throw authErrors.invalidLogoutScope(chosen);
    const { user, session } = await authenticate(authorization);
    await db.transaction((tx) => deleteSessions(tx, user.id, session.id, chosen satisfies LogoutScope));
  }

  return { registerUser, signUp, signInWithPassword, startSession, refresh, authenticate, getUser, updateCurrentUser, logout };
}
