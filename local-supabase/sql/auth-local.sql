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

-- Only the auth server (the superuser connection) reads these; API roles never see them.
revoke all on table auth.sessions, auth.refresh_tokens from public, anon, authenticated;
