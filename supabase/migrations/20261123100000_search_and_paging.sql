-- The whole archive within reach: site search over published publications, name and title search for obituaries
-- and the admin list, and keyset paging on every list.
--
-- Extensions live in the `extensions` schema, as on hosted Supabase; every use below is schema-qualified, so nothing
-- depends on the caller's search_path. (The local backend creates the schema in local-supabase/sql/bootstrap.sql.)
--
-- Functions callable through /rest/v1/rpc (stable, empty search_path):
--   search_publications(q, topic_slug, day, page_size, after_rank, after_published_at, after_id)  reader search
--   search_publications_count(q, topic_slug, day) -> (total, exact)                                its result count
--   search_obituaries(q, include_drafts, page_size, after_death_date, after_id)                    obituaries by name
--   search_publication_titles(q, page_size, after_created_at, after_id)                            the admin list
--
-- They are SECURITY DEFINER and apply the read policies themselves, in their WHERE clauses: published rows, plus
-- drafts for an administrator where a function offers drafts. Under the caller's role, row-level security would
-- keep every search from its index: a policy's condition must be evaluated before any condition of the query that
-- is not LEAKPROOF, and the text search (@@) and LIKE operators are not, so Postgres may not use them as index
-- conditions and reads the whole table instead (EXPLAIN as anon shows a Seq Scan). This is also why readers should
-- not search publications with a plain REST filter (textSearch, ilike): under RLS it cannot use these indexes.

create schema if not exists extensions;
create extension if not exists unaccent with schema extensions;
create extension if not exists pg_trgm with schema extensions;

-- ---------------------------------------------------------------------------------------------------------------
-- Text: one normalisation for every search, so 'saude' finds 'Saúde' and 'PORTO' finds 'porto'.

-- Portuguese stemming after unaccent. unaccent() itself is only STABLE, but a text search configuration may use its
-- dictionary, and to_tsvector(regconfig, text) is IMMUTABLE: that is what lets a generated column and an index use
-- it. Only `word`, `hword` and `hword_part` tokens can carry accents (the ascii* tokens cannot).
create text search configuration public.pt_unaccent (copy = pg_catalog.portuguese);
alter text search configuration public.pt_unaccent
  alter mapping for hword, hword_part, word with extensions.unaccent, pg_catalog.portuguese_stem;

comment on text search configuration public.pt_unaccent is
  'Portuguese full-text search that ignores accents and case (unaccent, then the Portuguese stemmer).';

