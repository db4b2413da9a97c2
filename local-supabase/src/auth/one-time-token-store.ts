import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/database.ts';
import { toDate } from './user-json.ts';

// Recovery tokens (auth-local.sql's auth.one_time_tokens). The link carries a random token; only its SHA-256 is
// stored, so the table alone cannot sign anyone in.

export const RECOVERY_TOKEN_TYPE = 'recovery_token';
/** GoTrue's token type for the link that confirms a new account's address. */
export const CONFIRMATION_TOKEN_TYPE = 'confirmation_token';

/** 256 random bits, URL-safe. */
export function newLinkToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Locks the user's row and says when the last recovery e-mail went out (GoTrue's recovery_sent_at). */
export async function lockRecoverySentAt(db: Queryable, userId: string): Promise<Date | null> {
  const { rows } = await db.query(`select recovery_sent_at from auth.users where id = $1 for update`, [userId]);
  return toDate(rows[0]?.recovery_sent_at);
}

/** GoTrue's CreateOneTimeToken: one token of each type per user, so a new link kills the previous one. */
export async function replaceOneTimeToken(db: Queryable, type: string, userId: string, email: string, tokenHash: string): Promise<void> {
  await db.query(`delete from auth.one_time_tokens where user_id = $1 and token_type = $2`, [userId, type]);
  await db.query(
    `insert into auth.one_time_tokens (user_id, token_type, token_hash, relates_to) values ($1, $2, $3, lower($4))`,
    [userId, type, tokenHash, email],
  );
}

/** A recovery link: the user's previous one dies with it, and the time it went out is kept. */
export async function replaceRecoveryToken(db: Queryable, userId: string, email: string, tokenHash: string): Promise<void> {
  await replaceOneTimeToken(db, RECOVERY_TOKEN_TYPE, userId, email, tokenHash);
  await db.query(`update auth.users set recovery_sent_at = now() where id = $1`, [userId]);
}

export interface FoundOneTimeToken {
  userId: string;
  createdAt: Date;
}

/** Locks the token's row, so two clicks on one link cannot both use it. */
export async function findOneTimeTokenForUpdate(db: Queryable, type: string, tokenHash: string): Promise<FoundOneTimeToken | null> {
  const { rows } = await db.query(
    `select user_id, created_at from auth.one_time_tokens where token_hash = $1 and token_type = $2 for update`,
    [tokenHash, type],
  );
  const row = rows[0];
  return row ? { userId: String(row.user_id), createdAt: toDate(row.created_at) ?? new Date(0) } : null;
}

/** GoTrue's ClearAllOneTimeTokensForUser. */
export async function clearOneTimeTokens(db: Queryable, userId: string): Promise<void> {
  await db.query(`delete from auth.one_time_tokens where user_id = $1`, [userId]);
}

/** A recovery e-mail that could not be sent: its token goes, and a new request may be made at once. */
export async function forgetRecoveryRequest(db: Queryable, userId: string): Promise<void> {
  await db.query(`delete from auth.one_time_tokens where user_id = $1 and token_type = $2`, [userId, RECOVERY_TOKEN_TYPE]);
  await db.query(`update auth.users set recovery_sent_at = null where id = $1`, [userId]);
}

/**
 * After a password change (GoTrue's User.UpdatePassword): no pending link works any more, a new one may be asked
 * at once, and every other session of the user ends.
 */
export async function forgetCredentialsExcept(db: Queryable, userId: string, keptSessionId: string): Promise<void> {
  await clearOneTimeTokens(db, userId);
  await db.query(`update auth.users set recovery_sent_at = null where id = $1`, [userId]);
  await db.query(`delete from auth.sessions where user_id = $1 and id <> $2`, [userId, keptSessionId]);
}

