-- Roles and the audit log (issue 26 §6, decision 0037): the groundwork the newsroom's rules stand on.
--
-- * An approved account is an Administrador ('admin': everything, accounts and settings), an Editor ('editor':
--   publishes, schedules, corrects, manages every story, campaign and notice) or a Repórter ('reporter': writes
--   drafts, uploads images, sends a story for review). 'pending' still waits for approval.
-- * private.is_editor() and private.is_staff() answer, as private.is_admin() does, from the caller's profile. The
--   policies that use them are in the next migrations.
-- * public.audit_log: who did what and when, written only by the database (owner-run functions and triggers),
--   readable by administrators only, kept a year (private.audit_log_forget_old, run by the host's scheduled job).

alter table public.profiles drop constraint profiles_role_check;
alter table public.profiles
  add constraint profiles_role_check check (role in ('admin', 'editor', 'reporter', 'pending'));

create function private.is_editor() returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.profiles where id = auth.uid() and role in ('admin', 'editor')
  );
$$;

create function private.is_staff() returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.profiles where id = auth.uid() and role in ('admin', 'editor', 'reporter')
  );
$$;

revoke all on function private.is_editor() from public, anon, authenticated, service_role;
grant execute on function private.is_editor() to anon, authenticated;
revoke all on function private.is_staff() from public, anon, authenticated, service_role;
grant execute on function private.is_staff() to anon, authenticated;

-- ---------------------------------------------------------------------------------------------------------------
-- The audit log.

create table public.audit_log (
  id bigint generated always as identity primary key,
  at timestamptz not null default private.clock_now(),
  -- Null for the database's own jobs (retention); the name is kept so the entry still reads after the account goes.
  actor_id uuid references auth.users (id) on delete set null,
  actor_name text not null default '' check (char_length(actor_name) <= 254),
  action text not null check (action ~ '^[a-z_]{1,40}$'),
  subject_type text not null default '' check (char_length(subject_type) <= 40),
  subject_id text not null default '' check (char_length(subject_id) <= 254),
  summary text not null default '' check (char_length(summary) <= 500),
  detail jsonb not null default '{}'::jsonb check (pg_column_size(detail) <= 8192)
);

comment on table public.audit_log is
  'Who did what and when (sign-ins, publishing, deletions, corrections, roles, data rights). Written by the database only; administrators read it; kept a year.';

create index audit_log_at_idx on public.audit_log (at desc, id desc);
create index audit_log_action_at_idx on public.audit_log (action, at desc);
create index audit_log_actor_id_idx on public.audit_log (actor_id);

alter table public.audit_log enable row level security;

revoke all on table public.audit_log from anon, authenticated;
grant select on table public.audit_log to authenticated;
grant all on table public.audit_log to service_role;

create policy "Admins can read the audit log"
  on public.audit_log for select
  to authenticated
  using ((select private.is_admin()));

-- Records one entry as the caller (auth.uid()), or as nobody for a job. Owner-run so that no API role needs a
-- write grant on the log; EXECUTE for nobody: only other owner-run functions and triggers call it.
create function private.record_audit(
  action text,
  subject_type text default '',
  subject_id text default '',
  summary text default '',
  detail jsonb default '{}'::jsonb
) returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  actor uuid := auth.uid();
  name_of_actor text := '';
begin
  if actor is not null then
    select coalesce(nullif(btrim(p.name), ''), p.email) into name_of_actor from public.profiles p where p.id = actor;
    if not found then
      -- An account that is not (or no longer) a profile: keep who it was without the foreign key.
      select coalesce(u.email, '') into name_of_actor from auth.users u where u.id = actor;
      if not found then
        actor := null;
      end if;
    end if;
  end if;
  insert into public.audit_log (actor_id, actor_name, action, subject_type, subject_id, summary, detail)
  values (actor, left(coalesce(name_of_actor, ''), 254), action, left(subject_type, 40), left(subject_id, 254),
          left(summary, 500), coalesce(detail, '{}'::jsonb));