-- The readable text of a publication body (HTML from the editor: sanitised, lower-case tags). Tags are dropped after
-- a space is put between adjacent tags ('</p><p>') and before '<br', so that words of adjacent blocks do not run
-- together while a word split by inline markup ('<strong>Sa</strong>úde') stays one word. Plain replace() and one
-- simple regular expression: this runs for every row written and for every search excerpt.
-- '&amp;' is decoded last, so '&amp;lt;' stays '&lt;'.
create function public.html_to_text(html text) returns text
language sql
immutable
strict
parallel safe
set search_path = ''
as $$
  select pg_catalog.btrim(
    pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(
      pg_catalog.regexp_replace(
        pg_catalog.replace(pg_catalog.replace(html, '><', '> <'), '<br', ' <br'),
        '<[^>]*>', '', 'g'),
      '&nbsp;', ' '), '&lt;', '<'), '&gt;', '>'), '&quot;', '"'), '&#39;', ''''), '&amp;', '&'))
$$;

comment on function public.html_to_text(text) is 'Plain text of an HTML fragment: tags dropped, common entities decoded.';

-- Lower case without accents, for trigram (substring) search on names and titles. IMMUTABLE so that an expression
-- index can use it, which is sound because the unaccent rules file does not change under a running database. It is
-- never inlined (it calls a STABLE function), so an index and a query that both call it match each other.
create function public.unaccent_lower(value text) returns text
language sql
immutable
strict
parallel safe
set search_path = ''
as $$
  select pg_catalog.lower(extensions.unaccent('extensions.unaccent'::regdictionary, value))
$$;

comment on function public.unaccent_lower(text) is 'lower(unaccent(value)), immutable: the key of the trigram indexes.';

-- ---------------------------------------------------------------------------------------------------------------
-- Publications: the search document and its indexes.

-- Title (A), description (B) and body (C): the weights tell where a story matches (ts_filter keeps one part).
-- STORAGE MAIN keeps the vector compressed inside the row rather than in the TOAST table (the body goes there
-- instead): a search tests the vectors of many rows, and reading one from TOAST costs about ten times as much.
-- Both clauses in one statement, so the table is rewritten once, with the storage already set. NOT NULL states what
-- the expression guarantees (every part is coalesced), so generated types say `string`, not `string | null`.
alter table public.publications
  add column search_vector tsvector not null generated always as (
    setweight(to_tsvector('public.pt_unaccent'::regconfig, coalesce(title, '')), 'A') ||
    setweight(to_tsvector('public.pt_unaccent'::regconfig, coalesce(description, '')), 'B') ||
    setweight(to_tsvector('public.pt_unaccent'::regconfig, coalesce(public.html_to_text(content), '')), 'C')
  ) stored,
  alter column search_vector set storage main;

comment on column public.publications.search_vector is
  'Generated: title (A), description (B) and body text (C) under public.pt_unaccent. Never written by clients.';

-- Relevance comes in three tiers, newest first within each: the whole query matches the title (3), else the title
-- and description together (2), else the story (1). Ranking every match with ts_rank would read the vector of every
-- matching row, tens of thousands for a common word; tiers are read in date order and stop after one page.
-- One index per tier finds its rows when they are few. Only published stories are ever searched (drafts are never
-- found): partial indexes are smaller, and their predicate answers the `published` condition of every search.
create index publications_search_idx on public.publications using gin (search_vector) where published;
create index publications_search_title_idx
  on public.publications using gin (ts_filter(search_vector, '{a}')) where published;
create index publications_search_lead_idx
  on public.publications using gin (ts_filter(search_vector, '{a,b}')) where published;

-- The admin list's title search (drafts included).
create index publications_title_trgm_idx
  on public.publications using gin (public.unaccent_lower(title) extensions.gin_trgm_ops);

-- ---------------------------------------------------------------------------------------------------------------
-- Keyset paging: every list orders by its date and then by id (a total order), and the index carries both, so "the
-- rows after (date, id)" starts where the previous page ended instead of counting rows from the top. Each new index
-- replaces one that was a prefix of it.

create index publications_published_topic_published_at_id_idx
  on public.publications (published, topic_id, published_at desc, id desc);
drop index if exists public.publications_published_topic_published_at_idx;

create index publications_published_published_at_id_idx
  on public.publications (published, published_at desc, id desc);
drop index if exists public.publications_published_published_at_idx;

create index publications_created_at_id_idx on public.publications (created_at desc, id desc);
drop index if exists public.publications_created_at_idx;

create index obituaries_published_death_date_id_idx on public.obituaries (published, death_date desc, id desc);
drop index if exists public.obituaries_published_death_date_idx;
create index obituaries_death_date_id_idx on public.obituaries (death_date desc, id desc);
drop index if exists public.obituaries_death_date_idx;
create index obituaries_name_trgm_idx
  on public.obituaries using gin (public.unaccent_lower(name) extensions.gin_trgm_ops);

create index jobs_published_created_at_id_idx on public.jobs (published, created_at desc, id desc);
drop index if exists public.jobs_published_created_at_idx;
create index jobs_created_at_id_idx on public.jobs (created_at desc, id desc);
drop index if exists public.jobs_created_at_idx;

create index media_kit_requests_created_at_id_idx on public.media_kit_requests (created_at desc, id desc);
drop index if exists public.media_kit_requests_created_at_idx;

create index profiles_created_at_id_idx on public.profiles (created_at, id);
drop index if exists public.profiles_created_at_idx;

-- ---------------------------------------------------------------------------------------------------------------
-- A helper of the name and title searches (only they call it).

-- Words of a name or title search, each a LIKE pattern for "contains this word, ignoring accents and case" (the
-- wildcards % and _ typed by a user are escaped). At most five words.
create function public.search_like_patterns(q text) returns text[]
language sql
immutable
set search_path = ''
as $$
  select coalesce(pg_catalog.array_agg('%' || pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(
           w.word, '\', '\\'), '%', '\%'), '_', '\_') || '%' order by w.n), '{}')
    from pg_catalog.regexp_split_to_table(public.unaccent_lower(pg_catalog.btrim(coalesce(q, ''))), '[[:space:]]+')
         with ordinality as w(word, n)
   where w.word <> '' and w.n <= 5
$$;

revoke execute on function public.search_like_patterns(text) from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------------------------
-- The lexemes of a query (negated ones too: they are never found, so they do no harm), for search_excerpt.
create function public.search_lexemes(query tsquery) returns text[]
language sql
immutable
strict
parallel safe
set search_path = ''
as $$
  select coalesce(pg_catalog.array_agg(pg_catalog.replace(m[1], '''''', '''')), '{}')
    from pg_catalog.regexp_matches(query::text, '''((?:[^'']|'''')+)''', 'g') as m
