-- Advertising sold directly (docs/product.md, 'Anuncie'): campaigns in the three banner spaces the media kit sells,
-- counted per day, reported to the advertiser.
--
-- * Administrators alone create, change and read campaigns, advertisers, figures and report links.
-- * Readers (anon, and signed-in accounts that are not administrators) read a campaign only while it serves: state
--   'ativa' and São Paulo's today between its first and last day; and only the columns a banner needs.
-- * Counting goes through public.count_ad_event() alone, which adds one impression or one click to today's row of a
--   serving campaign, at most once per client per campaign per window (a salted hash, as views are counted), and
--   never for a crawler. The advertiser's report is public.ad_campaign_report(token): the figures of the one campaign
--   whose unguessable link it is, while an administrator has not revoked it.

-- ---------------------------------------------------------------------------------------------------------------
-- URL rules: one definition each, here and in src/lib/safe-urls.ts (tests/security/url-rules.test.ts).

-- A destination link: the rule of the https addresses private.is_safe_image_url accepts (a plain host, no user-info
-- or port, none of the characters that could end an attribute, no `.`/`..` segment).
create function private.is_safe_link_url(url text) returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  select url ~ '^(?![^?#]*/\.\.?([/?#]|$))https://[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*([/?#]([A-Za-z0-9._~!$&*+,;=:@/?#-]|%[0-9A-Fa-f]{2})*)?$'
$$;

-- A creative: a file of the site's own 'ads' bucket, so a banner asks no other host for anything.
create function private.is_ad_image_url(url text) returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  select url ~ '^(https://[a-z0-9-]+\.supabase\.co|https?://(localhost|127\.0\.0\.1|\[::1\])(:[0-9]{1,5})?)?/storage/v1/object/public/ads/[A-Za-z0-9_-][A-Za-z0-9._-]*(/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$'
$$;

revoke all on function private.is_safe_link_url(text) from public, anon, authenticated, service_role;
grant execute on function private.is_safe_link_url(text) to authenticated;
revoke all on function private.is_ad_image_url(text) from public, anon, authenticated, service_role;
grant execute on function private.is_ad_image_url(text) to authenticated;

-- ---------------------------------------------------------------------------------------------------------------
-- Creatives: a public bucket (served without a policy), listed and written by administrators only. 150 KB is the
-- weight the IAB's guidelines give a static display banner.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('ads', 'ads', true, 153600, array['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/avif'])
on conflict do nothing;

-- One policy per command for the site's image buckets, now three (the linter's rule: one permissive policy per
-- table, role and command).
drop policy "Admins can list publication and obituary images" on storage.objects;
drop policy "Admins can upload publication and obituary images" on storage.objects;
drop policy "Admins can update publication and obituary images" on storage.objects;
drop policy "Admins can delete publication and obituary images" on storage.objects;

create policy "Admins can list the site's images"
  on storage.objects for select
  to authenticated
  using (bucket_id in ('publications', 'obituaries', 'ads') and (select private.is_admin()));

create policy "Admins can upload the site's images"
  on storage.objects for insert
  to authenticated
  with check (bucket_id in ('publications', 'obituaries', 'ads') and (select private.is_admin()));

create policy "Admins can update the site's images"
  on storage.objects for update
  to authenticated
  using (bucket_id in ('publications', 'obituaries', 'ads') and (select private.is_admin()))
  with check (bucket_id in ('publications', 'obituaries', 'ads') and (select private.is_admin()));

create policy "Admins can delete the site's images"
  on storage.objects for delete
  to authenticated
  using (bucket_id in ('publications', 'obituaries', 'ads') and (select private.is_admin()));

-- ---------------------------------------------------------------------------------------------------------------
-- Advertisers: who bought the space and how to reach them. Administrators only.

create table public.advertisers (
  id uuid primary key default gen_random_uuid(),
  name text not null check (char_length(btrim(name)) between 1 and 160),
  contact text not null check (char_length(btrim(contact)) between 1 and 254),
  created_at timestamptz not null default now()
);
comment on table public.advertisers is 'Who bought advertising space, and how to reach them. Administrators only.';
create index advertisers_name_idx on public.advertisers (name, id);

