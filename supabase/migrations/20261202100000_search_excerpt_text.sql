-- The search's excerpts from text folded when a story is saved, not on every search (issue 37).
--
-- A search page's excerpt around the first match (private.search_excerpt) folded the whole text of each story on
-- the page for every search: lower case, accents off, punctuation to spaces. On the embedded database that was
-- almost all of a search (40 stories, 'ceramica': 14 of the function's 15 ms, most of it in translate(), which
-- walks its list of separators for every character of the body). The body's folded text is now a column computed
-- when the story is written, as its search vector is, and the excerpt only looks for the words in it. A
-- description is short and is still folded when it is shown.
--
-- The column is as readable as the body it comes from (the same rows, under the same policies): no new exposure.
-- Default storage: a body's worth of text lives in TOAST, so lists that read the table's rows do not carry it.

-- Lower case, no accents, separators as spaces, with a leading space: ' ' || lexeme then finds a lexeme only at
-- the start of a word. unaccent keeps the length of Portuguese text, so a position here is one in the text.
create function private.excerpt_fold(doc text) returns text
language sql
immutable
strict
parallel safe
set search_path = ''
as $$
  select ' ' || pg_catalog.translate(
    private.unaccent_lower(doc),
    E'\n\r\t.,;:!?()[]{}"/«»“”‘’''-',
    pg_catalog.repeat(' ', 22))
$$;

comment on function private.excerpt_fold(text) is
  'Text as the search''s excerpt looks for words in it: lower case, no accents, separators as spaces, a leading space.';

revoke all on function private.excerpt_fold(text) from public, anon, authenticated, service_role;
-- The generated column evaluates it as the role that writes a story (Postgres checks EXECUTE there as the caller),
-- as it does private.html_to_text and private.unaccent_lower, which it calls.
grant execute on function private.excerpt_fold(text) to authenticated;

alter table public.publications
  add column excerpt_text text generated always as (private.excerpt_fold(private.html_to_text(content))) stored;

comment on column public.publications.excerpt_text is
  'Generated: the body''s plain text folded by private.excerpt_fold, where the search''s excerpt finds its words. Never written by clients.';

-- The excerpt of doc around the first of the lexemes found in `folded` (doc as private.excerpt_fold gives it; folded
-- here when null), or its beginning: at most about 300 characters, cut at word boundaries, '…' where text was cut.
create function private.search_excerpt(doc text, folded text, lexemes text[]) returns text
language plpgsql
immutable
parallel safe
set search_path = ''
as $fn$
declare
  width constant integer := 300;
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
    folded := coalesce(folded, private.excerpt_fold(doc));
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

comment on function private.search_excerpt(text, text, text[]) is
  'Plain-text excerpt of doc around the first of the lexemes, found in doc''s folded text (private.excerpt_fold).';

revoke all on function private.search_excerpt(text, text, text[]) from public, anon, authenticated, service_role;

-- The two-argument form folds doc itself: for a short text such as a description.
create or replace function private.search_excerpt(doc text, lexemes text[]) returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select private.search_excerpt(doc, null, lexemes)
$$;

-- ---------------------------------------------------------------------------------------------------------------
-- The search as in 20261123170000_security_hardening.sql (moved to `private` by 20261126100000), with the body's
-- excerpt from its stored folded text.

create or replace function private.search_publications(
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
rows 20
set search_path = ''
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
      || tier || '::real, '
      || case when tier in (0, 2, 3)
              then 'case when coalesce(p.description, '''') <> '''' then private.search_excerpt(p.description, $10) '
                || 'else private.search_excerpt(private.html_to_text(p.content), p.excerpt_text, $10) end'
              else 'private.search_excerpt(private.html_to_text(p.content), p.excerpt_text, $10)' end
      || ' from (%s) page join public.publications p on p.id = page.id order by page.n';

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

