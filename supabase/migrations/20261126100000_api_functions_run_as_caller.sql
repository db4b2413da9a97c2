-- The functions of the API run as their caller (docs/decisions/0020-definer-functions-on-the-api.md).
--
-- The four search functions and reject_pending_account were SECURITY DEFINER in `public`, so anyone could run
-- them through /rest/v1/rpc as the database owner, and each restated the read rules that row-level security
-- already states: one mistake there would have shown a draft or a scheduled story. Now:
--
-- * public.search_publications, search_publications_count, search_obituaries and search_publication_titles are
--   SECURITY INVOKER. Every row they return is read from its table under the caller's own policies and grants.
-- * The searches still find their rows through their indexes, which row-level security would forbid: a policy's
--   condition must be evaluated before any condition of the query that is not LEAKPROOF, and text search (@@) and
--   LIKE are not, so under the caller's role Postgres reads every visible row instead (EXPLAIN shows a Seq Scan or a
--   walk of the date index; 20261123100000_search_and_paging.sql). That search, and only that, stays owner-run: the
--   former functions move, unchanged in what they compute, to `private`, a schema the API does not expose, where
--   nothing reaches them but these wrappers. The wrappers keep only the rows the caller may read, so a mistake in
--   a search can no longer show anything: it can only leave a page short.
-- * The private searches no longer decide who sees drafts (search_obituaries' include_drafts and the admin title
--   search): they may offer drafts to anyone, and the caller's policies keep them from whoever may not read them.
--   What stays in private.search_publications and private.search_publication_matches, `published and
--   published_at <= now`, is what the reader search is about (live stories, for administrators too) and the
--   condition of its partial indexes; it is no longer what keeps a story hidden.
-- * reject_pending_account is SECURITY INVOKER and deletes the profile; a policy lets administrators delete pending
--   profiles other than their own, and a trigger (owner-run, in `private`, never callable) deletes the auth account
--   of a deleted profile, which no API role may touch.

-- ---------------------------------------------------------------------------------------------------------------
-- The searches move to `private` (their grants, bodies and names go with them).

alter function public.search_publications(text, text, date, integer, real, timestamptz, uuid) set schema private;
alter function public.search_obituaries(text, boolean, integer, date, uuid, boolean, boolean) set schema private;
alter function public.search_publication_titles(text, integer, timestamptz, uuid, text, boolean) set schema private;
drop function public.search_publications_count(text, text, date);

-- A row per search result is a bound the planner should know: the wrappers check a page of rows, not a thousand.
alter function private.search_publications(text, text, date, integer, real, timestamptz, uuid) rows 20;
alter function private.search_obituaries(text, boolean, integer, date, uuid, boolean, boolean) rows 24;
alter function private.search_publication_titles(text, integer, timestamptz, uuid, text, boolean) rows 25;

-- Drafts for whoever asks: the wrapper's read under the caller's policies decides who gets them.
create or replace function private.search_obituaries(
  q text default null,
  include_drafts boolean default false,
  page_size integer default 24,
  after_death_date date default null,
  after_id uuid default null,
  published boolean default null,
  backwards boolean default false
)
returns setof public.obituaries
language plpgsql
stable
security definer
set search_path = ''
rows 24
as $fn$
declare
  conditions text := case when coalesce(include_drafts, false) then 'true' else 'o.published' end;
  pattern text;
  direction text := case when coalesce(backwards, false) then 'asc' else 'desc' end;
begin
  foreach pattern in array private.search_like_patterns(q) loop
    conditions := conditions || ' and private.unaccent_lower(o.name) like ' || pg_catalog.quote_literal(pattern);
  end loop;
  if published is not null then
    conditions := conditions || ' and o.published = ' || case when published then 'true' else 'false' end;
  end if;
  if after_death_date is not null and after_id is not null then
    conditions := conditions || ' and (o.death_date, o.id) ' || case when coalesce(backwards, false) then '>' else '<' end || ' ($1, $2)';
  end if;
  return query execute
    'select o.* from public.obituaries o where ' || conditions
    || ' order by o.death_date ' || direction || ', o.id ' || direction || ' limit $3'
    using after_death_date, after_id, least(greatest(coalesce(page_size, 24), 1), 50);
end;
$fn$;

-- Every state for whoever asks (only signed-in accounts may run it): the wrapper's read decides.
create or replace function private.search_publication_titles(
  q text default null,
  page_size integer default 25,
  after_created_at timestamptz default null,
  after_id uuid default null,
  state text default null,
  backwards boolean default false
)
returns setof public.publications
language plpgsql
stable
security definer
set search_path = ''
rows 25
as $fn$
declare
  conditions text := 'true';
  pattern text;
  direction text := case when coalesce(backwards, false) then 'asc' else 'desc' end;
