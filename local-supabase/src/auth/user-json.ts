import { createHash } from 'node:crypto';

/** One auth.users row as the auth server reads it (columns from bootstrap.sql). */
export interface UserRow {
  id: string;
  aud: string;
  role: string;
  email: string | null;
  encrypted_password: string;
  email_confirmed_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Record<string, unknown>;
  raw_user_meta_data: Record<string, unknown>;
  is_anonymous: boolean;
  created_at: Date;
  updated_at: Date;
}

export const USER_COLUMNS = `id, aud, role, email, encrypted_password, email_confirmed_at, last_sign_in_at,
  raw_app_meta_data, raw_user_meta_data, is_anonymous, created_at, updated_at`;

export type JsonObject = Record<string, unknown>;

export interface UserIdentityJson {
  identity_id: string;
  id: string;
  user_id: string;
  identity_data: JsonObject;
  provider: 'email';
  last_sign_in_at?: string;
  created_at: string;
  updated_at: string;
  email?: string;
}

/** GoTrue's user object (models.User): null timestamps are omitted, phone is always a string. */
export interface UserJson {
  id: string;
  aud: string;
  role: string;
  email: string;
  email_confirmed_at?: string;
  phone: string;
  confirmed_at?: string;
  last_sign_in_at?: string;
  app_metadata: JsonObject;
  user_metadata: JsonObject;
  identities: UserIdentityJson[];
  created_at: string;
  updated_at: string;
  is_anonymous: boolean;
}

/** Drivers hand timestamps back as Date (pg, PGlite) but a seeded row could come through as text. */
export function toDate(value: unknown): Date | null {
  if (!(value instanceof Date) && typeof value !== 'string' && typeof value !== 'number') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function iso(value: Date | null): string | undefined {
  return value ? value.toISOString() : undefined;
}

function asObject(value: unknown): JsonObject {
  if (typeof value === 'string') {
    try {
      return asObject(JSON.parse(value));
    } catch {
      return {};
    }
  }
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as JsonObject) : {};
}

/** Coerces whatever the driver returned into a UserRow with real Dates and plain objects. */
export function toUserRow(raw: Record<string, unknown>): UserRow {
  return {
    id: String(raw.id),
    aud: typeof raw.aud === 'string' && raw.aud ? raw.aud : 'authenticated',
    role: typeof raw.role === 'string' && raw.role ? raw.role : 'authenticated',
    email: typeof raw.email === 'string' ? raw.email : null,
    encrypted_password: typeof raw.encrypted_password === 'string' ? raw.encrypted_password : '',
    email_confirmed_at: toDate(raw.email_confirmed_at),
    last_sign_in_at: toDate(raw.last_sign_in_at),
    raw_app_meta_data: asObject(raw.raw_app_meta_data),
    raw_user_meta_data: asObject(raw.raw_user_meta_data),
    is_anonymous: raw.is_anonymous === true,
    created_at: toDate(raw.created_at) ?? new Date(0),
    updated_at: toDate(raw.updated_at) ?? new Date(0),
  };
}

/**
 * GoTrue keeps identities in auth.identities; this harness has exactly one e-mail identity per user, so it is
 * derived from the user row. Its id is a stable UUID computed from the user id so that it never changes.
 */
export function identityIdFor(userId: string): string {
  const hex = createHash('sha256').update(`email-identity:${userId}`).digest('hex');
  const variant = ((parseInt(hex.slice(16, 17), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function identityFor(user: UserRow): UserIdentityJson {
  const email = user.email ?? '';
  const identity: UserIdentityJson = {
    identity_id: identityIdFor(user.id),
    id: user.id,
    user_id: user.id,
    identity_data: {
      email,
      email_verified: user.email_confirmed_at !== null,
      phone_verified: false,
      sub: user.id,
    },
    provider: 'email',
    created_at: user.created_at.toISOString(),
    updated_at: user.updated_at.toISOString(),
  };
  const lastSignIn = iso(user.last_sign_in_at);
  if (lastSignIn) identity.last_sign_in_at = lastSignIn;
  if (email) identity.email = email;
  return identity;
}

export function toUserJson(user: UserRow): UserJson {
  const json: UserJson = {
    id: user.id,
    aud: user.aud,
    role: user.role,
    email: user.email ?? '',
    phone: '',
    app_metadata: appMetadataOf(user),
    user_metadata: user.raw_user_meta_data,
    identities: user.email ? [identityFor(user)] : [],
    created_at: user.created_at.toISOString(),
    updated_at: user.updated_at.toISOString(),
    is_anonymous: user.is_anonymous,
  };
  const confirmed = iso(user.email_confirmed_at);
  if (confirmed) {
    json.email_confirmed_at = confirmed;
    json.confirmed_at = confirmed;
  }
  const lastSignIn = iso(user.last_sign_in_at);
  if (lastSignIn) json.last_sign_in_at = lastSignIn;
  return orderLikeGoTrue(json);
}

/** app_metadata always names the e-mail provider, even for rows seeded without it. */
export function appMetadataOf(user: UserRow): JsonObject {
  return { provider: 'email', providers: ['email'], ...user.raw_app_meta_data };
}

// Key order of GoTrue's JSON (struct field order); purely cosmetic, but it makes captures diff cleanly.
const KEY_ORDER: (keyof UserJson)[] = [
  'id', 'aud', 'role', 'email', 'email_confirmed_at', 'phone', 'confirmed_at', 'last_sign_in_at', 'app_metadata',
  'user_metadata', 'identities', 'created_at', 'updated_at', 'is_anonymous',
];

function orderLikeGoTrue(json: UserJson): UserJson {
  const ordered: Partial<Record<keyof UserJson, unknown>> = {};
  for (const key of KEY_ORDER) if (json[key] !== undefined) ordered[key] = json[key];
  return ordered as UserJson;
}
