import type { Queryable } from '../db/database.ts';
import { USER_COLUMNS, toUserRow, type JsonObject, type UserRow } from './user-json.ts';

// All of these run as the backend's own role (supabase_auth_admin, decision 0044): auth.users is GoTrue's own table,
// never exposed to API roles.

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | null> {
  const { rows } = await db.query(`select ${USER_COLUMNS} from auth.users where lower(email) = $1 limit 1`, [email]);
  return rows[0] ? toUserRow(rows[0]) : null;
}

export async function findUserById(db: Queryable, id: string): Promise<UserRow | null> {
  const { rows } = await db.query(`select ${USER_COLUMNS} from auth.users where id::text = $1`, [id]);
  return rows[0] ? toUserRow(rows[0]) : null;
}

export interface NewUser {
  email: string;
  passwordHash: string;
  userMetadata: JsonObject;
  /** Auto-confirm (Supabase CLI default): the e-mail counts as verified at once. */
  confirmed: boolean;
}

/** Inserts the user; a unique violation (23505) on email means someone registered it first. */
export async function insertUser(db: Queryable, user: NewUser): Promise<UserRow> {
  const { rows } = await db.query(
    `insert into auth.users (aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data,
                             raw_user_meta_data, is_anonymous)
     values ('authenticated', 'authenticated', $1, $2, case when $3::boolean then now() end,
             '{"provider":"email","providers":["email"]}'::jsonb, $4::jsonb, false)
     returning ${USER_COLUMNS}`,
    [user.email, user.passwordHash, user.confirmed, JSON.stringify(user.userMetadata)],
  );
  return toUserRow(rows[0] ?? {});
}

export async function touchLastSignIn(db: Queryable, id: string): Promise<UserRow> {
  const { rows } = await db.query(
    `update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1 returning ${USER_COLUMNS}`,
    [id],
  );
  return toUserRow(rows[0] ?? {});
}

export interface UserChanges {
  email?: string;
  passwordHash?: string;
  userMetadata?: JsonObject;
}

export async function updateUser(db: Queryable, id: string, changes: UserChanges): Promise<UserRow> {
  const { rows } = await db.query(
    `update auth.users
        set email = coalesce($2, email),
            encrypted_password = coalesce($3, encrypted_password),
            raw_user_meta_data = coalesce($4::jsonb, raw_user_meta_data),
            updated_at = now()
      where id = $1
      returning ${USER_COLUMNS}`,
    [
      id,
      changes.email ?? null,
      changes.passwordHash ?? null,
      changes.userMetadata ? JSON.stringify(changes.userMetadata) : null,
    ],
  );
  return toUserRow(rows[0] ?? {});
}