$$;

-- A short plain-text excerpt of doc around the first of the lexemes found in it (accents and case ignored), or its
-- beginning: at most about 300 characters, cut at word boundaries, with '…' where text was cut. No markup at all,
-- so a client shows it as text. Cheaper than ts_headline, which parses the whole text: this folds it (unaccent,
-- lower) and finds a lexeme at the start of a word; Portuguese stems are prefixes of their words. It runs for every
-- row of a result page, so it avoids SQL statements and regular expressions on the whole text.
create function public.search_excerpt(doc text, lexemes text[]) returns text
language plpgsql
immutable
parallel safe
set search_path = ''
as $fn$
declare
  width constant integer := 300;
  separators constant text := E'\n\r\t.,;:!?()[]{}"/«»“”‘’''-';
  folded text;
  lexeme text;
  found integer;
  anchor integer := 0;
  start integer := 1;
  piece text;
  cut integer;
begin
  doc := pg_catalog.btrim(doc);
  if doc is null or doc = '' then
    return null;
  end if;
  if coalesce(pg_catalog.cardinality(lexemes), 0) > 0 then
    -- Word boundaries become spaces, so ' ' || lexeme finds the lexeme only at the start of a word.
    folded := ' ' || pg_catalog.translate(
      pg_catalog.lower(extensions.unaccent('extensions.unaccent'::regdictionary, doc)),
      separators, pg_catalog.repeat(' ', pg_catalog.length(separators)));
    foreach lexeme in array lexemes loop
      found := pg_catalog.strpos(folded, ' ' || lexeme);
      if found > 0 and (anchor = 0 or found < anchor) then
        anchor := found;
      end if;
    end loop;
  end if;
  if anchor > 0 then
    -- About a third of the excerpt before the word, the rest after it.
    start := greatest(1, anchor - width / 3);
  end if;
  piece := pg_catalog.translate(pg_catalog.substr(doc, start, width + 1), E'\n\r\t', '   ');
  if start > 1 then
    piece := '… ' || pg_catalog.substr(piece, pg_catalog.strpos(piece, ' ') + 1);
  end if;
  if start + width <= pg_catalog.length(doc) then
    cut := pg_catalog.strpos(pg_catalog.reverse(piece), ' ');
    if cut > 0 then
      piece := pg_catalog.left(piece, pg_catalog.length(piece) - cut);
    end if;
    piece := piece || ' …';
  end if;
  return pg_catalog.regexp_replace(piece, ' {2,}', ' ', 'g');
end;
$fn$;

comment on function public.search_excerpt(text, text[]) is 'Plain-text excerpt of doc around the first of the lexemes.';

-- ---------------------------------------------------------------------------------------------------------------
-- search_publications: the site search (/busca), and the archive by topic and day when q is empty.
--
--   q            words as typed (websearch syntax: "exact phrase", -without, or); empty: every publication
--   topic_slug   only this topic (its current slug); an unknown slug finds nothing
--   day          only publications of this calendar day in São Paulo time
--   page_size    1..50 (default 20)
--   after_*      rank, published_at and id of the last row of the previous page (keyset paging)
--
-- Rows: the card columns of a publication list, `topics` shaped like the lists' embedded topic ({id,name,slug} or
-- null), `rank` (3 title, 2 title and description, 1 body, 0 without q) and `excerpt`, plain text around the match.
-- Ordered by rank, then newest first, then id. Published publications only: drafts are never found.
--
-- How one tier is read, whatever the planner would estimate (an estimate can be far off: a word common in bodies but
-- absent from titles, two words that always come together): first its rows are read through its index, stopping at
-- 200. Fewer: those are all of them. More: the word is common, so the newest 600 rows of the range are walked in
-- date order and tested one by one (cheap: the vector is inside the row); a common word fills the page there, and
-- only if it does not are the older rows read through the index.
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
  range_sql := 'p.published'
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