begin
  foreach pattern in array private.search_like_patterns(q) loop
    conditions := conditions || ' and private.unaccent_lower(p.title) like ' || pg_catalog.quote_literal(pattern);
  end loop;
  conditions := conditions || case state
    when 'published' then ' and p.published and p.published_at <= (select private.clock_now())'
    when 'scheduled' then ' and p.published and p.published_at > (select private.clock_now())'
    when 'draft' then ' and not p.published'
    else ''
  end;
  if after_created_at is not null and after_id is not null then
    conditions := conditions || ' and (p.created_at, p.id) ' || case when coalesce(backwards, false) then '>' else '<' end || ' ($1, $2)';
  end if;
  return query execute
    'select p.* from public.publications p where ' || conditions
    || ' order by p.created_at ' || direction || ', p.id ' || direction || ' limit $3'
    using after_created_at, after_id, least(greatest(coalesce(page_size, 25), 1), 50);
end;
$fn$;

-- The ids of the live stories a reader search matches, at most 1,001 (the count says "more than 1,000" beyond), for
-- public.search_publications_count to count the ones its caller may read.
create function private.search_publication_matches(
  q text default null,
  topic_slug text default null,
  day date default null
)
returns setof uuid
language plpgsql
stable
security definer
set search_path = ''
set enable_seqscan = off
rows 1001
as $fn$
declare
  cap constant integer := 1000;
  tsq tsquery;
  topic uuid;
  start_at timestamptz;
  end_at timestamptz;
begin
  if pg_catalog.btrim(coalesce(q, '')) <> '' then
    tsq := pg_catalog.websearch_to_tsquery('public.pt_unaccent', q);
    if pg_catalog.numnode(tsq) = 0 then
      return;
    end if;
  end if;
  if topic_slug is not null then
    select t.id into topic from public.topics t where t.slug = search_publication_matches.topic_slug;
    if topic is null then
      return;
    end if;
  end if;
  if day is not null then
    start_at := day::timestamp at time zone 'America/Sao_Paulo';
    end_at := (day + 1)::timestamp at time zone 'America/Sao_Paulo';
  end if;

  return query execute 'select p.id from public.publications p where p.published and p.published_at <= (select private.clock_now())'
    || case when tsq is not null then ' and p.search_vector @@ $1' else '' end
    || case when topic is not null then ' and p.topic_id = $2' else '' end
    || case when day is not null then ' and p.published_at >= $3 and p.published_at < $4' else '' end
    || ' limit ' || (cap + 1)
    using tsq, topic, start_at, end_at;
end;
$fn$;

-- Run by the public wrappers as their caller, so the caller's role needs EXECUTE; the API never reaches `private`.
revoke all on function private.search_publications(text, text, date, integer, real, timestamptz, uuid) from public, anon, authenticated, service_role;
grant execute on function private.search_publications(text, text, date, integer, real, timestamptz, uuid) to anon, authenticated, service_role;
revoke all on function private.search_publication_matches(text, text, date) from public, anon, authenticated, service_role;
grant execute on function private.search_publication_matches(text, text, date) to anon, authenticated, service_role;
revoke all on function private.search_obituaries(text, boolean, integer, date, uuid, boolean, boolean) from public, anon, authenticated, service_role;
grant execute on function private.search_obituaries(text, boolean, integer, date, uuid, boolean, boolean) to anon, authenticated, service_role;
revoke all on function private.search_publication_titles(text, integer, timestamptz, uuid, text, boolean) from public, anon, authenticated, service_role;
grant execute on function private.search_publication_titles(text, integer, timestamptz, uuid, text, boolean) to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------------------------
-- The API's searches, as the caller. Each reads its rows from the table under the caller's policies: the ids the
-- private search found become `id = any (array)`, an index lookup that row-level security allows (uuid equality is
-- leakproof), so the check costs one primary-key probe per row of the page.

create function public.search_publications(
  q text default null,
  topic_slug text default null,
  day date default null,
  page_size integer default 20,
  after_rank real default null,
  after_published_at timestamptz default null,
  after_id uuid default null
)
returns table (
  id uuid,
  title text,
  description text,
  image_url text,
  published_at timestamptz,
  views integer,
  author_id uuid,
  topics jsonb,
  rank real,
  excerpt text
)
language sql
stable
security invoker
set search_path = ''
as $$
  with found as materialized (
    select s.*
      from private.search_publications(q, topic_slug, day, page_size, after_rank, after_published_at, after_id)
           with ordinality as s(id, title, description, image_url, published_at, views, author_id, topics, rank, excerpt, n)
  )
  select f.id, f.title, f.description, f.image_url, f.published_at, f.views, f.author_id, f.topics, f.rank, f.excerpt
    from found f
   where f.id = any (array(select p.id from public.publications p where p.id = any (array(select f.id from found f))))
   order by f.n
$$;

comment on function public.search_publications(text, text, date, integer, real, timestamptz, uuid) is
  'Reader search (private.search_publications), keeping the rows the caller may read. Security invoker.';

create function public.search_publications_count(
  q text default null,
  topic_slug text default null,
  day date default null,
  out total integer,
  out exact boolean
)
language sql
stable
security invoker
set search_path = ''
as $$
  select pg_catalog.count(*)::integer, pg_catalog.count(*) <= 1000
    from public.publications p
   where p.id = any (array(select m.id from private.search_publication_matches(q, topic_slug, day) as m(id)))
