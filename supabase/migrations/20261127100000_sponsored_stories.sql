-- Sponsored stories (docs/product.md §12): a story paid for by a sponsor says so, with the sponsor's
-- name, on its card, on its page, in its JSON-LD and in the feeds.
--
-- * publications.sponsor_name: null for the newsroom's own stories; the sponsor's name otherwise. One column rather
--   than a flag and a name: a sponsored story without a sponsor, or a name left on a story no longer sponsored,
--   cannot exist. The value is stored as shown (trimmed, 1–120 characters, one line), so every reader of it (the
--   page, the cards, the feeds) can print it as it is.
-- * Readers read it as every other column of a visible story: anon and authenticated hold SELECT on the whole table
--   (20261001090200_publications.sql) and the read policies decide which rows. Writes are column grants: only
--   authenticated, and the admin policies decide who among them.
-- * The reader search's cards (public.search_publications) name their columns, so the function returns it too. Its
--   return type changes, so it is dropped and created again; the private search it wraps is unchanged, and the
--   sponsor is read from the table under the caller's policies, like the rest of the check.

alter table public.publications
  add column sponsor_name text
    constraint publications_sponsor_name_shape
    check (sponsor_name = pg_catalog.btrim(sponsor_name)
           and char_length(sponsor_name) between 1 and 120
           and sponsor_name !~ '[[:cntrl:]]');

comment on column public.publications.sponsor_name is
  'The sponsor of a sponsored story (''Conteúdo patrocinado por …''); null when the story is the newsroom''s own.';

grant insert (sponsor_name), update (sponsor_name) on table public.publications to authenticated;

-- ---------------------------------------------------------------------------------------------------------------
-- The reader search, as in 20261126100000_api_functions_run_as_caller.sql, with the sponsor of each card.

drop function public.search_publications(text, text, date, integer, real, timestamptz, uuid);

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
  excerpt text,
  sponsor_name text
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
  ),
  -- The rows of the page the caller may read, each by its primary key (uuid equality is leakproof, so the policy
  -- does not turn this into a scan).
  readable as materialized (
    select p.id, p.sponsor_name
      from public.publications p
     where p.id = any (array(select f.id from found f))
  )
  select f.id, f.title, f.description, f.image_url, f.published_at, f.views, f.author_id, f.topics, f.rank, f.excerpt,
         r.sponsor_name
    from found f
    join readable r on r.id = f.id
   order by f.n
$$;

comment on function public.search_publications(text, text, date, integer, real, timestamptz, uuid) is
  'Reader search (private.search_publications), keeping the rows the caller may read. Security invoker.';

revoke all on function public.search_publications(text, text, date, integer, real, timestamptz, uuid) from public, anon, authenticated, service_role;
grant execute on function public.search_publications(text, text, date, integer, real, timestamptz, uuid) to anon, authenticated, service_role;
