-- A story's page in one call, for the server's render (issue 37, docs/decisions/0051 "One read for a story's page").
-- The server rendered a story from three API requests, each a transaction of its own on the database: the story
-- (with its topic and corrections), then 'Leia também' once the story had said its topic, then the campaigns of the
-- story's banner space. One call answers the three from one transaction, and 'Leia também' no longer waits for a
-- round trip. A reader's browser, moving between pages, still asks for each part on its own.
--
-- Security invoker: the caller's row-level security decides what each part holds, exactly as the three requests did
-- (no draft or scheduled story, no correction of one, only serving campaigns for anon). Each list is bounded here
-- whatever the caller asks, and each uses the index its own request used.

create function public.story_page(story_id uuid, related_limit integer) returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  with
  story as (
    select p.id, p.title, p.description, p.content, p.image_url, p.image_alt, p.image_credit, p.youtube_url,
           p.published_at, p.updated_at, p.corrected_at, p.views, p.author_id, p.byline, p.sponsor_name, p.topic_id
      from public.publications p
     where p.id = story_id and p.published
  ),
  -- 'Leia também' (src/services/related-stories.ts): the newest other published stories of the story's topic, by
  -- the (published, topic_id, published_at desc, id desc) index; none without a topic or a story.
  related as (
    select p.id, p.title, p.description, p.image_url, p.published_at, p.views, p.author_id, p.sponsor_name, p.topic_id,
           row_number() over (order by p.published_at desc, p.id desc) as n
      from public.publications p
     where p.published
       and p.topic_id = (select s.topic_id from story s)
       and p.id <> story_id
     order by p.published_at desc, p.id desc
     limit least(greatest(coalesce(related_limit, 0), 0), 12)
  ),
  -- The campaigns serving in the story's banner space (src/services/ad-campaigns.ts servingCampaigns: at most 20, by
  -- id), with the columns anon may read.
  campaigns as (
    select a.id, a.space, a.image_url, a.image_width, a.image_height, a.mobile_image_url, a.mobile_image_width,
           a.mobile_image_height, a.alt_text, a.target_url
      from public.ad_campaigns a
     where a.space = 'banner-materia'
     order by a.id
     limit 20
  )
  select jsonb_build_object(
    -- As src/services/published-story.ts selects it: its columns, its topic and its corrections (50 at most, by
    -- the table's own rule).
    'story', (
      select jsonb_build_object(
               'id', s.id, 'title', s.title, 'description', s.description, 'content', s.content,
               'image_url', s.image_url, 'image_alt', s.image_alt, 'image_credit', s.image_credit,
               'youtube_url', s.youtube_url, 'published_at', s.published_at, 'updated_at', s.updated_at,
               'corrected_at', s.corrected_at, 'views', s.views, 'author_id', s.author_id, 'byline', s.byline,
               'sponsor_name', s.sponsor_name,
               'topics', (select jsonb_build_object('id', t.id, 'name', t.name, 'slug', t.slug)
                            from public.topics t where t.id = s.topic_id),
               'publication_corrections', coalesce((
                 select jsonb_agg(jsonb_build_object('id', c.id, 'corrected_at', c.corrected_at, 'wrong', c.wrong,
                                                     'correct', c.correct) order by c.corrected_at, c.id)
                   from public.publication_corrections c
                  where c.publication_id = s.id), '[]'::jsonb))
        from story s),
    -- Cards as the API's summary select gives them (src/services/publications.ts SUMMARY_COLUMNS).
    'related', coalesce((
      select jsonb_agg(jsonb_build_object(
               'id', r.id, 'title', r.title, 'description', r.description, 'image_url', r.image_url,
               'published_at', r.published_at, 'views', r.views, 'author_id', r.author_id, 'sponsor_name', r.sponsor_name,
               'topics', (select jsonb_build_object('id', t.id, 'name', t.name, 'slug', t.slug)
                            from public.topics t where t.id = r.topic_id)
             ) order by r.n)
        from related r), '[]'::jsonb),
    'campaigns', coalesce((select jsonb_agg(to_jsonb(c) order by c.id) from campaigns c), '[]'::jsonb)
  )
$$;

comment on function public.story_page(uuid, integer) is
  'A story''s page (the story with its topic and corrections, ''Leia também'', the banner-materia campaigns) in one call, as the caller may read it: the server''s render of a story.';

-- The server's anonymous render only, as public.home_page_sections: a signed-in account reads each part on its own.
revoke all on function public.story_page(uuid, integer) from public, anon, authenticated, service_role;
grant execute on function public.story_page(uuid, integer) to anon, service_role;
