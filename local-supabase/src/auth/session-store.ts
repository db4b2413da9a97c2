import { randomBytes, randomUUID } from 'node:crypto';
import type { Queryable } from '../db/database.ts';
import { toDate } from './user-json.ts';

// Sessions and rotating refresh tokens (auth-local.sql). Like GoTrue, the token text itself is stored: the reuse
// rule below must hand a client back the currently active token, which a one-way hash could not do.

export interface SessionRow {
  id: string;
  user_id: string;
  created_at: Date;
  /**
   * How the session was authenticated (auth.mfa_amr_claims): 'password', 'otp' for a recovery link, 'email/signup'
   * for a sign-up's confirmation link (GoTrue's models.EmailSignup).
   */
  method: string;
}

export type AuthenticationMethod = 'password' | 'otp' | 'email/signup';

export interface RefreshTokenRow {
  id: number;
  token: string;
  parent: string | null;
  user_id: string;
  session_id: string;
  revoked: boolean;
  updated_at: Date;
}

/** Opaque, URL-safe and unguessable; GoTrue's tokens are short random strings too. */
export function newRefreshTokenText(): string {
  return randomBytes(24).toString('base64url');
}

function toSession(raw: Record<string, unknown>): SessionRow {
  return {
    id: String(raw.id),
    user_id: String(raw.user_id),
    created_at: toDate(raw.created_at) ?? new Date(),
    method: typeof raw.method === 'string' ? raw.method : 'password',
  };
}

function toRefreshToken(raw: Record<string, unknown>): RefreshTokenRow {
  return {
    id: Number(raw.id),
    token: String(raw.token),
    parent: typeof raw.parent === 'string' ? raw.parent : null,
    user_id: String(raw.user_id),
    session_id: String(raw.session_id),
    revoked: raw.revoked === true,
    updated_at: toDate(raw.updated_at) ?? new Date(0),
  };
}

export async function createSession(db: Queryable, userId: string, method: AuthenticationMethod = 'password'): Promise<SessionRow> {
  const { rows } = await db.query(
    `insert into auth.sessions (id, user_id) values ($1, $2) returning id, user_id, created_at`,
    [randomUUID(), userId],
  );
  const session = toSession({ ...(rows[0] ?? {}), method });
  await db.query(`insert into auth.mfa_amr_claims (session_id, authentication_method) values ($1, $2)`, [session.id, method]);
  return session;
}

export async function findSession(db: Queryable, id: string): Promise<SessionRow | null> {
  // Sessions from before the amr table existed were password sign-ins.
  const { rows } = await db.query(
    `select s.id, s.user_id, s.created_at,
            (select c.authentication_method from auth.mfa_amr_claims c where c.session_id = s.id
              order by c.created_at desc limit 1) as method
       from auth.sessions s where s.id::text = $1`,
    [id],
  );
  return rows[0] ? toSession(rows[0]) : null;
}

export async function issueRefreshToken(
  db: Queryable,
  session: { id: string; user_id: string },
  parent: string | null,
): Promise<RefreshTokenRow> {
  const { rows } = await db.query(
    `insert into auth.refresh_tokens (token, parent, user_id, session_id) values ($1, $2, $3, $4)
     returning id, token, parent, user_id, session_id, revoked, updated_at`,
    [newRefreshTokenText(), parent, session.user_id, session.id],
  );
  await db.query(`update auth.sessions set updated_at = now() where id = $1`, [session.id]);
  return toRefreshToken(rows[0] ?? {});
}

/** Locks the token row: two refreshes of the same token must not both rotate it. */
export async function findRefreshTokenForUpdate(db: Queryable, token: string): Promise<RefreshTokenRow | null> {
  const { rows } = await db.query(
    `select id, token, parent, user_id, session_id, revoked, updated_at
       from auth.refresh_tokens where token = $1 for update`,
    [token],
  );
  return rows[0] ? toRefreshToken(rows[0]) : null;
}

export async function findActiveRefreshToken(db: Queryable, sessionId: string): Promise<RefreshTokenRow | null> {
  const { rows } = await db.query(
    `select id, token, parent, user_id, session_id, revoked, updated_at
       from auth.refresh_tokens where session_id = $1 and not revoked order by id desc limit 1`,
    [sessionId],
  );
  return rows[0] ? toRefreshToken(rows[0]) : null;
}

export async function revokeRefreshToken(db: Queryable, id: number): Promise<void> {
  await db.query(`update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1`, [id]);
}

/** GoTrue's answer to a stolen token being replayed: every token of that session dies. */
export async function revokeTokenFamily(db: Queryable, sessionId: string): Promise<void> {
  await db.query(`update auth.refresh_tokens set revoked = true where session_id = $1 and not revoked`, [sessionId]);
}

export type LogoutScope = 'global' | 'local' | 'others';

/** Deleting the sessions deletes their refresh tokens too (on delete cascade). */
export async function deleteSessions(db: Queryable, userId: string, sessionId: string, scope: LogoutScope): Promise<void> {
  if (scope === 'global') {
    await db.query(`delete from auth.sessions where user_id = $1`, [userId]);
  } else if (scope === 'local') {
    await db.query(`delete from auth.sessions where id = $1`, [sessionId]);
  } else {
    await db.query(`delete from auth.sessions where user_id = $1 and id <> $2`, [userId, sessionId]);
  }
}
