-- The home page's sections in one call, for the server's render (issue 37, docs/decisions/0051 "One read for the
-- home page"). The server rendered the home page from seven API requests (the lead, the local stories, the most
-- read, the jobs, the obituaries and the two banner spaces' campaigns), each a transaction of its own on the
-- database: one call answers them all from one transaction. A reader's browser still asks section by section, so
-- each section shows as soon as its own answer arrives.
--
-- Security invoker: the caller's row-level security decides what each section holds, exactly as the seven requests
-- did (no draft, no scheduled story, no unpublished job or obituary, only serving campaigns for anon). Each list is
-- bounded here whatever the caller asks, and each uses the index its own request used.

create function public.home_page_sections(
  section_limit integer,
  most_read_limit integer,
  jobs_limit integer,
  obituaries_limit integer
) returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  with
  bounds as (
    select least(greatest(coalesce(section_limit, 0), 0), 24) as stories,
           least(greatest(coalesce(most_read_limit, 0), 0), 24) as most_read,
           least(greatest(coalesce(jobs_limit, 0), 0), 24) as jobs,
           least(greatest(coalesce(obituaries_limit, 0), 0), 24) as obituaries
  ),
  lead as (
    select p.id, 1::bigint as n from public.publications p where p.is_lead limit 1
  ),
  local_stories as (
    select s.id, row_number() over (order by s.published_at desc) as n
      from (select p.id, p.published_at
              from public.publications p
              join public.topics t on t.id = p.topic_id
             where t.slug = 'local' and p.published
             order by p.published_at desc
             limit (select stories from bounds)) s
  ),
  most_read as (
    select s.id, row_number() over (order by s.views desc) as n
      from (select p.id, p.views
              from public.publications p
             where p.published
             order by p.views desc
             limit (select most_read from bounds)) s
  ),
  -- A story card as the API's summary select gives it (src/services/publications.ts SUMMARY_COLUMNS).
  cards as (
    select p.id,
           jsonb_build_object(
             'id', p.id, 'title', p.title, 'description', p.description, 'image_url', p.image_url,
             'published_at', p.published_at, 'views', p.views, 'author_id', p.author_id, 'sponsor_name', p.sponsor_name,
             'topics', (select jsonb_build_object('id', t.id, 'name', t.name, 'slug', t.slug)
                          from public.topics t where t.id = p.topic_id)
           ) as card
      from public.publications p
     where p.id in (select id from lead union select id from local_stories union select id from most_read)
  ),
  jobs as (
    select to_jsonb(j) as job, row_number() over (order by j.created_at desc) as n
      from (select j.id, j.title, j.company, j.contract_type, j.description, j.how_to_apply, j.location, j.published,
                   j.expires_at, j.created_at
              from public.jobs j
             where j.published
             order by j.created_at desc
             limit (select jobs from bounds)) j
  ),
  obituaries as (
    select to_jsonb(o) as obituary, row_number() over (order by o.death_date desc) as n
      from (select o.id, o.name, o.age, o.death_date, o.biography, o.family, o.funeral_location, o.funeral_time,
                   o.photo_url, o.published, o.created_at
              from public.obituaries o
             where o.published
             order by o.death_date desc
             limit (select obituaries from bounds)) o
  ),
  -- The campaigns serving in each home banner space (src/services/ad-campaigns.ts servingCampaigns: at most 20 a
  -- space, by id), with the columns anon may read.
  campaigns as (
    select s.space,
           jsonb_agg(jsonb_build_object(
             'id', c.id, 'space', c.space, 'image_url', c.image_url, 'image_width', c.image_width,
             'image_height', c.image_height, 'mobile_image_url', c.mobile_image_url,
             'mobile_image_width', c.mobile_image_width, 'mobile_image_height', c.mobile_image_height,
             'alt_text', c.alt_text, 'target_url', c.target_url
           ) order by c.id) as serving
      from (values ('banner-principal'), ('banner-lateral')) as s(space)
      cross join lateral (
        select a.id, a.space, a.image_url, a.image_width, a.image_height, a.mobile_image_url, a.mobile_image_width,
               a.mobile_image_height, a.alt_text, a.target_url
          from public.ad_campaigns a
         where a.space = s.space
         order by a.id
         limit 20) c
     group by s.space
  )
  select jsonb_build_object(
    'lead', (select c.card from lead l join cards c using (id)),
    'local', coalesce((select jsonb_agg(c.card order by s.n) from local_stories s join cards c using (id)), '[]'::jsonb),
    'most_read', coalesce((select jsonb_agg(c.card order by s.n) from most_read s join cards c using (id)), '[]'::jsonb),
    'jobs', coalesce((select jsonb_agg(j.job order by j.n) from jobs j), '[]'::jsonb),
    'obituaries', coalesce((select jsonb_agg(o.obituary order by o.n) from obituaries o), '[]'::jsonb),
    'campaigns', jsonb_build_object(
      'banner-principal', coalesce((select serving from campaigns where space = 'banner-principal'), '[]'::jsonb),
      'banner-lateral', coalesce((select serving from campaigns where space = 'banner-lateral'), '[]'::jsonb)
    )
  )
$$;

comment on function public.home_page_sections(integer, integer, integer, integer) is
  'The home page''s sections (lead, local, most read, jobs, obituaries, the two banner spaces'' campaigns) in one call, as the caller may read them: the server''s render of the home page.';

revoke all on function public.home_page_sections(integer, integer, integer, integer) from public, anon, authenticated, service_role;
grant execute on function public.home_page_sections(integer, integer, integer, integer) to anon, service_role;
