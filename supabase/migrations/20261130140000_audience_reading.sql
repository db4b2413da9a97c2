-- What the newsroom reads of its audience (issue 38 points 4 to 6, docs/decisions/0053): the 'Audiência' screen's
-- figures, a story's own, the weekly summary e-mail's, and who asked for that e-mail. The tables are
-- 20261130120000_audience_tables.sql; the beacon's function that writes them is 20261130130000+.
--
-- * Every reading function of the API runs as its caller and answers Administradores and Editores alone
--   (42501 'audience_staff_only' for a Repórter or a pending account; anon may not execute them at all). Row-level
--   security already keeps the daily tables to editors; the explicit check makes a Repórter's refusal an error rather
--   than a screen of zeros.
-- * Their bodies are in `private` (invoker too, unreachable through the API), taking a period of São Paulo days, so
--   the weekly summary's owner-run function reads the same figures the screen does.
-- * Owner-run, each behind a public function that runs as its caller (docs/decisions/0045): 'readers now', which
--   counts the private reader marks, and the digest's sends, whose table stays the administrators' (a send's last
--   error may quote a reader's address); both answer counts only.
-- * A period is 1 (today), 7 or 30 São Paulo days ending today; the summary's is last week. Unique readers are daily
--   (the hash is rotated every day), so a period's readers are the sum of its days' readers, as the screen says.
-- * Read depth: a visit that read to 50% counts in read_25 and read_50, so 25 * (read_25 + read_50 + read_75 +
--   read_100) / views is the average share of the text read.
--
-- Errors the app maps (SQLSTATE, message):
--   42501 'audience_staff_only'   the caller is not an Administrador or Editor
--   22023 'audience_invalid_period' a period other than 1, 7 or 30 days

-- ---------------------------------------------------------------------------------------------------------------
-- Indexes the reading needs beyond the tables' own (the bench: scripts/bench-scale-audience.ts).

-- A period's stories: the day range, story rows only (the primary key leads by day but mixes in every page).
create index audience_days_story_day_idx on public.audience_days (day, publication_id) where publication_id is not null;
-- The digest's clicks by story: the day range of source 'digest' only.
create index audience_days_digest_idx on public.audience_days (day, campaign, publication_id) where source = 'digest';

-- ---------------------------------------------------------------------------------------------------------------
-- Unsubscribes, counted by day: unsubscribing deletes the address (docs/decisions/0033), so the count is all that
-- says it happened. No address, no token: a number a day.

create table public.newsletter_unsubscribe_days (
  day date primary key,
  unsubscribes integer not null default 0 check (unsubscribes >= 0)
);
comment on table public.newsletter_unsubscribe_days is
  'How many confirmed readers left the digest each São Paulo day (its own link). Written by the unsubscribe function only; read by Administradores and Editores.';
alter table public.newsletter_unsubscribe_days enable row level security;
revoke all on table public.newsletter_unsubscribe_days from public, anon, authenticated;
grant select on table public.newsletter_unsubscribe_days to authenticated;
grant all on table public.newsletter_unsubscribe_days to service_role;
create policy "Editors read unsubscribes by day" on public.newsletter_unsubscribe_days
  for select to authenticated using ((select private.is_editor()));

-- The reader's link, as before (20261128090000_newsletter.sql), now also counting a confirmed reader's leaving.
create or replace function private.newsletter_unsubscribe(token uuid) returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  was_confirmed boolean;
begin
  delete from public.newsletter_subscribers s where s.unsubscribe_token = token
  returning s.confirmed_at is not null into was_confirmed;
  if not found then
    return false;
  end if;
  if was_confirmed then
    insert into public.newsletter_unsubscribe_days as u (day, unsubscribes)
    values (private.sao_paulo_date(private.clock_now()), 1)
    on conflict (day) do update set unsubscribes = u.unsubscribes + 1;
  end if;
  return true;
end;
$$;

-- ---------------------------------------------------------------------------------------------------------------
-- Who gets the weekly summary: an Administrador or Editor who asked for it on 'Minha conta' (off until then).

create table public.audience_summary_subscriptions (
  profile_id uuid primary key references public.profiles (id) on delete cascade,
  created_at timestamptz not null default now()
);
comment on table public.audience_summary_subscriptions is
  'Administradores and Editores who asked for the weekly audience summary by e-mail: each adds and removes only their own row.';
alter table public.audience_summary_subscriptions enable row level security;
revoke all on table public.audience_summary_subscriptions from public, anon, authenticated;
grant select (profile_id, created_at), insert (profile_id), delete on table public.audience_summary_subscriptions to authenticated;
grant all on table public.audience_summary_subscriptions to service_role;
create policy "Staff read their own summary subscription" on public.audience_summary_subscriptions
  for select to authenticated using (profile_id = (select auth.uid()));
create policy "Editors ask for the summary for themselves" on public.audience_summary_subscriptions
  for insert to authenticated with check (profile_id = (select auth.uid()) and (select private.is_editor()));
create policy "Staff stop their own summary" on public.audience_summary_subscriptions
  for delete to authenticated using (profile_id = (select auth.uid()));

-- The São Paulo week last summarised: once a week whichever host asks.
create table private.audience_summary_runs (
  only_row boolean primary key default true check (only_row),
  last_week date
);
insert into private.audience_summary_runs (only_row) values (true);
revoke all on table private.audience_summary_runs from public, anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------------------------------
-- The figures, by period (private: the API reaches them through the checked functions below).

create function private.audience_require_editor() returns void
language plpgsql
stable
security invoker
set search_path = ''
as $$
begin
  if not coalesce((select private.is_editor()), false) then
    raise exception 'audience_staff_only' using errcode = '42501';
  end if;
end;
$$;

-- The first day of a period of `days` São Paulo days ending today.
create function private.audience_period_start(days integer) returns date
language plpgsql
stable
security invoker
set search_path = ''
as $$
begin
  if days is null or days not in (1, 7, 30) then
    raise exception 'audience_invalid_period' using errcode = '22023';
  end if;
  return private.sao_paulo_date(private.clock_now()) - (days - 1);
end;
$$;

create function private.audience_totals_between(from_day date, to_day date)
returns table (views bigint, readers bigint, story_views bigint, read_25 bigint, read_50 bigint, read_75 bigint,
               read_100 bigint, visible_seconds bigint)
language sql
stable
security invoker
set search_path = ''
as $$
  select coalesce(sum(d.views), 0)::bigint,
         coalesce((select sum(r.readers) from public.audience_page_readers r
                    where r.day between from_day and to_day and r.path = ''), 0)::bigint,
         coalesce(sum(d.views) filter (where d.publication_id is not null), 0)::bigint,
         coalesce(sum(d.read_25), 0)::bigint, coalesce(sum(d.read_50), 0)::bigint,
         coalesce(sum(d.read_75), 0)::bigint, coalesce(sum(d.read_100), 0)::bigint,
         coalesce(sum(d.visible_seconds), 0)::bigint
    from public.audience_days d
   where d.day between from_day and to_day
$$;

-- The most viewed stories, at most 50: each with its readers (its pages' daily readers), depth and top 5 sources.
create function private.audience_top_stories_between(from_day date, to_day date, max_count integer)
returns table (publication_id uuid, title text, views bigint, readers bigint, read_25 bigint, read_50 bigint,
               read_75 bigint, read_100 bigint, sources jsonb)
language sql
stable
security invoker
set search_path = ''
as $$
  with top as (
    select d.publication_id, sum(d.views)::bigint as views, sum(d.read_25)::bigint as read_25,
           sum(d.read_50)::bigint as read_50, sum(d.read_75)::bigint as read_75, sum(d.read_100)::bigint as read_100
      from public.audience_days d
     where d.day between from_day and to_day and d.publication_id is not null
     group by d.publication_id
     order by 2 desc, 1
     limit least(greatest(coalesce(max_count, 10), 1), 50))
  select top.publication_id, p.title, top.views,
         coalesce((select sum(r.readers)
                     from (select distinct s.day, s.path from public.audience_days s
                            where s.publication_id = top.publication_id and s.day between from_day and to_day) pages
                     join public.audience_page_readers r on r.day = pages.day and r.path = pages.path), 0)::bigint,
         top.read_25, top.read_50, top.read_75, top.read_100,
         coalesce((select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('source', bs.source, 'views', bs.views) order by bs.views desc, bs.source)
                     from (select s.source, sum(s.views)::bigint as views from public.audience_days s
                            where s.publication_id = top.publication_id and s.day between from_day and to_day
                            group by s.source order by 2 desc, 1 limit 5) bs), '[]'::jsonb)
    from top
    join public.publications p on p.id = top.publication_id
   order by top.views desc, top.publication_id
$$;

-- Views by topic or by signature ('Redação' for an unsigned story), at most 50 each: the stories read and how far.
create function private.audience_groups_between(from_day date, to_day date, by_what text)
returns table (name text, stories bigint, views bigint, read_25 bigint, read_100 bigint)
language sql
stable
security invoker
set search_path = ''
as $$
  with stories as (
    select d.publication_id, sum(d.views)::bigint as views, sum(d.read_25)::bigint as read_25, sum(d.read_100)::bigint as read_100
      from public.audience_days d
     where d.day between from_day and to_day and d.publication_id is not null
     group by d.publication_id)
  -- Each story's topic or signature by its primary key (a month holds a few thousand of the stories, never all).
  select coalesce((select case when by_what = 'topic' then (select t.name from public.topics t where t.id = p.topic_id) else p.byline end
                     from public.publications p where p.id = stories.publication_id),
                  case when by_what = 'topic' then 'Sem tópico' else 'Redação' end),
         count(*)::bigint, sum(stories.views)::bigint, sum(stories.read_25)::bigint, sum(stories.read_100)::bigint
    from stories
   group by 1
   order by 3 desc, 1
   limit 50
$$;

create function private.audience_sources_between(from_day date, to_day date)
returns table (day date, source text, views bigint, readers bigint)
language sql
stable
security invoker
set search_path = ''
as $$
  select d.day, d.source, sum(d.views)::bigint, sum(d.readers)::bigint
    from public.audience_days d
   where d.day between from_day and to_day
   group by d.day, d.source
   order by d.day, 3 desc, d.source
$$;

-- The digest's clicks: visits that came through its links, by campaign (the send's date) and story, at most 100.
create function private.audience_digest_clicks_between(from_day date, to_day date)
returns table (campaign text, publication_id uuid, title text, clicks bigint)
language sql
stable
security invoker
set search_path = ''
as $$
  select c.campaign, c.publication_id, p.title, c.clicks
    from (select d.campaign, d.publication_id, sum(d.views)::bigint as clicks
            from public.audience_days d
           where d.day between from_day and to_day and d.source = 'digest'
           group by d.campaign, d.publication_id
           order by 3 desc, 1, 2
           limit 100) c
    left join public.publications p on p.id = c.publication_id
   order by c.clicks desc, c.campaign, c.publication_id