revoke execute on function public.search_publications(text, text, date, integer, real, timestamptz, uuid) from public;
grant execute on function public.search_publications(text, text, date, integer, real, timestamptz, uuid)
  to anon, authenticated, service_role;

-- How many publications search_publications finds in all (same filters, no paging): exact up to 1,000 (`exact`
-- true); beyond that the answer is 1,001 with `exact` false ("more than 1,000"), because counting every match of a
-- common word would visit every matching row. Sequential scans are off so that counting stops on an index scan
-- after 1,001 rows (the planner would otherwise read the table, believing the text test cheap).
create function public.search_publications_count(
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

  execute 'select pg_catalog.count(*)::integer from (select 1 from public.publications p where p.published'
    || case when tsq is not null then ' and p.search_vector @@ $1' else '' end
    || case when topic is not null then ' and p.topic_id = $2' else '' end
    || case when day is not null then ' and p.published_at >= $3 and p.published_at < $4' else '' end
    || ' limit ' || (cap + 1) || ') matches'
    into total
    using tsq, topic, start_at, end_at;
  exact := total <= cap;
end;
$fn$;

revoke execute on function public.search_publications_count(text, text, date) from public;
grant execute on function public.search_publications_count(text, text, date) to anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------------------------------
-- search_obituaries: obituaries whose name contains every word of q (accents and case ignored), most recent death
-- first. Published notices only; with include_drafts, an administrator also gets drafts (as the read policies say).
-- Page: 1..50 rows (default 24); pass the last row's (death_date, id) for the next page, or with backwards the first
-- row's for the page before it (returned oldest first). published: only that status (the admin's filter).
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
language plpgsql
stable
security definer
set search_path = ''
as $fn$
declare
  conditions text := case when coalesce(include_drafts, false) and public.is_admin() then 'true' else 'o.published' end;
  pattern text;
  direction text := case when coalesce(backwards, false) then 'asc' else 'desc' end;
begin
  foreach pattern in array public.search_like_patterns(q) loop
    conditions := conditions || ' and public.unaccent_lower(o.name) like ' || pg_catalog.quote_literal(pattern);
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

revoke execute on function public.search_obituaries(text, boolean, integer, date, uuid, boolean, boolean) from public;
grant execute on function public.search_obituaries(text, boolean, integer, date, uuid, boolean, boolean) to anon, authenticated, service_role;

-- search_publication_titles: the admin list, newest created first: every publication for an administrator, only
-- published ones for anyone else (as the read policies say), filtered to titles containing every word of q (accents
-- and case ignored).
-- Returns publications rows, so the API can embed their topic: select=id,title,...,topics(name).
-- Page: 1..50 rows (default 25); pass the last row's (created_at, id) for the next page, or with backwards the first
-- row's for the page before it (returned oldest first). published: only that status (the admin's filter).
create function public.search_publication_titles(
  q text default null,
  page_size integer default 25,
  after_created_at timestamptz default null,
  after_id uuid default null,
  published boolean default null,
  backwards boolean default false
)
returns setof public.publications
language plpgsql
stable
security definer
set search_path = ''
as $fn$
declare
  conditions text := case when public.is_admin() then 'true' else 'p.published' end;
  pattern text;
  direction text := case when coalesce(backwards, false) then 'asc' else 'desc' end;
begin
  foreach pattern in array public.search_like_patterns(q) loop
    conditions := conditions || ' and public.unaccent_lower(p.title) like ' || pg_catalog.quote_literal(pattern);
  end loop;
  if published is not null then
    conditions := conditions || ' and p.published = ' || case when published then 'true' else 'false' end;
  end if;
  if after_created_at is not null and after_id is not null then
    conditions := conditions || ' and (p.created_at, p.id) ' || case when coalesce(backwards, false) then '>' else '<' end || ' ($1, $2)';
  end if;
  return query execute
    'select p.* from public.publications p where ' || conditions
    || ' order by p.created_at ' || direction || ', p.id ' || direction || ' limit $3'
    using after_created_at, after_id, least(greatest(coalesce(page_size, 25), 1), 50);
end;
$fn$;

revoke execute on function public.search_publication_titles(text, integer, timestamptz, uuid, boolean, boolean) from public, anon;
grant execute on function public.search_publication_titles(text, integer, timestamptz, uuid, boolean, boolean) to authenticated, service_role;
