-- Security hardening (docs/decisions/0015-database-security-hardening.md).
--
-- * Helpers that only policies, checks, generated columns and other functions use leave the exposed schema for
--   `private` (not exposed by the API): is_admin() above all, which answered anyone at /rest/v1/rpc/is_admin.
--   `alter function ... set schema` keeps every policy, check, index and generated column that uses them (they hold
--   the function's OID); functions that call them by name are restated below.
-- * One permissive policy per role and action: the duplicated SELECT policies are merged.
-- * storage.objects: no SELECT for anyone but administrators on the image buckets, so nobody else can list them.
--   Public object URLs need no policy (the storage server serves public buckets itself).
-- * URL fields: one definition, private.is_youtube_url and private.is_safe_image_url (mirrored by
--   src/lib/safe-urls.ts; tests/security/url-rules.test.ts feeds both one corpus).
-- * View counting: at most once per story per client in 6 hours, keyed by a salted hash of the client address.
-- * Media-kit requests: at most 3 per client per hour and 3 per e-mail address per 24 hours (PT429), a `handled_at`
--   column administrators may set, and an insert policy that checks the row.
--
-- Errors the app can map (SQLSTATE, message):
--   PT429 'media_kit_rate_limited'   too many media-kit requests from this client or for this e-mail (HTTP 429)
--   23514 (check_violation)          a URL field that breaks its rule

-- ---------------------------------------------------------------------------------------------------------------
-- Helpers leave the exposed schema.

alter function public.is_admin() set schema private;
alter function public.is_own_storage_image_url(text) set schema private;
alter function public.body_images_are_own_storage(text) set schema private;
alter function public.html_to_text(text) set schema private;
alter function public.unaccent_lower(text) set schema private;
alter function public.search_like_patterns(text) set schema private;
alter function public.search_lexemes(tsquery) set schema private;
alter function public.search_excerpt(text, text[]) set schema private;
alter function public.sao_paulo_date(timestamptz) set schema private;
alter function public.reserved_topic_slugs() set schema private;

-- Who may run them: the roles whose policies, checks, generated columns or index expressions evaluate them (Postgres
-- checks EXECUTE there as the caller). The rest run only inside security definer functions, as their owner.
revoke all on function private.is_admin() from public, anon, authenticated, service_role;
grant execute on function private.is_admin() to anon, authenticated;
revoke all on function private.is_own_storage_image_url(text) from public, anon, authenticated, service_role;
grant execute on function private.is_own_storage_image_url(text) to authenticated;
revoke all on function private.body_images_are_own_storage(text) from public, anon, authenticated, service_role;
grant execute on function private.body_images_are_own_storage(text) to authenticated;
revoke all on function private.html_to_text(text) from public, anon, authenticated, service_role;
grant execute on function private.html_to_text(text) to authenticated;
revoke all on function private.unaccent_lower(text) from public, anon, authenticated, service_role;
grant execute on function private.unaccent_lower(text) to authenticated;
revoke all on function private.search_like_patterns(text) from public, anon, authenticated, service_role;
revoke all on function private.search_lexemes(tsquery) from public, anon, authenticated, service_role;
revoke all on function private.search_excerpt(text, text[]) from public, anon, authenticated, service_role;
revoke all on function private.sao_paulo_date(timestamptz) from public, anon, authenticated, service_role;
grant execute on function private.sao_paulo_date(timestamptz) to anon, authenticated;
revoke all on function private.reserved_topic_slugs() from public, anon, authenticated, service_role;
grant execute on function private.reserved_topic_slugs() to authenticated;
revoke all on function private.clock_now() from public, anon, authenticated, service_role;
grant execute on function private.clock_now() to anon, authenticated;

-- Callers by name, restated with the new schema.

create or replace function private.body_images_are_own_storage(body text)
returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  select body is null or not exists (
    select 1
    from regexp_matches(body, '<(?:img|image)(?=[\s/>]|$)((?:[^>"'']|"[^"]*"|''[^'']*'')*)', 'gi') as tag(parts)
    where tag.parts[1] !~ '^(\s+(src|alt)="[^"]*"|\s+(width|height)="[0-9]{1,5}")*\s*/?$'
       or not coalesce(private.is_own_storage_image_url(substring(tag.parts[1] from '\ssrc="([^"]*)"')), false)
  )
$$;

create or replace function private.search_like_patterns(q text) returns text[]
language sql
immutable
set search_path = ''
as $$
  select coalesce(pg_catalog.array_agg('%' || pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(
           w.word, '\', '\\'), '%', '\%'), '_', '\_') || '%' order by w.n), '{}')
    from pg_catalog.regexp_split_to_table(private.unaccent_lower(pg_catalog.btrim(coalesce(q, ''))), '[[:space:]]+')
         with ordinality as w(word, n)
   where w.word <> '' and w.n <= 5
$$;

create or replace function public.keep_reserved_topic_slug() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if old.slug = any (private.reserved_topic_slugs()) then
    raise exception 'topic slug "%" is reserved: the site links to it', old.slug
      using errcode = 'PF004', hint = 'Rename the topic without changing its slug.';
  end if;
  return new;
end;
$$;

create or replace function public.set_profile_role(target_id uuid, new_role text) returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  current_role_of_target text;
  admin_count integer;
begin
  if not private.is_admin() then
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

create or replace function public.reject_pending_account(target_id uuid) returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  role_of_target text;
begin
  if not private.is_admin() then
    raise exception 'only administrators can reject accounts' using errcode = '42501';
  end if;
  if target_id = auth.uid() then
    raise exception 'administrators cannot reject their own account' using errcode = 'PF005';
  end if;

  -- Locked, so an approval racing this rejection waits and then finds no row, rather than approving a ghost.
  select role into role_of_target from public.profiles where id = target_id for update;
  if not found then
    raise exception 'profile not found' using errcode = 'PF003';
  end if;
  if role_of_target <> 'pending' then
    raise exception 'only pending accounts can be rejected' using errcode = 'PF004';
  end if;

  delete from auth.users where id = target_id;
end;
$$;

create or replace function public.search_obituaries(
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
as $fn$
declare
  conditions text := case when coalesce(include_drafts, false) and private.is_admin() then 'true' else 'o.published' end;
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

create or replace function public.search_publication_titles(
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
as $fn$
declare
  live constant text := 'p.published and p.published_at <= (select private.clock_now())';
  conditions text := case when private.is_admin() then 'true' else live end;
  pattern text;
  direction text := case when coalesce(backwards, false) then 'asc' else 'desc' end;
begin
  foreach pattern in array private.search_like_patterns(q) loop
    conditions := conditions || ' and private.unaccent_lower(p.title) like ' || pg_catalog.quote_literal(pattern);
  end loop;
  conditions := conditions || case state
    when 'published' then ' and ' || live
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

-- search_publications and search_publications_count, as in 20261123130000_newsroom_day.sql with the helpers in
-- `private`, and the clock read once per statement: `(select private.clock_now())` is an init plan, whereas a bare
-- call in a filter runs the security definer function for every row (about 10 ms each on PostgreSQL 15: a count of
-- 1,001 fresh matches took 10 s). search_publication_titles above reads it the same way.
create or replace function public.search_publications_count(
  q text default null,
  topic_slug text default null,
  day date default null,
  out total integer,
  out exact boolean
)
language plpgsql
stable
security definer
set search_path = ''
set enable_seqscan = off
as $fn$
declare
  cap constant integer := 1000;
  tsq tsquery;
  topic uuid;
  start_at timestamptz;
  end_at timestamptz;
begin
  total := 0;
  exact := true;
  if pg_catalog.btrim(coalesce(q, '')) <> '' then
    tsq := pg_catalog.websearch_to_tsquery('public.pt_unaccent', q);
    if pg_catalog.numnode(tsq) = 0 then
      return;
    end if;
  end if;
  if topic_slug is not null then
    select t.id into topic from public.topics t where t.slug = search_publications_count.topic_slug;
    if topic is null then
      return;
    end if;
  end if;
  if day is not null then
    start_at := day::timestamp at time zone 'America/Sao_Paulo';
    end_at := (day + 1)::timestamp at time zone 'America/Sao_Paulo';
  end if;

  execute 'select pg_catalog.count(*)::integer from (select 1 from public.publications p where p.published and p.published_at <= (select private.clock_now())'
    || case when tsq is not null then ' and p.search_vector @@ $1' else '' end
    || case when topic is not null then ' and p.topic_id = $2' else '' end
    || case when day is not null then ' and p.published_at >= $3 and p.published_at < $4' else '' end
    || ' limit ' || (cap + 1) || ') matches'
    into total
    using tsq, topic, start_at, end_at;
  exact := total <= cap;
end;
$fn$;


create or replace function public.search_publications(
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
language plpgsql
stable
security definer
set search_path = ''
-- Listed so that the set_config() calls below are undone when the function returns.
set enable_indexscan = on
set enable_seqscan = on
as $fn$
declare
  probe_rows constant integer := 200;
  walk_rows constant integer := 600;
  tsq tsquery;
  topic uuid;
  start_at timestamptz;
  end_at timestamptz;
  remaining integer := least(greatest(coalesce(page_size, 20), 1), 50);
  has_cursor boolean := after_published_at is not null and after_id is not null;
  cursor_tier integer := coalesce(after_rank, 3)::integer;
  range_sql text;
  tier integer;
  in_range text;
  tier_test text;
  card_sql text;
  found_rows integer;
  ids uuid[];
  lexemes text[];
  bound_at timestamptz;
  bound_id uuid;
  got integer;
begin
  if pg_catalog.btrim(coalesce(q, '')) <> '' then
    tsq := pg_catalog.websearch_to_tsquery('public.pt_unaccent', q);
    -- Only stop words ('de', 'a'): nothing can match.
    if pg_catalog.numnode(tsq) = 0 then
      return;
    end if;
    lexemes := private.search_lexemes(tsq);
  end if;
  if topic_slug is not null then
    select t.id into topic from public.topics t where t.slug = search_publications.topic_slug;
    if topic is null then
      return;
    end if;
  end if;
  if day is not null then
    -- The São Paulo day as a half-open range, which the date indexes serve (whatever the offset was that day).
    start_at := day::timestamp at time zone 'America/Sao_Paulo';
    end_at := (day + 1)::timestamp at time zone 'America/Sao_Paulo';
  end if;

  -- Statement parameters: $1 query, $2 topic, $3 start, $4 end, $5 rows wanted, $6 $7 cursor, $8 $9 end of the walk
  -- (or $8 the ids of a page), $10 the query's lexemes.
  -- Only fixed SQL text is concatenated; every value is a parameter. `p` is public.publications throughout.
  range_sql := 'p.published and p.published_at <= (select private.clock_now())'
    || case when topic is not null then ' and p.topic_id = $2' else '' end
    || case when day is not null then ' and p.published_at >= $3 and p.published_at < $4' else '' end;

  foreach tier in array case when tsq is null then array[0] else array[3, 2, 1] end loop
    exit when remaining <= 0;
    -- Tiers above the cursor's were shown on earlier pages; the cursor's own tier continues after it.
    continue when has_cursor and tsq is not null and tier > cursor_tier;

    in_range := range_sql
      || case when has_cursor and (tsq is null or tier = cursor_tier) then ' and (p.published_at, p.id) < ($6, $7)' else '' end;
    tier_test := case tier
      when 3 then 'pg_catalog.ts_filter(p.search_vector, ''{a}'') @@ $1'
      when 2 then 'pg_catalog.ts_filter(p.search_vector, ''{a,b}'') @@ $1'
        || ' and not (pg_catalog.ts_filter(p.search_vector, ''{a}'') @@ $1)'
      when 1 then 'p.search_vector @@ $1 and not (pg_catalog.ts_filter(p.search_vector, ''{a,b}'') @@ $1)'
      else 'true'
    end;
    -- With a negation ('-word'), the rest of the story must not contain the word either.
    if tier in (3, 2) and pg_catalog.strpos(tsq::text, '!') > 0 then
      tier_test := tier_test || ' and p.search_vector @@ $1';
    end if;

    -- The cards of the rows whose ids the subquery that replaces %s gives in page order (columns id, n). The
    -- excerpt comes from where the tier matched: the description for title and description matches, else the body.
    card_sql := 'select p.id, p.title, p.description, p.image_url, p.published_at, p.views, p.author_id, '
      || '(select pg_catalog.jsonb_build_object(''id'', t.id, ''name'', t.name, ''slug'', t.slug) '
      || 'from public.topics t where t.id = p.topic_id), '
      || tier || '::real, private.search_excerpt('
      || case when tier in (0, 2, 3) then 'coalesce(nullif(p.description, ''''), private.html_to_text(p.content))'
              else 'private.html_to_text(p.content)' end
      || ', $10) from (%s) page join public.publications p on p.id = page.id order by page.n';

    if tier = 0 then
      -- No query: every row of the range qualifies, so the date order walk never reads more than a page.
      return query execute pg_catalog.format(card_sql,
        'select p.id, pg_catalog.row_number() over (order by p.published_at desc, p.id desc) as n from (select p.id, p.published_at from public.publications p where '
        || in_range || ' order by p.published_at desc, p.id desc limit $5) p')
        using tsq, topic, start_at, end_at, remaining, after_published_at, after_id, null::timestamptz, null::uuid, lexemes;
      get diagnostics got = row_count;
      remaining := remaining - got;
      continue;
    end if;

    -- The tier's rows, up to probe_rows of them, in page order, through its index (no plain index or sequential
    -- scan: those would walk the dates).
    perform pg_catalog.set_config('enable_indexscan', 'off', true), pg_catalog.set_config('enable_seqscan', 'off', true);
    execute 'select pg_catalog.array_agg(p.id order by p.published_at desc, p.id desc) from (select p.id, p.published_at'
      || ' from public.publications p where ' || in_range || ' and ' || tier_test || ' limit ' || probe_rows || ') p'
      into ids
      using tsq, topic, start_at, end_at, remaining, after_published_at, after_id;
    perform pg_catalog.set_config('enable_indexscan', 'on', true), pg_catalog.set_config('enable_seqscan', 'on', true);
    found_rows := coalesce(pg_catalog.cardinality(ids), 0);
    continue when found_rows = 0;

    if found_rows < probe_rows then
      -- Few: those are all of them, already in order.
      return query execute pg_catalog.format(card_sql, 'select * from pg_catalog.unnest($8::uuid[]) with ordinality as page(id, n)')
        using tsq, topic, start_at, end_at, remaining, after_published_at, after_id, ids[1:remaining], null::uuid, lexemes;
      get diagnostics got = row_count;
      remaining := remaining - got;
      continue;
    end if;

    -- Many: test the newest walk_rows rows of the range in date order (the inner LIMIT bounds the walk).
    return query execute pg_catalog.format(card_sql,
      'select p.id, pg_catalog.row_number() over (order by p.published_at desc, p.id desc) as n from (select p.id, p.published_at from (select p.id, p.published_at, p.search_vector'
      || ' from public.publications p where ' || in_range || ' order by p.published_at desc, p.id desc limit ' || walk_rows
      || ') p where ' || tier_test || ' order by p.published_at desc, p.id desc limit $5) p')
      using tsq, topic, start_at, end_at, remaining, after_published_at, after_id, null::timestamptz, null::uuid, lexemes;
    get diagnostics got = row_count;
    remaining := remaining - got;
    continue when remaining <= 0;

    -- The page is not full: the rows older than the walk, through the tier's index.
    execute 'select p.published_at, p.id from public.publications p where ' || in_range
      || ' order by p.published_at desc, p.id desc offset ' || (walk_rows - 1) || ' limit 1'
      into bound_at, bound_id
      using tsq, topic, start_at, end_at, remaining, after_published_at, after_id;
    continue when bound_id is null;
    perform pg_catalog.set_config('enable_indexscan', 'off', true), pg_catalog.set_config('enable_seqscan', 'off', true);
    return query execute pg_catalog.format(card_sql,
      'select p.id, pg_catalog.row_number() over (order by p.published_at desc, p.id desc) as n from (select p.id, p.published_at from public.publications p where ' || in_range
      || ' and (p.published_at, p.id) < ($8, $9) and ' || tier_test || ' order by p.published_at desc, p.id desc limit $5) p')
      using tsq, topic, start_at, end_at, remaining, after_published_at, after_id, bound_at, bound_id, lexemes;
    get diagnostics got = row_count;
    remaining := remaining - got;
    perform pg_catalog.set_config('enable_indexscan', 'on', true), pg_catalog.set_config('enable_seqscan', 'on', true);
  end loop;
end;
$fn$;

-- ---------------------------------------------------------------------------------------------------------------
-- Every security definer function: EXECUTE only for the roles that call it (tests/security/database-lint.test.ts
-- keeps this list). The API's functions keep service_role, the trusted server key; triggers need no grant at all.

revoke all on function public.increment_views(uuid) from public, anon, authenticated, service_role;
grant execute on function public.increment_views(uuid) to anon, authenticated, service_role;
revoke all on function public.search_publications(text, text, date, integer, real, timestamptz, uuid) from public, anon, authenticated, service_role;
grant execute on function public.search_publications(text, text, date, integer, real, timestamptz, uuid) to anon, authenticated, service_role;
revoke all on function public.search_publications_count(text, text, date) from public, anon, authenticated, service_role;
grant execute on function public.search_publications_count(text, text, date) to anon, authenticated, service_role;
revoke all on function public.search_obituaries(text, boolean, integer, date, uuid, boolean, boolean) from public, anon, authenticated, service_role;
grant execute on function public.search_obituaries(text, boolean, integer, date, uuid, boolean, boolean) to anon, authenticated, service_role;
revoke all on function public.search_publication_titles(text, integer, timestamptz, uuid, text, boolean) from public, anon, authenticated, service_role;
grant execute on function public.search_publication_titles(text, integer, timestamptz, uuid, text, boolean) to authenticated, service_role;
revoke all on function public.set_profile_role(uuid, text) from public, anon, authenticated, service_role;
grant execute on function public.set_profile_role(uuid, text) to authenticated, service_role;
revoke all on function public.reject_pending_account(uuid) from public, anon, authenticated, service_role;
grant execute on function public.reject_pending_account(uuid) to authenticated, service_role;
revoke all on function public.handle_new_user() from public, anon, authenticated, service_role;
revoke all on function public.record_topic_slug() from public, anon, authenticated, service_role;
revoke all on function public.publications_before_write() from public, anon, authenticated, service_role;
revoke all on function public.keep_reserved_topic_slug() from public, anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------------------------------
-- One permissive policy per role and action. Readers (anon) keep their rule; signed-in users get it or, for
-- administrators, every row, in one policy: two permissive policies are OR-ed anyway, and each costs every query.

drop policy "Anyone can read publications whose time has come" on public.publications;
drop policy "Admins can read all publications" on public.publications;
create policy "Readers can read publications whose time has come"
  on public.publications for select
  to anon
  using (published and published_at <= (select private.clock_now()));
create policy "Signed-in users read publications whose time has come, admins all"
  on public.publications for select
  to authenticated
  using ((published and published_at <= (select private.clock_now())) or (select private.is_admin()));

drop policy "Anyone can read published obituaries" on public.obituaries;
drop policy "Admins can read all obituaries" on public.obituaries;
create policy "Readers can read published obituaries"
  on public.obituaries for select
  to anon
  using (published);
create policy "Signed-in users read published obituaries, admins all"
  on public.obituaries for select
  to authenticated
  using (published or (select private.is_admin()));

drop policy "Anyone can read published open jobs" on public.jobs;
drop policy "Admins can read all jobs" on public.jobs;
create policy "Readers can read published open jobs"
  on public.jobs for select
  to anon
  using (published and (expires_at is null or expires_at >= (select private.sao_paulo_date(now()))));
create policy "Signed-in users read published open jobs, admins all"
  on public.jobs for select
  to authenticated
  using ((published and (expires_at is null or expires_at >= (select private.sao_paulo_date(now()))))
         or (select private.is_admin()));

drop policy "Users can read their own profile" on public.profiles;
drop policy "Admins can read all profiles" on public.profiles;
create policy "Users read their own profile, admins all"
  on public.profiles for select
  to authenticated
  using (id = (select auth.uid()) or (select private.is_admin()));

-- ---------------------------------------------------------------------------------------------------------------
-- Storage that lists nothing. A public bucket's objects are served at /storage/v1/object/public/... without any
-- policy; a SELECT policy on storage.objects only adds listing (and reading object rows through the API), which
-- showed every file, drafts' images included. Administrators keep it: the upload dialog replaces files (upsert
-- needs SELECT) and they may list what they stored.

drop policy "Anyone can read publication and obituary images" on storage.objects;
create policy "Admins can list publication and obituary images"
  on storage.objects for select
  to authenticated
  using (bucket_id in ('publications', 'obituaries') and (select private.is_admin()));

-- ---------------------------------------------------------------------------------------------------------------
-- Who the client is, without storing who they are.

-- A random salt made here, once per database, readable by the owner only: client keys cannot be reversed into
-- addresses by anyone who sees the tables (the address space is small enough to hash exhaustively without it).
create table private.client_key_salt (
  only_row boolean primary key default true check (only_row),
  salt text not null
);
comment on table private.client_key_salt is 'The secret salt of private.client_key(). Owner-only.';
revoke all on table private.client_key_salt from public, anon, authenticated, service_role;
-- gen_random_uuid() draws from the strong random source (core Postgres, no pgcrypto needed): 244 random bits.
insert into private.client_key_salt (salt) values (pg_catalog.gen_random_uuid()::text || pg_catalog.gen_random_uuid()::text);

-- The client's address as the API's edge reported it in PostgREST's `request.headers` (JSON, lowercase names):
-- cf-connecting-ip (hosted Supabase sits behind Cloudflare, which overwrites it), else x-real-ip, else the first
-- x-forwarded-for entry, else '' (no headers: a connection outside the API, or the local backend in-process).
-- Callers without an address all share the key of '': they are counted as one client, never as many.
create function private.client_address() returns text
language plpgsql
stable
set search_path = ''
as $$
declare
  headers jsonb;
begin
  begin
    headers := nullif(pg_catalog.current_setting('request.headers', true), '')::jsonb;
  exception when others then
    return '';
  end;
  if headers is null or pg_catalog.jsonb_typeof(headers) <> 'object' then
    return '';
  end if;
  return pg_catalog.left(coalesce(
    nullif(pg_catalog.btrim(headers ->> 'cf-connecting-ip'), ''),
    nullif(pg_catalog.btrim(headers ->> 'x-real-ip'), ''),
    nullif(pg_catalog.btrim(pg_catalog.split_part(headers ->> 'x-forwarded-for', ',', 1)), ''),
    ''), 200);
end;
$$;

-- A salted hash (hex sha256) of a value: what the private tables keep instead of an address or an e-mail.
-- Not security definer: it reads the salt, so only security definer functions (running as the owner) can call it.
create function private.salted_hash(value text) returns text
language sql
stable
set search_path = ''
as $$
  select pg_catalog.encode(pg_catalog.sha256(pg_catalog.convert_to(s.salt || ':' || value, 'UTF8')), 'hex')
    from private.client_key_salt s
$$;

create function private.client_key() returns text
language sql
stable
set search_path = ''
as $$
  select private.salted_hash('client:' || private.client_address())
$$;

revoke all on function private.client_address() from public, anon, authenticated, service_role;
revoke all on function private.salted_hash(text) from public, anon, authenticated, service_role;
revoke all on function private.client_key() from public, anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------------------------------
-- View counting: at most once per story per client in 6 hours.

create table private.view_receipts (
  publication_id uuid not null references public.publications (id) on delete cascade,
  client_key text not null,
  counted_at timestamptz not null,
  primary key (publication_id, client_key)
);
comment on table private.view_receipts is
  'When each client (salted hash) last had a read of each story counted. Written by public.increment_views only.';
-- Pruning walks the oldest receipts.
create index view_receipts_counted_at_idx on private.view_receipts (counted_at);
revoke all on table private.view_receipts from public, anon, authenticated, service_role;

-- Counts a read of a visible story, once per client per 6 hours. The receipt's upsert decides: a new receipt, or one
-- older than the window, comes back from RETURNING and the read counts; a receipt inside the window does not. Two
-- calls of one client at once serialise on the receipt's key, so they count once; calls of distinct clients touch
-- distinct receipts and each adds one under the publication's row lock. Each call also removes up to 100 expired
-- receipts (skipping any another call holds), so the table holds about one window of reads.
create or replace function public.increment_views(publication_id uuid) returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  clock constant timestamptz := private.clock_now();
  window_length constant interval := interval '6 hours';
  counted boolean;
begin
  perform 1 from public.publications p
   where p.id = increment_views.publication_id and p.published and p.published_at <= clock;
  if not found then
    return;
  end if;

  insert into private.view_receipts as r (publication_id, client_key, counted_at)
  values (increment_views.publication_id, private.client_key(), clock)
  on conflict (publication_id, client_key) do update
    set counted_at = excluded.counted_at
    where r.counted_at <= excluded.counted_at - window_length
  returning true into counted;

  if counted then
    update public.publications p set views = p.views + 1 where p.id = increment_views.publication_id;
  end if;

  delete from private.view_receipts r
   where (r.publication_id, r.client_key) in (
     select expired.publication_id, expired.client_key from private.view_receipts expired
      where expired.counted_at <= clock - window_length
      order by expired.counted_at
      limit 100
      for update skip locked);
end;
$$;

revoke all on function public.increment_views(uuid) from public, anon, authenticated, service_role;
grant execute on function public.increment_views(uuid) to anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------------------------------
-- Media-kit requests: handled or new, limited per client and per e-mail.

alter table public.media_kit_requests add column handled_at timestamptz;
comment on column public.media_kit_requests.handled_at is 'When an administrator marked the request handled; null: new.';

-- Readers never read requests back, so anon loses SELECT (a privilege no policy used). Signed-in accounts keep it for
-- the administrators' policy. Administrators may set handled_at only (the column privilege) and delete requests (a
-- person's data).
revoke select on table public.media_kit_requests from anon;
grant update (handled_at) on table public.media_kit_requests to authenticated;
create policy "Admins can mark media kit requests handled"
  on public.media_kit_requests for update
  to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

-- A sender's row is a new request stamped now: what the column privileges already force, checked by the policy too
-- (so a later grant cannot quietly let senders back-date or pre-handle requests).
drop policy "Anyone can send a media kit request" on public.media_kit_requests;
create policy "Anyone can send a new media kit request"
  on public.media_kit_requests for insert
  to anon, authenticated
  with check (handled_at is null and created_at = pg_catalog.now());

create table private.media_kit_submissions (
  id bigint generated always as identity primary key,
  client_key text not null,
  email_key text not null,
  submitted_at timestamptz not null
);
comment on table private.media_kit_submissions is
  'Recent media-kit submissions by salted hash of client and e-mail, for the rate limit. Written by its trigger only.';
create index media_kit_submissions_client_idx on private.media_kit_submissions (client_key, submitted_at);
create index media_kit_submissions_email_idx on private.media_kit_submissions (email_key, submitted_at);
create index media_kit_submissions_submitted_at_idx on private.media_kit_submissions (submitted_at);
revoke all on table private.media_kit_submissions from public, anon, authenticated, service_role;

-- At most 3 requests per client per hour and 3 per e-mail address (lower case) per 24 hours, from the API roles;
-- over either limit the insert fails with PT429 (HTTP 429 through PostgREST). Transaction-scoped advisory locks on
-- the two keys (client first, always) make concurrent submissions of one client or e-mail count one after another.
-- Rows older than a day go, up to 100 per submission.
create function private.limit_media_kit_requests() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  clock constant timestamptz := private.clock_now();
  client text;
  email text;
begin
  -- The role the request runs under (SET ROLE survives into a security definer function): the database owner's
  -- own inserts (seed, maintenance) are not limited.
  if pg_catalog.current_setting('role', true) not in ('anon', 'authenticated') then
    return new;
  end if;
  client := private.client_key();
  email := private.salted_hash('email:' || pg_catalog.lower(pg_catalog.btrim(new.email)));
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('media_kit_client:' || client));
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('media_kit_email:' || email));

  if (select count(*) from private.media_kit_submissions s
       where s.client_key = client and s.submitted_at > clock - interval '1 hour') >= 3
     or (select count(*) from private.media_kit_submissions s
          where s.email_key = email and s.submitted_at > clock - interval '24 hours') >= 3 then
    raise exception 'media_kit_rate_limited'
      using errcode = 'PT429', hint = 'At most 3 requests per client per hour and 3 per e-mail address per day.';
  end if;

  insert into private.media_kit_submissions (client_key, email_key, submitted_at) values (client, email, clock);
  delete from private.media_kit_submissions s
   where s.id in (select expired.id from private.media_kit_submissions expired
                   where expired.submitted_at <= clock - interval '24 hours'
                   order by expired.submitted_at limit 100 for update skip locked);
  return new;
end;
$$;

revoke all on function private.limit_media_kit_requests() from public, anon, authenticated, service_role;

create trigger media_kit_requests_rate_limit
  before insert on public.media_kit_requests
  for each row execute function private.limit_media_kit_requests();

-- ---------------------------------------------------------------------------------------------------------------
-- URL fields: one definition each, here and in src/lib/safe-urls.ts (the same regular expressions, written in the
-- syntax both engines read alike; tests/security/url-rules.test.ts requires equal verdicts on a corpus).

-- A YouTube video address: http(s), the host exactly youtube.com, www.youtube.com, m.youtube.com, youtu.be,
-- youtube-nocookie.com or www.youtube-nocookie.com (lower case), no user-info, no port, an 11-character video id in
-- the usual shapes (watch?v=, shorts/, embed/, live/, youtu.be/), and a query or fragment of plain characters only.
create function private.is_youtube_url(url text) returns boolean
language sql
immutable
strict
parallel safe
set search_path = ''
as $$
  select url ~ '^https?://(((www|m)\.)?youtube\.com/(watch\?([A-Za-z0-9_.-]+=[A-Za-z0-9_.-]*&)*v=[A-Za-z0-9_-]{11}|(shorts|embed|live)/[A-Za-z0-9_-]{11})|youtu\.be/[A-Za-z0-9_-]{11}|(www\.)?youtube-nocookie\.com/embed/[A-Za-z0-9_-]{11})/?([?&#][A-Za-z0-9_.=&-]*)?$'
$$;

-- An image address: the project's own storage (either image bucket; hosted, the local backend on loopback, or a
-- relative path), the app's own static images (/images/...), or https on a plain host without user-info or port,
-- with no character that could end an attribute or a CSS url() (quotes, parentheses, angle brackets, backslash,
-- backquote, whitespace, controls, anything beyond ASCII; % only as an escape), and no `.` or `..` path segment.
create function private.is_safe_image_url(url text) returns boolean
language sql
immutable
strict
parallel safe
set search_path = ''
as $$
  select url ~ '^(https://[a-z0-9-]+\.supabase\.co|https?://(localhost|127\.0\.0\.1|\[::1\])(:[0-9]{1,5})?)?/storage/v1/object/public/(publications|obituaries)/[A-Za-z0-9_-][A-Za-z0-9._-]*(/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$'
      or url ~ '^/images/[A-Za-z0-9_-][A-Za-z0-9._-]*(/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$'
      or url ~ '^(?![^?#]*/\.\.?([/?#]|$))https://[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*([/?#]([A-Za-z0-9._~!$&*+,;=:@/?#-]|%[0-9A-Fa-f]{2})*)?$'
$$;

revoke all on function private.is_youtube_url(text) from public, anon, authenticated, service_role;
grant execute on function private.is_youtube_url(text) to authenticated;
revoke all on function private.is_safe_image_url(text) from public, anon, authenticated, service_role;
grant execute on function private.is_safe_image_url(text) to authenticated;

-- Empty strings were allowed before and mean "no address".
update public.publications set image_url = null where image_url = '';
update public.publications set youtube_url = null where youtube_url = '';
update public.obituaries set photo_url = null where photo_url = '';

alter table public.publications
  drop constraint publications_image_url_check,
  drop constraint publications_youtube_url_check,
  add constraint publications_image_url_safe
    check (char_length(image_url) <= 2048 and private.is_safe_image_url(image_url)),
  add constraint publications_youtube_url_video
    check (char_length(youtube_url) <= 2048 and private.is_youtube_url(youtube_url));

alter table public.obituaries
  drop constraint obituaries_photo_url_check,
  add constraint obituaries_photo_url_safe
    check (char_length(photo_url) <= 2048 and private.is_safe_image_url(photo_url));