$$;

-- The 75th percentile and the good share per page type, device and metric. `bucket` is each bin's upper bound, so
-- the percentile is the first bound whose running count reaches 75% of the samples; the good thresholds (LCP 2500 ms,
-- INP 200 ms, CLS 0.1) are bounds, so 'at or under' is exact.
create function private.audience_vitals_between(from_day date, to_day date)
returns table (page_type text, device text, metric text, samples bigint, p75 numeric, good bigint)
language sql
stable
security invoker
set search_path = ''
as $$
  with bins as (
    select v.page_type, v.device, v.metric, v.bucket, sum(v.samples)::bigint as samples
      from public.audience_vitals_days v
     where v.day between from_day and to_day
     group by 1, 2, 3, 4),
  running as (
    select b.*, sum(b.samples) over (partition by b.page_type, b.device, b.metric order by b.bucket) as below,
           sum(b.samples) over (partition by b.page_type, b.device, b.metric) as total
      from bins b)
  select r.page_type, r.device, r.metric, max(r.total)::bigint,
         min(r.bucket) filter (where r.below >= 0.75 * r.total),
         coalesce(sum(r.samples) filter (where r.bucket <= case r.metric when 'LCP' then 2500 when 'INP' then 200 else 0.1 end), 0)::bigint
    from running r
   group by 1, 2, 3
  having max(r.total) > 0
   order by 1, 2, 3