end;
$$;

revoke all on function private.record_audit(text, text, text, text, jsonb) from public, anon, authenticated, service_role;

-- The log is kept a year; the host's scheduled job calls this (with the other retention jobs).
create function private.audit_log_forget_old() returns integer
language sql
security definer
set search_path = ''
as $$
  with gone as (
    delete from public.audit_log where at < private.clock_now() - interval '1 year' returning 1
  )
  select count(*)::integer from gone;
$$;

revoke all on function private.audit_log_forget_old() from public, anon, authenticated, service_role;
grant execute on function private.audit_log_forget_old() to service_role;

-- ---------------------------------------------------------------------------------------------------------------
-- Sign-ins: GoTrue (hosted and local) stamps auth.users.last_sign_in_at on each password sign-in.

create function private.audit_sign_in() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  name_of_user text;
begin
  select coalesce(nullif(btrim(p.name), ''), p.email) into name_of_user from public.profiles p where p.id = new.id;
  insert into public.audit_log (actor_id, actor_name, action, subject_type, subject_id, summary)
  values (new.id, left(coalesce(name_of_user, new.email, ''), 254), 'sign_in', 'account', new.id::text,
          'Entrou no painel');
  return new;
end;
$$;

revoke all on function private.audit_sign_in() from public, anon, authenticated, service_role;

create trigger audit_sign_in
  after update of last_sign_in_at on auth.users
  for each row
  when (new.last_sign_in_at is distinct from old.last_sign_in_at and new.last_sign_in_at is not null)
  execute function private.audit_sign_in();

-- ---------------------------------------------------------------------------------------------------------------
-- Approving an account assigns one of the three roles; every change of role is in the log. Errors as before, with
-- the roles widened:
--   42501 'only administrators can change account roles'   caller is not an admin
--   22023 'invalid role: <role>'                           new_role is none of admin, editor, reporter, pending
--   PF003 'profile not found'                              target_id has no profile
--   PF002 'cannot demote the last administrator'           the target is the only admin left
--   PF001 'administrators cannot demote themselves'        an admin tried to change their own role
create or replace function public.set_profile_role(target_id uuid, new_role text) returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  current_role_of_target text;
  name_of_target text;
  admin_count integer;
begin
  if not private.is_admin() then
    raise exception 'only administrators can change account roles' using errcode = '42501';
  end if;
  if new_role is null or new_role not in ('admin', 'editor', 'reporter', 'pending') then
    raise exception 'invalid role: %', coalesce(new_role, 'null') using errcode = '22023';
  end if;

  -- Lock the admins so that two admins demoting each other at once cannot leave the site without one.
  perform 1 from public.profiles where role = 'admin' for update;

  select role, coalesce(nullif(btrim(name), ''), email) into current_role_of_target, name_of_target
    from public.profiles where id = target_id;
  if not found then
    raise exception 'profile not found' using errcode = 'PF003';
  end if;

  if current_role_of_target = 'admin' and new_role <> 'admin' then
    select count(*) into admin_count from public.profiles where role = 'admin';
    if admin_count <= 1 then
      raise exception 'cannot demote the last administrator' using errcode = 'PF002';
    end if;
    if target_id = auth.uid() then
      raise exception 'administrators cannot demote themselves' using errcode = 'PF001';
    end if;
  end if;

  if current_role_of_target = new_role then
    return;
  end if;
  update public.profiles set role = new_role where id = target_id;
  perform private.record_audit('role_change', 'account', target_id::text,
    left(name_of_target, 200) || ': ' || current_role_of_target || ' → ' || new_role,
    jsonb_build_object('from', current_role_of_target, 'to', new_role));
end;
$$;

revoke all on function public.set_profile_role(uuid, text) from public, anon, authenticated, service_role;
grant execute on function public.set_profile_role(uuid, text) to authenticated, service_role;