$$;

comment on function public.search_publications_count(text, text, date) is
  'How many results the reader search has that the caller may read (at most 1,001; exact when 1,000 or fewer).';

create function public.search_obituaries(
  q text default null,
  include_drafts boolean default false,
  page_size integer default 24,
  after_death_date date default null,
  after_id uuid default null,
  published boolean default null,
  backwards boolean default false
)
returns setof public.obituaries
language sql
stable
security invoker
set search_path = ''
as $$
  with found as materialized (
    select s.id, s.ordinality as n
      from private.search_obituaries(q, include_drafts, page_size, after_death_date, after_id, published, backwards)
           with ordinality as s
  )
  select o.*
    from public.obituaries o
    join found f on f.id = o.id
   where o.id = any (array(select f.id from found f))
   order by f.n
$$;

comment on function public.search_obituaries(text, boolean, integer, date, uuid, boolean, boolean) is
  'Obituaries by name, keyset-paged (private.search_obituaries); drafts only for callers who may read them.';

create function public.search_publication_titles(
  q text default null,
  page_size integer default 25,
  after_created_at timestamptz default null,
  after_id uuid default null,
  state text default null,
  backwards boolean default false
)
returns setof public.publications
language sql
stable
security invoker
set search_path = ''
as $$
  with found as materialized (
    select s.id, s.ordinality as n
      from private.search_publication_titles(q, page_size, after_created_at, after_id, state, backwards)
           with ordinality as s
  )
  select p.*
    from public.publications p
    join found f on f.id = p.id
   where p.id = any (array(select f.id from found f))
   order by f.n
$$;

comment on function public.search_publication_titles(text, integer, timestamptz, uuid, text, boolean) is
  'The admin list''s title search, keyset-paged (private.search_publication_titles); rows the caller may read.';

revoke all on function public.search_publications(text, text, date, integer, real, timestamptz, uuid) from public, anon, authenticated, service_role;
grant execute on function public.search_publications(text, text, date, integer, real, timestamptz, uuid) to anon, authenticated, service_role;
revoke all on function public.search_publications_count(text, text, date) from public, anon, authenticated, service_role;
grant execute on function public.search_publications_count(text, text, date) to anon, authenticated, service_role;
revoke all on function public.search_obituaries(text, boolean, integer, date, uuid, boolean, boolean) from public, anon, authenticated, service_role;
grant execute on function public.search_obituaries(text, boolean, integer, date, uuid, boolean, boolean) to anon, authenticated, service_role;
revoke all on function public.search_publication_titles(text, integer, timestamptz, uuid, text, boolean) from public, anon, authenticated, service_role;
grant execute on function public.search_publication_titles(text, integer, timestamptz, uuid, text, boolean) to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------------------------
-- Rejecting a pending account, as the caller: the policy decides, a trigger removes the account.

grant delete on table public.profiles to authenticated;

-- Exactly what reject_pending_account allowed: an administrator, a pending profile, never their own.
create policy "Admins can delete pending profiles other than their own"
  on public.profiles for delete
  to authenticated
  using (role = 'pending' and id <> (select auth.uid()) and (select private.is_admin()));

-- A profile is its account: deleting one deletes the auth user, and with it (on delete cascade) its sessions and
-- tokens, as deleting the auth user always did. Owner-run because no API role may write auth.users; a trigger
-- function, which nobody can call.
create function private.delete_account_of_deleted_profile() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from auth.users u where u.id = old.id;
  return old;
end;
$$;

revoke all on function private.delete_account_of_deleted_profile() from public, anon, authenticated, service_role;

create trigger profiles_delete_account
  after delete on public.profiles
  for each row execute function private.delete_account_of_deleted_profile();

-- Errors as before (SQLSTATE, message):
--   42501 'only administrators can reject accounts'          caller is not an admin (anon or pending)
--   PF005 'administrators cannot reject their own account'   the target is the caller
--   PF003 'profile not found'                                target_id has no profile the caller can see
--   PF004 'only pending accounts can be rejected'            the target is an admin (revoke first)
-- The checks before the delete only choose the message; the policy is what refuses. A concurrent approval makes the
-- delete wait for the row and then find it no longer pending (PF004).
create or replace function public.reject_pending_account(target_id uuid) returns void
language plpgsql
volatile
security invoker
set search_path = ''
as $$
begin
  if not private.is_admin() then
    raise exception 'only administrators can reject accounts' using errcode = '42501';
  end if;
  if target_id = auth.uid() then
    raise exception 'administrators cannot reject their own account' using errcode = 'PF005';
  end if;

  delete from public.profiles p where p.id = target_id;
  if found then
    return;
  end if;
  if not exists (select 1 from public.profiles p where p.id = target_id) then
    raise exception 'profile not found' using errcode = 'PF003';
  end if;
  raise exception 'only pending accounts can be rejected' using errcode = 'PF004';
end;
$$;

revoke all on function public.reject_pending_account(uuid) from public, anon, authenticated, service_role;
grant execute on function public.reject_pending_account(uuid) to authenticated, service_role;