$$;

-- One story's figures: views, readers, depth and its top 5 sources.
create function private.audience_story_between(story uuid, from_day date, to_day date)
returns table (views bigint, readers bigint, read_25 bigint, read_50 bigint, read_75 bigint, read_100 bigint, sources jsonb)
language sql
stable
security invoker
set search_path = ''
as $$
  select coalesce(sum(d.views), 0)::bigint,
         coalesce((select sum(r.readers)
                     from (select distinct s.day, s.path from public.audience_days s
                            where s.publication_id = story and s.day between from_day and to_day) pages
                     join public.audience_page_readers r on r.day = pages.day and r.path = pages.path), 0)::bigint,
         coalesce(sum(d.read_25), 0)::bigint, coalesce(sum(d.read_50), 0)::bigint,
         coalesce(sum(d.read_75), 0)::bigint, coalesce(sum(d.read_100), 0)::bigint,
         coalesce((select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('source', bs.source, 'views', bs.views) order by bs.views desc, bs.source)
                     from (select s.source, sum(s.views)::bigint as views from public.audience_days s
                            where s.publication_id = story and s.day between from_day and to_day
                            group by s.source order by 2 desc, 1 limit 5) bs), '[]'::jsonb)
    from public.audience_days d
   where d.publication_id = story and d.day between from_day and to_day
