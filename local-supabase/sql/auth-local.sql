-- Tables the local GoTrue-compatible auth needs beyond bootstrap.sql's auth.users. Hosted Supabase has its own
-- (GoTrue's migrations); these are a small subset with the same names and meaning. Idempotent: runs at every start.

create table if not exists auth.sessions (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  aal text not null default 'aal1',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create index if not exists sessions_user_id_idx on auth.sessions (user_id);

-- Refresh tokens are opaque and rotate on every use. As in GoTrue, the token text is stored: a client that lost the
-- answer to a refresh may present the previous token again and must get the currently active one back. parent
-- links each token to the one it replaced (GoTrue's reuse detection).
create table if not exists auth.refresh_tokens (
  id bigint generated always as identity primary key,
  token text not null unique,
  parent text,
  user_id uuid not null references auth.users (id) on delete cascade,
  session_id uuid not null references auth.sessions (id) on delete cascade,
  revoked boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create index if not exists refresh_tokens_session_id_idx on auth.refresh_tokens (session_id);

-- Only the auth server (supabase_auth_admin, below) reads these; API roles never see them.
revoke all on table auth.sessions, auth.refresh_tokens from public, anon, authenticated;

-- Password recovery (GoTrue's /recover and /verify). recovery_sent_at is GoTrue's column: one e-mail per address a
-- minute. A recovery link's token is kept only as its SHA-256 hash, one live token per user and type (GoTrue's
-- one_time_tokens, with the same unique key); verifying or changing the password deletes the user's tokens.
alter table auth.users add column if not exists recovery_sent_at timestamptz;

create table if not exists auth.one_time_tokens (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  token_type text not null,
  token_hash text not null,
  relates_to text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (user_id, token_type)
);

create index if not exists one_time_tokens_token_hash_idx on auth.one_time_tokens (token_hash);

-- How each session was authenticated (GoTrue's table): 'password' for a sign-in, 'otp' for a recovery link. Access
-- tokens carry it in `amr`, on refresh too, so the app can tell a recovery session from a sign-in.
create table if not exists auth.mfa_amr_claims (
  id uuid primary key default gen_random_uuid(),
  session_id uuid not null references auth.sessions (id) on delete cascade,
  authentication_method text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (session_id, authentication_method)
);

-- Local only (hosted Supabase sends real e-mail): the messages the auth server "sent", shown at /__mailbox. Kept in
-- the database so a link still works after a restart.
create table if not exists auth.local_mailbox (
  id bigint generated always as identity primary key,
  recipient text not null,
  subject text not null,
  body text not null,
  link text not null,
  created_at timestamptz not null default now()
);

revoke all on table auth.one_time_tokens, auth.mfa_amr_claims, auth.local_mailbox from public, anon, authenticated;

-- The embedded backend's own work between requests (docs/decisions/0044): its API connection logs in as
-- `authenticator` and rests as supabase_auth_admin, GoTrue's role on hosted Supabase. It keeps the accounts, sessions
-- and tokens, and reads storage's bucket rules and object metadata (Storage's own reads); nothing in public.
grant usage on schema auth, storage to supabase_auth_admin;
grant select, insert, update, delete on all tables in schema auth to supabase_auth_admin;
grant select on storage.buckets, storage.objects to supabase_auth_admin;
drop policy if exists "the backend reads bucket rules" on storage.buckets;
create policy "the backend reads bucket rules" on storage.buckets for select to supabase_auth_admin using (true);
drop policy if exists "the backend reads object metadata" on storage.objects;
create policy "the backend reads object metadata" on storage.objects for select to supabase_auth_admin using (true);
