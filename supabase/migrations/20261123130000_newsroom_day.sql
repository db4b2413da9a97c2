-- A newsroom's day (docs/product.md §12, decision 0014): scheduled publishing, the lead story ('Manchete') and the byline.
-- docs/decisions/0014-scheduling-lead-story-preview.md explains the choices.
--
-- * A story is visible to readers when it is published AND its published_at has come: published_at <= the
--   database clock. The read policy says so, and so does every security-definer function that reads publications
--   for readers (search_publications, search_publications_count, search_publication_titles, increment_views).
-- * The database clock is private.clock_now(): now(), unless the database owner set private.clock_override (tests).
--   The `private` schema is not exposed by the API, and no API role may write the override table.
-- * 'Publicar imediatamente' leaves published_at to the database (a trigger stamps the database clock when a
--   published row comes without one), so a browser whose clock runs ahead cannot schedule a story by accident.
-- * At most one lead story (a partial unique index); only a visible story may become it, and a story that stops
--   being visible (unpublished, rescheduled into the future) stops being it (trigger). A deleted row takes its mark
--   with it.
-- * The byline: `signed` (the editor's choice) and `byline`, the signer's profile name, written by the trigger from
--   profiles (readers cannot read profiles, and no one can sign with another's name).

-- ---------------------------------------------------------------------------------------------------------------
-- The clock.

create schema if not exists private;
revoke all on schema private from public;
-- The read policy and the triggers run as the caller: they need to reach the clock function, nothing else.
grant usage on schema private to anon, authenticated, service_role;

create table private.clock_override (
  only_row boolean primary key default true check (only_row),
  at timestamptz not null
);
comment on table private.clock_override is
  'Tests only: when a row exists, private.clock_now() answers its instant instead of now(). Owner-written only.';
revoke all on table private.clock_override from public, anon, authenticated, service_role;

create function private.clock_now() returns timestamptz
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((select o.at from private.clock_override o), pg_catalog.now())
$$;
comment on function private.clock_now() is 'The instant publications become visible against: now(), or the tests'' override.';
revoke execute on function private.clock_now() from public;
grant execute on function private.clock_now() to anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------------------------------
-- New columns.

alter table public.publications
  add column is_lead boolean not null default false,
  add column signed boolean not null default false,
  add column byline text check (char_length(byline) <= 120);

comment on column public.publications.is_lead is 'The home page''s lead story (Manchete): at most one row, always a visible one.';
comment on column public.publications.signed is 'The author chose to sign the story with their name (else ''Redação'').';
comment on column public.publications.byline is 'Written by the database from the author''s profile when signed; null otherwise.';

grant insert (is_lead, signed) on table public.publications to authenticated;
grant update (is_lead, signed) on table public.publications to authenticated;

-- Rows published before this migration all had a published_at; a published row without one now gets the clock.
update public.publications set published_at = created_at where published and published_at is null;

create unique index publications_one_lead_idx on public.publications ((true)) where is_lead;

-- The admin list filtered by state (published, draft, scheduled), in its (created_at, id) order.
create index publications_published_created_at_id_idx on public.publications (published, created_at desc, id desc);

-- ---------------------------------------------------------------------------------------------------------------
-- The rules of a row as it is written.

create function public.publications_before_write() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  clock timestamptz := private.clock_now();
begin
  if not new.published then
    new.published_at := null;
  elsif new.published_at is null then
    new.published_at := clock;
  end if;

  if new.is_lead and not (new.published and new.published_at <= clock) then
    if tg_op = 'UPDATE' and old.is_lead and not (new.is_lead is distinct from old.is_lead) then
      -- Unpublished or rescheduled: it stops being the lead story rather than blocking the change.
      new.is_lead := false;
    else
      raise exception 'only a published story whose time has come can be the lead story'
        using errcode = 'check_violation', hint = 'publications_lead_not_visible';
    end if;
  end if;

  -- The byline follows the newsroom's saves, not every write (increment_views updates the row on every read).
  if not new.signed then
    new.byline := null;
  elsif tg_op = 'INSERT' or not old.signed or new.author_id is distinct from old.author_id
        or new.updated_at is distinct from old.updated_at then
    select nullif(pg_catalog.btrim(pr.name), '') into new.byline from public.profiles pr where pr.id = new.author_id;
  end if;
  return new;
end;
$$;

revoke execute on function public.publications_before_write() from public, anon, authenticated;

create trigger publications_before_write
  before insert or update on public.publications
  for each row execute function public.publications_before_write();

-- ---------------------------------------------------------------------------------------------------------------
-- Readers see a story once its time has come.

drop policy "Anyone can read published publications" on public.publications;
create policy "Anyone can read publications whose time has come"
  on public.publications for select
  to anon, authenticated
  using (published and published_at <= (select private.clock_now()));

create or replace function public.increment_views(publication_id uuid) returns void
language sql
volatile
security definer
set search_path = ''
as $$
  update public.publications
     set views = views + 1
   where id = increment_views.publication_id
     and published
     and published_at <= private.clock_now();
$$;

-- ---------------------------------------------------------------------------------------------------------------
-- The search functions, as in 20261123100000_search_and_paging.sql with the same rule (only their reader condition
-- changes: `p.published` becomes `p.published and p.published_at <= private.clock_now()`).

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
    lexemes := public.search_lexemes(tsq);
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
  range_sql := 'p.published and p.published_at <= private.clock_now()'
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
      || tier || '::real, public.search_excerpt('
      || case when tier in (0, 2, 3) then 'coalesce(nullif(p.description, ''''), public.html_to_text(p.content))'
              else 'public.html_to_text(p.content)' end
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

  execute 'select pg_catalog.count(*)::integer from (select 1 from public.publications p where p.published and p.published_at <= private.clock_now()'
    || case when tsq is not null then ' and p.search_vector @@ $1' else '' end
    || case when topic is not null then ' and p.topic_id = $2' else '' end
    || case when day is not null then ' and p.published_at >= $3 and p.published_at < $4' else '' end
    || ' limit ' || (cap + 1) || ') matches'
    into total
    using tsq, topic, start_at, end_at;
  exact := total <= cap;
end;
$fn$;

-- search_publication_titles (the admin list's search): `state` replaces the `published` filter, since a published
-- story is either live or scheduled. state: 'published' (live), 'scheduled', 'draft', or null for all. Anyone but an
-- administrator gets live stories only.
drop function public.search_publication_titles(text, integer, timestamptz, uuid, boolean, boolean);

create function public.search_publication_titles(
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
  live constant text := 'p.published and p.published_at <= private.clock_now()';
  conditions text := case when public.is_admin() then 'true' else live end;
  pattern text;
  direction text := case when coalesce(backwards, false) then 'asc' else 'desc' end;
begin
  foreach pattern in array public.search_like_patterns(q) loop
    conditions := conditions || ' and public.unaccent_lower(p.title) like ' || pg_catalog.quote_literal(pattern);
  end loop;
  conditions := conditions || case state
    when 'published' then ' and ' || live
    when 'scheduled' then ' and p.published and p.published_at > private.clock_now()'
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

revoke execute on function public.search_publication_titles(text, integer, timestamptz, uuid, text, boolean) from public, anon;
grant execute on function public.search_publication_titles(text, integer, timestamptz, uuid, text, boolean) to authenticated, service_role;