$$;

revoke all on function private.audience_require_editor(), private.audience_period_start(integer),
  private.audience_totals_between(date, date), private.audience_top_stories_between(date, date, integer),
  private.audience_groups_between(date, date, text), private.audience_sources_between(date, date),
  private.audience_digest_clicks_between(date, date), private.audience_vitals_between(date, date),
  private.audience_story_between(uuid, date, date)
  from public, anon, authenticated, service_role;
grant execute on function private.audience_require_editor(), private.audience_period_start(integer),
  private.audience_totals_between(date, date), private.audience_top_stories_between(date, date, integer),
  private.audience_groups_between(date, date, text), private.audience_sources_between(date, date),
  private.audience_digest_clicks_between(date, date), private.audience_vitals_between(date, date),
  private.audience_story_between(uuid, date, date)
  to authenticated;

-- ---------------------------------------------------------------------------------------------------------------
-- Owner-run: readers now and the digest's sends (counts only, editors only).

create function private.audience_readers_now() returns integer
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not coalesce((select private.is_editor()), false) then
    raise exception 'audience_staff_only' using errcode = '42501';
  end if;
  return (select count(distinct m.reader_hash)::integer from private.audience_marks m
           where m.last_seen_at > private.clock_now() - interval '5 minutes');
end;
$$;

-- The digest's sends that went in the period (counts): the owner's, for the summary and the checked function below.
create function private.audience_digest_sends_counted(from_day date, to_day date)
returns table (sends bigint, recipients bigint, sent bigint, failed bigint)
language sql
stable
security invoker
set search_path = ''
as $$
  select count(*)::bigint, coalesce(sum(s.recipient_count), 0)::bigint, coalesce(sum(s.sent_count), 0)::bigint,
         coalesce(sum(s.failed_count), 0)::bigint
    from public.newsletter_sends s
   where s.started_at >= (from_day::timestamp at time zone 'America/Sao_Paulo')
     and s.started_at < ((to_day + 1)::timestamp at time zone 'America/Sao_Paulo')
     and s.state <> 'sem_novidades'
$$;
revoke all on function private.audience_digest_sends_counted(date, date) from public, anon, authenticated, service_role;

create function private.audience_digest_sends_between(from_day date, to_day date)
returns table (sends bigint, recipients bigint, sent bigint, failed bigint)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not coalesce((select private.is_editor()), false) then
    raise exception 'audience_staff_only' using errcode = '42501';
  end if;
  return query select * from private.audience_digest_sends_counted(from_day, to_day);
end;
$$;
revoke all on function private.audience_readers_now(), private.audience_digest_sends_between(date, date)
  from public, anon, authenticated, service_role;
grant execute on function private.audience_readers_now(), private.audience_digest_sends_between(date, date) to authenticated;

-- ---------------------------------------------------------------------------------------------------------------
-- The API: run as their caller, editors only.

