-- Authorization (DESIGN §4): roles live in public.profiles, never in user metadata (which the user can write).
-- The first account ever created becomes 'admin'; every later one is 'pending' until an admin approves it.

create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  name text not null default '' check (char_length(name) <= 120),
  email text not null check (char_length(email) <= 254),
  role text not null default 'pending' check (role in ('admin', 'pending')),
  created_at timestamptz not null default now()
);

comment on table public.profiles is 'One row per auth user; role decides what the account may do.';

-- Creates the profile of every new auth user. Runs as the table owner; search_path is empty so every name is
-- qualified. The profiles table is locked so that two simultaneous first sign-ups cannot both become admin.
create function public.handle_new_user() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  first_account boolean;
begin
  lock table public.profiles in share row exclusive mode;
  first_account := not exists (select 1 from public.profiles);
  insert into public.profiles (id, name, email, role)
  values (
    new.id,
    left(btrim(coalesce(new.raw_user_meta_data ->> 'name', '')), 120),
    left(coalesce(new.email, ''), 254),
    case when first_account then 'admin' else 'pending' end
  );
  return new;
end;
$$;

revoke execute on function public.handle_new_user() from public, anon, authenticated;

create trigger on_auth_user_created
  after insert on auth.users
  for each row execute function public.handle_new_user();

-- Accounts that existed before this migration: the oldest becomes admin, the others wait for approval.
insert into public.profiles (id, name, email, role, created_at)
select
  u.id,
  left(btrim(coalesce(u.raw_user_meta_data ->> 'name', '')), 120),
  left(coalesce(u.email, ''), 254),
  case when row_number() over (order by u.created_at, u.id) = 1 then 'admin' else 'pending' end,
  u.created_at
from auth.users u
on conflict (id) do nothing;

-- What every write policy checks. Security definer so that it can read profiles whatever the caller may read.
create function public.is_admin() returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.profiles where id = auth.uid() and role = 'admin'
  );
$$;

revoke execute on function public.is_admin() from public;
grant execute on function public.is_admin() to anon, authenticated, service_role;

-- Approves or revokes an account. Errors the app can map (SQLSTATE, message):
--   42501 'only administrators can change account roles'   caller is not an admin (anon or pending)
--   22023 'invalid role: <role>'                           new_role is neither 'admin' nor 'pending'
--   PF003 'profile not found'                              target_id has no profile
--   PF002 'cannot demote the last administrator'           the target is the only admin left
--   PF001 'administrators cannot demote themselves'        an admin tried to demote their own account
-- (PostgREST answers 401/403 for 42501 and 400 for the others.)
create function public.set_profile_role(target_id uuid, new_role text) returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  current_role_of_target text;
  admin_count integer;
begin
  if not public.is_admin() then
    raise exception 'only administrators can change account roles' using errcode = '42501';
  end if;
  if new_role is null or new_role not in ('admin', 'pending') then
    raise exception 'invalid role: %', coalesce(new_role, 'null') using errcode = '22023';
  end if;

  -- Lock the admins so that two admins demoting each other at once cannot leave the site without one.
  perform 1 from public.profiles where role = 'admin' for update;

  select role into current_role_of_target from public.profiles where id = target_id;
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

  update public.profiles set role = new_role where id = target_id;
end;
$$;

revoke execute on function public.set_profile_role(uuid, text) from public, anon;
grant execute on function public.set_profile_role(uuid, text) to authenticated, service_role;

-- Readers and pending users may only read their own profile; roles change only through set_profile_role.
alter table public.profiles enable row level security;

revoke all on table public.profiles from anon, authenticated;
grant select on table public.profiles to authenticated;
grant all on table public.profiles to service_role;

create policy "Users can read their own profile"
  on public.profiles for select
  to authenticated
  using (id = (select auth.uid()));

create policy "Admins can read all profiles"
  on public.profiles for select
  to authenticated
  using ((select public.is_admin()));