alter table public.advertisers enable row level security;
revoke all on table public.advertisers from anon, authenticated;
grant select, insert (name, contact), update (name, contact), delete on table public.advertisers to authenticated;
grant all on table public.advertisers to service_role;

create policy "Admins manage advertisers"
  on public.advertisers for all
  to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

-- ---------------------------------------------------------------------------------------------------------------
-- Campaigns.

-- The sizes each space sells (the media kit's), and the phone variant a space needs on a 390 px screen (null: the
-- desktop creative fits). Width and height are the creative's own pixels, which the admin reads from the file.
create function private.ad_space_fits(space text, width integer, height integer, phone boolean) returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case
    when not phone then (space, width, height) in (('banner-principal', 970, 250), ('banner-lateral', 300, 600), ('banner-materia', 728, 90))
    else (space, width, height) in (('banner-principal', 320, 100), ('banner-materia', 320, 50))
  end
$$;
revoke all on function private.ad_space_fits(text, integer, integer, boolean) from public, anon, authenticated, service_role;
grant execute on function private.ad_space_fits(text, integer, integer, boolean) to authenticated;

create table public.ad_campaigns (
  id uuid primary key default gen_random_uuid(),
  advertiser_id uuid not null references public.advertisers (id) on delete restrict,
  space text not null check (space in ('banner-principal', 'banner-lateral', 'banner-materia')),
  image_url text not null check (char_length(image_url) <= 2048 and private.is_ad_image_url(image_url)),
  image_width integer not null,
  image_height integer not null,
  mobile_image_url text check (char_length(mobile_image_url) <= 2048 and private.is_ad_image_url(mobile_image_url)),
  mobile_image_width integer,
  mobile_image_height integer,
  alt_text text not null check (char_length(btrim(alt_text)) between 1 and 200),
  target_url text not null check (char_length(target_url) <= 2048 and private.is_safe_link_url(target_url)),
  -- The first and the last day it serves, by São Paulo's calendar.
  starts_on date not null,
  ends_on date not null,
  state text not null default 'ativa' check (state in ('ativa', 'pausada', 'encerrada')),
  -- The media-kit request it came from ('Criar campanha'), while that request is kept.
  media_kit_request_id uuid references public.media_kit_requests (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint ad_campaigns_dates_in_order check (ends_on >= starts_on),
  constraint ad_campaigns_creative_fits check (private.ad_space_fits(space, image_width, image_height, false)),
  constraint ad_campaigns_phone_creative_fits check (
    (mobile_image_url is null and mobile_image_width is null and mobile_image_height is null)
    or private.ad_space_fits(space, mobile_image_width, mobile_image_height, true)),
  -- Banner Principal and Banner em Matéria are wider than a phone: each needs its phone creative.
  constraint ad_campaigns_phone_creative_where_needed check (space = 'banner-lateral' or mobile_image_url is not null)
);
comment on table public.ad_campaigns is
  'A campaign in one banner space. Readers read only a serving one (ativa, today within its days), only its banner columns.';

-- Serving: a space's campaigns that may be on today, by their first day (the policy checks the rest).
create index ad_campaigns_serving_idx on public.ad_campaigns (space, starts_on) where state = 'ativa';
-- The admin's list, newest first, and the dashboard's "ends this week".
create index ad_campaigns_created_idx on public.ad_campaigns (created_at desc, id desc);
create index ad_campaigns_ends_idx on public.ad_campaigns (ends_on) where state = 'ativa';
create index ad_campaigns_advertiser_idx on public.ad_campaigns (advertiser_id);
create index ad_campaigns_media_kit_request_idx on public.ad_campaigns (media_kit_request_id) where media_kit_request_id is not null;

alter table public.ad_campaigns enable row level security;
revoke all on table public.ad_campaigns from anon, authenticated;
-- Readers: the banner's columns only.
grant select (id, space, image_url, image_width, image_height, mobile_image_url, mobile_image_width,
              mobile_image_height, alt_text, target_url) on table public.ad_campaigns to anon;
grant select on table public.ad_campaigns to authenticated;
grant insert (advertiser_id, space, image_url, image_width, image_height, mobile_image_url, mobile_image_width,
              mobile_image_height, alt_text, target_url, starts_on, ends_on, state, media_kit_request_id),
      update (advertiser_id, space, image_url, image_width, image_height, mobile_image_url, mobile_image_width,
              mobile_image_height, alt_text, target_url, starts_on, ends_on, state, media_kit_request_id),
      delete
  on table public.ad_campaigns to authenticated;
grant all on table public.ad_campaigns to service_role;

-- Whether a campaign serves now: written once, for the policy and the counting function alike.
create function private.ad_campaign_serves(state text, starts_on date, ends_on date) returns boolean
language sql
stable
set search_path = ''
as $$
  select state = 'ativa'
     and starts_on <= private.sao_paulo_date(private.clock_now())
     and ends_on >= private.sao_paulo_date(private.clock_now())
$$;
revoke all on function private.ad_campaign_serves(text, date, date) from public, anon, authenticated, service_role;
grant execute on function private.ad_campaign_serves(text, date, date) to anon, authenticated;

-- The rule of private.ad_campaign_serves, written out so that today is an init plan and the serving index applies.
create policy "Readers read serving campaigns"
  on public.ad_campaigns for select
  to anon
  using (state = 'ativa'
         and starts_on <= (select private.sao_paulo_date(private.clock_now()))
         and ends_on >= (select private.sao_paulo_date(private.clock_now())));

create policy "Accounts read serving campaigns, administrators every one"
  on public.ad_campaigns for select
  to authenticated
  using ((state = 'ativa'
          and starts_on <= (select private.sao_paulo_date(private.clock_now()))
          and ends_on >= (select private.sao_paulo_date(private.clock_now())))
         or (select private.is_admin()));

create policy "Admins create campaigns"
  on public.ad_campaigns for insert
  to authenticated
  with check ((select private.is_admin()));

create policy "Admins change campaigns"
  on public.ad_campaigns for update
  to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

create policy "Admins delete campaigns"
  on public.ad_campaigns for delete
  to authenticated
  using ((select private.is_admin()));

create function private.touch_ad_campaign() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := pg_catalog.now();
  return new;
end;
$$;
revoke all on function private.touch_ad_campaign() from public, anon, authenticated, service_role;

create trigger ad_campaigns_touch
  before update on public.ad_campaigns
  for each row execute function private.touch_ad_campaign();

-- ---------------------------------------------------------------------------------------------------------------
-- Figures: impressions and clicks per campaign per São Paulo day. Administrators read them; only
-- public.count_ad_event() writes them.

create table public.ad_campaign_days (
  campaign_id uuid not null references public.ad_campaigns (id) on delete cascade,
  day date not null,
  impressions integer not null default 0 check (impressions >= 0),
  clicks integer not null default 0 check (clicks >= 0),
  primary key (campaign_id, day)
);
comment on table public.ad_campaign_days is
  'Counted impressions and clicks of a campaign per São Paulo day. Written by public.count_ad_event only.';

alter table public.ad_campaign_days enable row level security;
revoke all on table public.ad_campaign_days from anon, authenticated;
grant select on table public.ad_campaign_days to authenticated;
grant all on table public.ad_campaign_days to service_role;

create policy "Admins read campaign figures"
  on public.ad_campaign_days for select
  to authenticated
  using ((select private.is_admin()));

-- ---------------------------------------------------------------------------------------------------------------
-- The advertiser's report link: a random token per campaign. Revoking deletes it; a new link is a new row.

create table public.ad_report_links (
  campaign_id uuid primary key references public.ad_campaigns (id) on delete cascade,
  token uuid not null unique default gen_random_uuid(),
  created_at timestamptz not null default now()
);
comment on table public.ad_report_links is 'The unguessable address of a campaign''s report. Administrators only.';

alter table public.ad_report_links enable row level security;
revoke all on table public.ad_report_links from anon, authenticated;
grant select, insert (campaign_id), delete on table public.ad_report_links to authenticated;
grant all on table public.ad_report_links to service_role;

create policy "Admins manage report links"
  on public.ad_report_links for all
  to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

-- ---------------------------------------------------------------------------------------------------------------
-- Counting.

create table private.ad_event_receipts (
  campaign_id uuid not null references public.ad_campaigns (id) on delete cascade,
  kind text not null,
  client_key text not null,
  counted_at timestamptz not null,
  primary key (campaign_id, kind, client_key)
);
comment on table private.ad_event_receipts is
  'When each client (salted hash) last had an impression or a click of each campaign counted. Written by public.count_ad_event only.';
create index ad_event_receipts_counted_at_idx on private.ad_event_receipts (counted_at);
revoke all on table private.ad_event_receipts from public, anon, authenticated, service_role;

-- A crawler, a link preview or a headless browser, by its User-Agent; no User-Agent at all counts as one too.
create function private.is_crawler() returns boolean
language plpgsql
stable
set search_path = ''
as $$
declare
  agent text;
begin
  begin
    agent := nullif(pg_catalog.current_setting('request.headers', true), '')::jsonb ->> 'user-agent';
  exception when others then
    return true;
  end;
  return coalesce(pg_catalog.btrim(agent), '') = ''
      or agent ~* '(bot|crawl|spider|slurp|preview|facebookexternalhit|whatsapp|telegram|headless|lighthouse|curl|wget|python|go-http|java/|node|undici)';
end;
$$;
revoke all on function private.is_crawler() from public, anon, authenticated, service_role;

-- Counts one impression or one click of a serving campaign for São Paulo's today, once per client per campaign per
-- kind per hour; a crawler's, an unknown kind's or a non-serving campaign's call changes nothing. It writes only
-- ad_campaign_days and its own receipts, as the views counter does (20261123170000_security_hardening.sql).
create function public.count_ad_event(campaign_id uuid, kind text) returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  clock constant timestamptz := private.clock_now();
  window_length constant interval := interval '1 hour';
  today constant date := private.sao_paulo_date(private.clock_now());
  counted boolean;
begin
  if count_ad_event.kind is null or count_ad_event.kind not in ('impression', 'click') or private.is_crawler() then
    return;
  end if;
  perform 1 from public.ad_campaigns c
   where c.id = count_ad_event.campaign_id and private.ad_campaign_serves(c.state, c.starts_on, c.ends_on);
  if not found then
    return;
  end if;

  insert into private.ad_event_receipts as r (campaign_id, kind, client_key, counted_at)
  values (count_ad_event.campaign_id, count_ad_event.kind, private.client_key(), clock)
  on conflict (campaign_id, kind, client_key) do update
    set counted_at = excluded.counted_at
    where r.counted_at <= excluded.counted_at - window_length
  returning true into counted;

  if counted then
    insert into public.ad_campaign_days as d (campaign_id, day, impressions, clicks)
    values (count_ad_event.campaign_id, today,
            case when count_ad_event.kind = 'impression' then 1 else 0 end,
            case when count_ad_event.kind = 'click' then 1 else 0 end)
    on conflict (campaign_id, day) do update
      set impressions = d.impressions + excluded.impressions,
          clicks = d.clicks + excluded.clicks;
  end if;

  delete from private.ad_event_receipts r
   where (r.campaign_id, r.kind, r.client_key) in (
     select expired.campaign_id, expired.kind, expired.client_key from private.ad_event_receipts expired
      where expired.counted_at <= clock - window_length
      order by expired.counted_at
      limit 100
      for update skip locked);
end;
$$;
revoke all on function public.count_ad_event(uuid, text) from public, anon, authenticated, service_role;
grant execute on function public.count_ad_event(uuid, text) to anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------------------------------
-- The advertiser's report: what the link's campaign is and its figures per day, or null for a token that names no
-- campaign (unknown or revoked). Nothing else of the database is reachable through it.
create function public.ad_campaign_report(token uuid) returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select pg_catalog.jsonb_build_object(
    'advertiser', a.name,
    'space', c.space,
    'starts_on', c.starts_on,
    'ends_on', c.ends_on,
    'state', c.state,
    'days', coalesce((
      select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('day', d.day, 'impressions', d.impressions, 'clicks', d.clicks) order by d.day)
        from public.ad_campaign_days d
       where d.campaign_id = c.id), '[]'::jsonb))
    from public.ad_report_links l
    join public.ad_campaigns c on c.id = l.campaign_id
    join public.advertisers a on a.id = c.advertiser_id
   where l.token = ad_campaign_report.token
$$;
revoke all on function public.ad_campaign_report(uuid) from public, anon, authenticated, service_role;
grant execute on function public.ad_campaign_report(uuid) to anon, authenticated, service_role;