create function public.audience_readers_now() returns integer
language plpgsql
stable
security invoker
set search_path = ''
as $$
begin
  perform private.audience_require_editor();
  return private.audience_readers_now();
end;
$$;
comment on function public.audience_readers_now() is
  'Distinct readers seen in the last 5 minutes. Administradores and Editores only; the counting is private.audience_readers_now''s.';

create function public.audience_totals(days integer)
returns table (views bigint, readers bigint, story_views bigint, read_25 bigint, read_50 bigint, read_75 bigint,
               read_100 bigint, visible_seconds bigint)
language plpgsql
stable
security invoker
set search_path = ''
as $$
begin
  perform private.audience_require_editor();
  return query select * from private.audience_totals_between(private.audience_period_start(days), private.sao_paulo_date(private.clock_now()));
end;
$$;

create function public.audience_top_stories(days integer, max_count integer default 20)
returns table (publication_id uuid, title text, views bigint, readers bigint, read_25 bigint, read_50 bigint,
               read_75 bigint, read_100 bigint, sources jsonb)
language plpgsql
stable
security invoker
set search_path = ''
as $$
begin
  perform private.audience_require_editor();
  return query select * from private.audience_top_stories_between(private.audience_period_start(days), private.sao_paulo_date(private.clock_now()), max_count);
end;
$$;

create function public.audience_topics(days integer)
returns table (name text, stories bigint, views bigint, read_25 bigint, read_100 bigint)
language plpgsql
stable
security invoker
set search_path = ''
as $$
begin
  perform private.audience_require_editor();
  return query select * from private.audience_groups_between(private.audience_period_start(days), private.sao_paulo_date(private.clock_now()), 'topic');
end;
$$;

create function public.audience_authors(days integer)
returns table (name text, stories bigint, views bigint, read_25 bigint, read_100 bigint)
language plpgsql
stable
security invoker
set search_path = ''
as $$
begin
  perform private.audience_require_editor();
  return query select * from private.audience_groups_between(private.audience_period_start(days), private.sao_paulo_date(private.clock_now()), 'author');
end;
$$;

create function public.audience_sources_by_day(days integer)
returns table (day date, source text, views bigint, readers bigint)
language plpgsql
stable
security invoker
set search_path = ''
as $$
begin
  perform private.audience_require_editor();
  return query select * from private.audience_sources_between(private.audience_period_start(days), private.sao_paulo_date(private.clock_now()));
end;
$$;

-- The digest's figures in the period: its sends (counts), its clicks by story, the readers who left it.
create function public.audience_digest(days integer) returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  from_day date;
  to_day constant date := private.sao_paulo_date(private.clock_now());
begin
  perform private.audience_require_editor();
  from_day := private.audience_period_start(days);
  return pg_catalog.jsonb_build_object(
    'sends', (select pg_catalog.to_jsonb(s) from private.audience_digest_sends_between(from_day, to_day) s),
    'unsubscribes', coalesce((select sum(u.unsubscribes) from public.newsletter_unsubscribe_days u
                               where u.day between from_day and to_day), 0),
    'clicks', coalesce((select pg_catalog.jsonb_agg(pg_catalog.to_jsonb(c)) from private.audience_digest_clicks_between(from_day, to_day) c), '[]'::jsonb));
end;
$$;

create function public.audience_vitals(days integer)
returns table (page_type text, device text, metric text, samples bigint, p75 numeric, good bigint)
language plpgsql
stable
security invoker
set search_path = ''
as $$
begin
  perform private.audience_require_editor();
  return query select * from private.audience_vitals_between(private.audience_period_start(days), private.sao_paulo_date(private.clock_now()));
end;
$$;

create function public.audience_story(story uuid, days integer default 30)
returns table (views bigint, readers bigint, read_25 bigint, read_50 bigint, read_75 bigint, read_100 bigint, sources jsonb)
language plpgsql
stable
security invoker
set search_path = ''
as $$
begin
  perform private.audience_require_editor();
  return query select * from private.audience_story_between(story, private.audience_period_start(days), private.sao_paulo_date(private.clock_now()));
end;
$$;

