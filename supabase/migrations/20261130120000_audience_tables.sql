-- The newsroom's own audience figures (issue 38): the tables only. The beacon's function that writes them, the
-- rollup and the retention job come in 20261130130000+; the staff's reading functions in 20261130140000+.
--
-- * Nothing here names a reader. A reader is a daily salted hash of address and browser, rotated every day
--   (private.audience_salts), kept only in private.audience_marks and gone within 48 hours; what stays is counted by
--   day and dimension.
-- * Only the beacon's function (security definer) writes; only Administradores and Editores read the daily tables.

-- ---------------------------------------------------------------------------------------------------------------
-- What readers did, by day, page, source and device: the only audience data kept past 48 hours.

create table public.audience_days (
  day date not null,
  -- The reader page's path, as served ('/', '/noticia/<slug>', '/topicos/<slug>'...), without query or fragment.
  path text not null check (char_length(path) between 1 and 300 and left(path, 1) = '/'),
  -- Its page id (src/app/route-table.ts READER_PAGES: 'home', 'article', 'topic'...).
  page_type text not null check (char_length(page_type) between 1 and 40),
  -- The story when the page is one (null on other pages); deleting the story deletes its figures.
  publication_id uuid references public.publications (id) on delete cascade,
  -- Where the visit came from: 'whatsapp', 'facebook', 'instagram', 'x', 'google-search', 'google-discover',
  -- 'google-news', 'search' (another engine: source_host says which), 'digest', 'campaign' (another utm_source:
  -- source_host says which), 'site' (another site: source_host), 'direct'.
  source text not null check (source in ('whatsapp', 'facebook', 'instagram', 'x', 'google-search',
    'google-discover', 'google-news', 'search', 'digest', 'campaign', 'site', 'direct')),
  source_host text not null default '' check (char_length(source_host) <= 120),
  -- utm_campaign when the link had one (the digest's links carry the digest's date), else ''.
  campaign text not null default '' check (char_length(campaign) <= 80),
  device text not null check (device in ('mobile', 'tablet', 'desktop')),
  views integer not null default 0 check (views >= 0),
  -- Distinct readers (daily hashes) for this row's day, path, source, campaign and device.
  readers integer not null default 0 check (readers >= 0),
  -- Visits that read the story to 25, 50, 75 and 100% of its text (each visit counted at its deepest mark only in
  -- its own column and every shallower one: read_25 >= read_50 >= read_75 >= read_100).
  read_25 integer not null default 0 check (read_25 >= 0),
  read_50 integer not null default 0 check (read_50 >= 0),
  read_75 integer not null default 0 check (read_75 >= 0),
  read_100 integer not null default 0 check (read_100 >= 0),
  -- Seconds the page was visible, summed over the visits that reported it.
  visible_seconds bigint not null default 0 check (visible_seconds >= 0),
  primary key (day, path, source, source_host, campaign, device)
);
comment on table public.audience_days is
  'Audience by day, page, source, campaign and device: views, distinct readers, read depth and visible time. Written by the beacon''s function only; read by Administradores and Editores.';
-- The screen's questions: a period's pages and stories, one story's days.
create index audience_days_publication_idx on public.audience_days (publication_id, day) where publication_id is not null;
create index audience_days_day_source_idx on public.audience_days (day, source);

-- Distinct readers by day and page regardless of source and device ('' for the whole site that day).
create table public.audience_page_readers (
  day date not null,
  path text not null check (path = '' or (char_length(path) between 1 and 300 and left(path, 1) = '/')),
  readers integer not null default 0 check (readers >= 0),
  primary key (day, path)
);
comment on table public.audience_page_readers is
  'Distinct readers by day and page ('''' = the whole site). Written by the beacon''s function only; read by Administradores and Editores.';

-- Core Web Vitals from real visits, as a histogram by day, page type, device and metric: `bucket` is the upper bound
-- of its bin (LCP and INP in milliseconds, CLS unitless), so the 75th percentile is the smallest bucket whose
-- cumulative count reaches 75% of the samples, and the good share is the samples at or under the metric's good
-- threshold (LCP 2500 ms, INP 200 ms, CLS 0.1), which are bucket bounds.
create table public.audience_vitals_days (
  day date not null,
  page_type text not null check (char_length(page_type) between 1 and 40),
  device text not null check (device in ('mobile', 'tablet', 'desktop')),
  metric text not null check (metric in ('LCP', 'INP', 'CLS')),
  bucket numeric not null check (bucket >= 0),
  samples integer not null default 0 check (samples >= 0),
  primary key (day, page_type, device, metric, bucket)
);
comment on table public.audience_vitals_days is
  'Core Web Vitals samples by day, page type, device and metric, binned (bucket = the bin''s upper bound). Written by the beacon''s function only; read by Administradores and Editores.';

alter table public.audience_days enable row level security;
alter table public.audience_page_readers enable row level security;
alter table public.audience_vitals_days enable row level security;

revoke all on table public.audience_days, public.audience_page_readers, public.audience_vitals_days
  from public, anon, authenticated;
grant select on table public.audience_days, public.audience_page_readers, public.audience_vitals_days to authenticated;
grant all on table public.audience_days, public.audience_page_readers, public.audience_vitals_days to service_role;

create policy "Editors read audience days" on public.audience_days
  for select to authenticated using ((select private.is_editor()));
create policy "Editors read audience page readers" on public.audience_page_readers
  for select to authenticated using ((select private.is_editor()));
create policy "Editors read audience vitals" on public.audience_vitals_days
  for select to authenticated using ((select private.is_editor()));

-- ---------------------------------------------------------------------------------------------------------------
-- The day's readers, by their daily hash: what decides whether a view is a new reader, and who is reading now.
-- Deleted within 48 hours; nobody but the database's own functions reads it.

create table private.audience_salts (
  day date primary key,
  salt text not null
);
comment on table private.audience_salts is
  'One random salt a day for the readers'' daily hash; a day''s salt is deleted with its marks, so yesterday''s hashes cannot be linked to today''s.';
revoke all on table private.audience_salts from public, anon, authenticated, service_role;

create table private.audience_marks (
  day date not null,
  reader_hash text not null,
  path text not null,
  source text not null,
  source_host text not null default '',
  campaign text not null default '',
  device text not null,
  first_seen_at timestamptz not null,
  last_seen_at timestamptz not null,
  primary key (day, reader_hash, path, source, source_host, campaign, device)
);
comment on table private.audience_marks is
  'Which daily reader hash viewed which page from which source today and yesterday, and when last: deleted within 48 hours.';
-- Readers now (the last 5 minutes) and the retention job's walk.
create index audience_marks_last_seen_idx on private.audience_marks (last_seen_at);
revoke all on table private.audience_marks from public, anon, authenticated, service_role;