-- The story list's column: views and readers of up to 100 stories over 30 days.
create function public.audience_story_list(stories uuid[])
returns table (publication_id uuid, views bigint, readers bigint)
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  from_day constant date := private.audience_period_start(30);
  to_day constant date := private.sao_paulo_date(private.clock_now());
begin
  perform private.audience_require_editor();
  if pg_catalog.cardinality(stories) > 100 then
    raise exception 'audience_too_many_stories' using errcode = '22023';
  end if;
  return query
    select s.id, coalesce(sum(d.views), 0)::bigint,
           coalesce((select sum(r.readers)
                       from (select distinct x.day, x.path from public.audience_days x
                              where x.publication_id = s.id and x.day between from_day and to_day) pages
                       join public.audience_page_readers r on r.day = pages.day and r.path = pages.path), 0)::bigint
      from pg_catalog.unnest(stories) as s(id)
      left join public.audience_days d on d.publication_id = s.id and d.day between from_day and to_day
     group by s.id;
end;
$$;

do $$
declare
  fn text;
begin
  foreach fn in array array['audience_readers_now()', 'audience_totals(integer)', 'audience_top_stories(integer, integer)',
    'audience_topics(integer)', 'audience_authors(integer)', 'audience_sources_by_day(integer)', 'audience_digest(integer)',
    'audience_vitals(integer)', 'audience_story(uuid, integer)', 'audience_story_list(uuid[])'] loop
    execute pg_catalog.format('revoke all on function public.%s from public, anon, authenticated, service_role', fn);
    execute pg_catalog.format('grant execute on function public.%s to authenticated', fn);
  end loop;
end;
$$;

-- ---------------------------------------------------------------------------------------------------------------
-- The weekly summary (the hosts' scheduled job, service key only): last week's figures (Monday to Sunday, São Paulo)
-- and the addresses of the Administradores and Editores who asked for it. Null when this week's has gone already,
-- unless `force` ('Executar agora').

create function public.audience_weekly_summary(force boolean default false) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  today constant date := private.sao_paulo_date(private.clock_now());
  this_week constant date := today - (extract(isodow from today)::integer - 1);
  from_day constant date := this_week - 7;
  to_day constant date := this_week - 1;
  last_week date;
begin
  select r.last_week into last_week from private.audience_summary_runs r for update;
  if not coalesce(force, false) and last_week is not null and last_week >= this_week then
    return null;
  end if;
  update private.audience_summary_runs set last_week = this_week;
  return pg_catalog.jsonb_build_object(
    'from', from_day,
    'to', to_day,
    'recipients', coalesce((select pg_catalog.jsonb_agg(p.email order by p.email)
                              from public.audience_summary_subscriptions s
                              join public.profiles p on p.id = s.profile_id
                             where p.role in ('admin', 'editor')), '[]'::jsonb),
    'totals', (select pg_catalog.to_jsonb(t) from private.audience_totals_between(from_day, to_day) t),
    'top_stories', coalesce((select pg_catalog.jsonb_agg(pg_catalog.to_jsonb(s) - 'sources')
                               from private.audience_top_stories_between(from_day, to_day, 10) s), '[]'::jsonb),
    'sources', coalesce((select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('source', x.source, 'views', x.views) order by x.views desc, x.source)
                           from (select s.source, sum(s.views)::bigint as views
                                   from private.audience_sources_between(from_day, to_day) s group by s.source) x), '[]'::jsonb),
    'digest', pg_catalog.jsonb_build_object(
      'sends', (select pg_catalog.to_jsonb(s) from private.audience_digest_sends_counted(from_day, to_day) s),
      'clicks', coalesce((select sum(c.clicks) from private.audience_digest_clicks_between(from_day, to_day) c), 0),
      'unsubscribes', coalesce((select sum(u.unsubscribes) from public.newsletter_unsubscribe_days u
                                 where u.day between from_day and to_day), 0)));
end;
$$;
comment on function public.audience_weekly_summary(boolean) is
  'The weekly audience summary''s figures and recipients; once per São Paulo week unless forced. The hosts'' service key only.';
revoke all on function public.audience_weekly_summary(boolean) from public, anon, authenticated, service_role;
grant execute on function public.audience_weekly_summary(boolean) to service_role;
