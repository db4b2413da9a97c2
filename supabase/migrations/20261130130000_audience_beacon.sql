-- The audience beacon's writer (issue 38, docs/decisions/0052-audience-beacon.md): public.record_audience is the only
-- thing that writes the audience tables of 20261130120000. The edge's /api/audiencia endpoint calls it; anyone may
-- call it directly too, and it trusts nothing it is sent.
--
-- * A reader is a daily salted hash of address and User-Agent (private.audience_salts: one random salt a day,
--   made by the day's first beacon): the address and the browser are never stored. Called by the site's edge with
--   the service key, the reader's address and User-Agent come in the beacon (the edge read them from the reader's
--   connection); called by anyone else, from the request the API received (private.client_address(), as the tip
--   line's client key).
-- * Only reader pages that exist count: a known page type at its own address, a story only while published and
--   visible, an obituary or a job only while published. Values are bounded; a client has a rate limit per minute.
-- * A crawler (its User-Agent's bot tokens, or none at all) counts nothing; plain headless Chromium does count.
-- * The day's marks and salts are deleted once the day after has ended (within 48 hours): by the first beacon of
--   the day after that, and by the hourly retention job (public.forget_audience_marks).
--
-- Errors the app can map (SQLSTATE, message):
--   22023 'audience_beacon_invalid'  not a beacon: unknown kind, a value out of its bounds, a malformed field
--   22023 'audience_page_unknown'    not a page readers can open (unknown type, wrong address, a story not live)
--   PT429 'audience_rate_limited'    too many beacons from this client this minute

-- ---------------------------------------------------------------------------------------------------------------
-- The rate limit: beacons per client per minute, counted in place (one row per client and minute, one upsert of a
-- beacon's two keys: cheap enough for hundreds of beacons a second, where private.rate_limit_take's row per hit is
-- not). Per minute: 300 beacons from one address (a carrier's shared address serves many readers: a reader sends about
-- three a page) and 60 from one address and browser (one reader). Rows of past minutes go with each day's first
-- beacon and with the retention job.

create table private.audience_client_minutes (
  client_key text not null,
  minute timestamptz not null,
  beacons integer not null,
  primary key (client_key, minute)
);
comment on table private.audience_client_minutes is
  'Beacons per client (salted hash) in the current minute, for the audience beacon''s rate limit. Written by public.record_audience only.';
create index audience_client_minutes_minute_idx on private.audience_client_minutes (minute);
revoke all on table private.audience_client_minutes from public, anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------------------------------
-- What a beacon may name.

-- A crawler, a link preview or a tool by its User-Agent: no Mozilla/ prefix (curl, WhatsApp's own link preview
-- 'WhatsApp/2…', python), a bot token, or a known fetcher. Plain HeadlessChrome is a browser (the site's own
-- journeys run it); the in-app browsers of WhatsApp, Facebook and Instagram send Mozilla/ and are readers.
create function private.audience_is_crawler(agent text) returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  select coalesce(pg_catalog.btrim(agent), '') = ''
      or agent !~* '^mozilla/'
      or agent ~* '(bot\M|bot[/_-]|crawl|spider|slurp|facebookexternalhit|facebookcatalog|meta-externalagent|embedly|preview|lighthouse|pagespeed|gtmetrix|ptst/|google-inspectiontool|feedfetcher|mediapartners|apis-google|yahoo|bytespider|petalsearch|headlessshell)'
$$;
revoke all on function private.audience_is_crawler(text) from public, anon, authenticated, service_role;

-- The reader pages the audience counts: src/app/route-table.ts's READER_PAGES but the token pages (an advertiser's
-- report, the digest's confirm and unsubscribe links) and not-found (src/lib/audience.ts AUDIENCE_PAGE_TYPES, which
-- a test keeps equal to this list).
create function private.audience_page_types() returns text[]
language sql
immutable
parallel safe
set search_path = ''
as $$
  select array['home', 'topic', 'external-article', 'article', 'obituaries', 'obituary', 'jobs', 'job', 'search',
               'advertising', 'tip-line', 'privacy', 'accessibility', 'corrections']
$$;
revoke all on function private.audience_page_types() from public, anon, authenticated, service_role;

-- The page's address as the figures keep it, or null when the beacon does not name a page readers can open: a
-- counted page type at its own address, its topic existing, its story live (published, its time come), its obituary
-- or job published. A slug after an id is dropped: a story keeps one path whatever its title becomes.
create function private.audience_page(address text, type_id text, story uuid, clock timestamptz) returns text
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  uuid_re constant text := '([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})';
  fixed constant jsonb := '{"home": "/", "external-article": "/noticia/externa", "obituaries": "/obituarios",
    "jobs": "/vagas", "search": "/busca", "advertising": "/anuncie", "tip-line": "/envie-sua-noticia",
    "privacy": "/privacidade", "accessibility": "/acessibilidade", "corrections": "/correcoes"}';
  found_id text;
begin
  if address is null or type_id is null or (type_id <> 'article' and story is not null) then
    return null;
  end if;
  if fixed ? type_id then
    return case when address = fixed ->> type_id then address end;
  end if;
  if type_id = 'topic' then
    found_id := pg_catalog.substring(address, '^/topic/([a-z0-9]+(?:-[a-z0-9]+)*)$');
    if found_id is not null and exists (select 1 from public.topics t where t.slug = found_id) then
      return address;
    end if;
  elsif type_id = 'article' then
    found_id := pg_catalog.substring(address, '^/noticia/' || uuid_re || '(?:/[a-z0-9-]{1,200})?$');
    if found_id is not null and found_id = story::text
       and exists (select 1 from public.publications p where p.id = story and p.published and p.published_at <= clock) then
      return '/noticia/' || found_id;
    end if;
  elsif type_id = 'obituary' then
    found_id := pg_catalog.substring(address, '^/obituarios/' || uuid_re || '(?:/[a-z0-9-]{1,200})?$');
    if found_id is not null and exists (select 1 from public.obituaries o where o.id = found_id::uuid and o.published) then
      return '/obituarios/' || found_id;
    end if;
  elsif type_id = 'job' then
    found_id := pg_catalog.substring(address, '^/vagas/' || uuid_re || '(?:/[a-z0-9-]{1,200})?$');
    if found_id is not null and exists (select 1 from public.jobs j where j.id = found_id::uuid and j.published) then
      return '/vagas/' || found_id;
    end if;
  end if;
  return null;
end;
$$;
revoke all on function private.audience_page(text, text, uuid, timestamptz) from public, anon, authenticated, service_role;

-- A Web Vitals value's bin: the smallest bound at or above it. The good thresholds (LCP 2500 ms, INP 200 ms, CLS
-- 0.1) and the poor ones (4000 ms, 500 ms, 0.25) are bounds, so the screen's good share and percentiles are exact
-- at them. The last bound is the metric's largest accepted value.
create function private.audience_vitals_bucket(metric text, value numeric) returns numeric
language sql
immutable
parallel safe
set search_path = ''
as $$
  select min(b) from pg_catalog.unnest(case metric
    when 'LCP' then array[250, 500, 750, 1000, 1250, 1500, 1750, 2000, 2250, 2500, 2750, 3000, 3500, 4000, 5000, 6000,
                          8000, 10000, 15000, 20000, 30000, 60000]::numeric[]
    when 'INP' then array[25, 50, 75, 100, 125, 150, 175, 200, 250, 300, 400, 500, 750, 1000, 1500, 2000, 3000, 5000,
                          10000, 60000]::numeric[]
    when 'CLS' then array[0, 0.01, 0.025, 0.05, 0.075, 0.1, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5, 0.75, 1, 1.5, 2, 5,
                          10]::numeric[]
  end) as b
  where b >= value
$$;
revoke all on function private.audience_vitals_bucket(text, numeric) from public, anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------------------------------
-- Forgetting: marks and salts of every day before yesterday (so none is older than 48 hours once its day ended),
-- and the rate limit's past minutes.

create function private.audience_forget(today date, clock timestamptz) returns integer
language plpgsql
security invoker
set search_path = ''
as $$
declare
  forgotten integer;
  step integer;
begin
  delete from private.audience_marks m where m.day < today - 1;
  get diagnostics forgotten = row_count;
  delete from private.audience_salts s where s.day < today - 1;
  delete from private.audience_client_minutes c where c.minute < pg_catalog.date_trunc('minute', clock);
  get diagnostics step = row_count;
  return forgotten + step;
end;
$$;
revoke all on function private.audience_forget(date, timestamptz) from public, anon, authenticated, service_role;

-- The hourly retention job's part (edge/jobs/site-jobs.ts through src/services/retention.ts): what went.
create function public.forget_audience_marks() returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  clock constant timestamptz := private.clock_now();
begin
  return private.audience_forget(private.sao_paulo_date(clock), clock);
end;
$$;
comment on function public.forget_audience_marks() is
  'Deletes the audience''s reader marks and salts of every day before yesterday, and the beacon rate limit''s past minutes. The retention job''s, with the service key.';
revoke all on function public.forget_audience_marks() from public, anon, authenticated, service_role;
grant execute on function public.forget_audience_marks() to service_role;

-- The day's salt, made by the day's first beacon (which also forgets what is past its keeping).
create function private.audience_salt(today date, clock timestamptz) returns text
language plpgsql
security invoker
set search_path = ''
as $$
declare
  salt text;
begin
  select s.salt into salt from private.audience_salts s where s.day = today;
  if found then
    return salt;
  end if;
  -- gen_random_uuid() draws from the strong random source: 244 random bits in two.
  insert into private.audience_salts (day, salt)
  values (today, pg_catalog.gen_random_uuid()::text || pg_catalog.gen_random_uuid()::text)
  on conflict (day) do nothing;
  perform private.audience_forget(today, clock);
  select s.salt into salt from private.audience_salts s where s.day = today;
  return salt;
end;
$$;
revoke all on function private.audience_salt(date, timestamptz) from public, anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------------------------------
-- The beacon (its owner-run body; public.record_audience below is what the API runs).
--
-- beacon: a JSON object (at most 2 KB) with `kind`:
--   'view'   a page view: path, page_type, publication_id (a story's page, else absent), source, source_host,
--            campaign, device. Views + 1; readers + 1 when the reader had no mark for this row today (and the
--            page's and the site's distinct readers likewise).
--   'leave'  later in the same visit (visibilitychange/pagehide): the view's fields, plus depth (0, 25, 50, 75 or
--            100: the deepest mark of the story's text reached), depth_before (what this visit reported before, less
--            than depth or equal to it when nothing new) and visible_seconds (0 to 1800 since the last report). Adds
--            the new depth marks and the seconds to the view's row, when the reader viewed it today or yesterday.
--   'vitals' page_type, device and any of lcp (ms, up to 60000), inp (ms, up to 60000), cls (up to 10): one sample
--            each in its histogram bin, when the reader viewed a page today.
-- Called with the service key (the site's edge), it also carries client_address and user_agent: the reader's.
create function private.record_audience(beacon jsonb) returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  clock constant timestamptz := private.clock_now();
  today constant date := private.sao_paulo_date(clock);
  beacon_kind text := beacon ->> 'kind';
  address text;
  agent text;
  request_headers jsonb;
  reader text;
  earlier_reader text;
  b_path text;
  b_type text;
  b_story uuid;
  b_source text;
  b_host text;
  b_campaign text;
  b_device text;
  b_depth integer;
  b_depth_before integer;
  b_seconds integer;
  b_metric text;
  b_value numeric;
  mark_day date;
  new_mark boolean;
  seen_page boolean;
  seen_site boolean;
  samples_given integer := 0;
  key_salt text;
  by_address text;
  by_browser text;
  within_rate boolean;
begin
  if beacon is null or pg_catalog.jsonb_typeof(beacon) <> 'object' or pg_catalog.octet_length(beacon::text) > 2048
     or beacon_kind is null or beacon_kind not in ('view', 'leave', 'vitals') then
    raise exception 'audience_beacon_invalid' using errcode = '22023', hint = 'A beacon is a JSON object of at most 2 KB whose kind is view, leave or vitals.';
  end if;

  -- The reader: vouched for by the site's edge (the service key), else the request's own.
  if pg_catalog.current_setting('role', true) = 'service_role' then
    address := coalesce(beacon ->> 'client_address', '');
    agent := beacon ->> 'user_agent';
  else
    address := private.client_address();
    begin
      request_headers := nullif(pg_catalog.current_setting('request.headers', true), '')::jsonb;
    exception when others then
      request_headers := null;
    end;
    if pg_catalog.jsonb_typeof(request_headers) = 'object' then
      agent := request_headers ->> 'user-agent';
    end if;
  end if;
  address := pg_catalog.left(address, 200);
  agent := pg_catalog.left(coalesce(agent, ''), 500);
  if private.audience_is_crawler(agent) then
    return;
  end if;

  -- The rate: both keys counted in one statement (the client key's secret salt, as private.salted_hash).
  select s.salt into key_salt from private.client_key_salt s;
  by_address := pg_catalog.encode(pg_catalog.sha256(pg_catalog.convert_to(key_salt || ':audience_client:' || address, 'UTF8')), 'hex');
  by_browser := pg_catalog.encode(pg_catalog.sha256(pg_catalog.convert_to(key_salt || ':audience_reader:' || address || ':' || agent, 'UTF8')), 'hex');
  with hits as (
    insert into private.audience_client_minutes as m (client_key, minute, beacons)
    values (by_address, pg_catalog.date_trunc('minute', clock), 1), (by_browser, pg_catalog.date_trunc('minute', clock), 1)
    on conflict on constraint audience_client_minutes_pkey do update set beacons = m.beacons + 1
    returning m.client_key as hit_key, m.beacons as hit_count)
  select coalesce(bool_and(h.hit_count <= case when h.hit_key = by_address then 300 else 60 end), true) into within_rate from hits h;
  if not within_rate then
    raise exception 'audience_rate_limited' using errcode = 'PT429', hint = 'At most 300 beacons per address and 60 per address and browser a minute.';
  end if;

  b_device := beacon ->> 'device';
  b_type := beacon ->> 'page_type';
  if b_device is null or b_device not in ('mobile', 'tablet', 'desktop') then
    raise exception 'audience_beacon_invalid' using errcode = '22023', hint = 'device is mobile, tablet or desktop.';
  end if;
  if b_type is null or not (b_type = any (private.audience_page_types())) then
    raise exception 'audience_page_unknown' using errcode = '22023', hint = 'page_type is a reader page''s id.';
  end if;

  reader := pg_catalog.encode(pg_catalog.sha256(pg_catalog.convert_to(
    private.audience_salt(today, clock) || ':' || address || ':' || agent, 'UTF8')), 'hex');

  if beacon_kind = 'vitals' then
    foreach b_metric in array array['LCP', 'INP', 'CLS'] loop
      if beacon ? pg_catalog.lower(b_metric) then
        begin
          b_value := (beacon ->> pg_catalog.lower(b_metric))::numeric;
        exception when others then
          raise exception 'audience_beacon_invalid' using errcode = '22023', hint = 'A Web Vitals figure is a number.';
        end;
        if b_value is null or b_value < 0 or b_value > (case b_metric when 'CLS' then 10 else 60000 end) then
          raise exception 'audience_beacon_invalid' using errcode = '22023', hint = 'LCP and INP from 0 to 60000 ms, CLS from 0 to 10.';
        end if;
        samples_given := samples_given + 1;
      end if;
    end loop;
    if samples_given = 0 then
      raise exception 'audience_beacon_invalid' using errcode = '22023', hint = 'A vitals beacon carries lcp, inp or cls.';
    end if;
    -- Only a reader who viewed a page today: samples come from visits.
    if not exists (select 1 from private.audience_marks m where m.day = today and m.reader_hash = reader) then
      return;
    end if;
    foreach b_metric in array array['LCP', 'INP', 'CLS'] loop
      if beacon ? pg_catalog.lower(b_metric) then
        b_value := (beacon ->> pg_catalog.lower(b_metric))::numeric;
        insert into public.audience_vitals_days as v (day, page_type, device, metric, bucket, samples)
        values (today, b_type, b_device, b_metric, private.audience_vitals_bucket(b_metric, b_value), 1)
        on conflict (day, page_type, device, metric, bucket) do update set samples = v.samples + 1;
      end if;
    end loop;
    return;
  end if;

  -- A view's or a leave's page and dimensions.
  begin
    b_story := nullif(beacon ->> 'publication_id', '')::uuid;
  exception when others then
    raise exception 'audience_beacon_invalid' using errcode = '22023', hint = 'publication_id is a story''s id.';
  end;
  b_path := beacon ->> 'path';
  b_source := beacon ->> 'source';
  b_host := coalesce(beacon ->> 'source_host', '');
  b_campaign := coalesce(beacon ->> 'campaign', '');
  if b_path is null or char_length(b_path) not between 1 and 300 or pg_catalog.left(b_path, 1) <> '/'
     or b_source is null or b_source not in ('whatsapp', 'facebook', 'instagram', 'x', 'google-search', 'google-discover',
       'google-news', 'search', 'digest', 'campaign', 'site', 'direct')
     or b_host !~ '^[a-z0-9._-]{0,120}$' or char_length(b_campaign) > 80 or b_campaign ~ '[[:cntrl:]]' then
    raise exception 'audience_beacon_invalid' using errcode = '22023',
      hint = 'path is an address (300), source a known source, source_host a host (120), campaign at most 80 characters.';
  end if;
  b_path := private.audience_page(b_path, b_type, b_story, clock);
  if b_path is null then
    raise exception 'audience_page_unknown' using errcode = '22023', hint = 'Not a page readers can open, or its story is not live.';
  end if;

  -- One reader's beacons one at a time: whether a mark is new is decided once.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('audience_reader:' || reader));

  if beacon_kind = 'view' then
    select coalesce(bool_or(m.path = b_path), false), count(*) > 0 into seen_page, seen_site
      from private.audience_marks m where m.day = today and m.reader_hash = reader;
    insert into private.audience_marks as m (day, reader_hash, path, source, source_host, campaign, device, first_seen_at, last_seen_at)
    values (today, reader, b_path, b_source, b_host, b_campaign, b_device, clock, clock)
    on conflict (day, reader_hash, path, source, source_host, campaign, device) do update set last_seen_at = excluded.last_seen_at
    returning (m.xmax = 0) into new_mark;
    insert into public.audience_days as d (day, path, page_type, publication_id, source, source_host, campaign, device, views, readers)
    values (today, b_path, b_type, b_story, b_source, b_host, b_campaign, b_device, 1, case when new_mark then 1 else 0 end)
    on conflict (day, path, source, source_host, campaign, device)
    do update set views = d.views + 1, readers = d.readers + excluded.readers;
    if not seen_page then
      insert into public.audience_page_readers as r (day, path, readers) values (today, b_path, 1)
      on conflict (day, path) do update set readers = r.readers + 1;
    end if;
    if not seen_site then
      insert into public.audience_page_readers as r (day, path, readers) values (today, '', 1)
      on conflict (day, path) do update set readers = r.readers + 1;
    end if;
    return;
  end if;

  -- A leave: what this visit read and how long it was visible since its last report.
  begin
    b_depth := coalesce((beacon ->> 'depth')::integer, 0);
    b_depth_before := coalesce((beacon ->> 'depth_before')::integer, 0);
    b_seconds := coalesce((beacon ->> 'visible_seconds')::integer, 0);
  exception when others then
    raise exception 'audience_beacon_invalid' using errcode = '22023', hint = 'depth, depth_before and visible_seconds are whole numbers.';
  end;
  if b_depth not in (0, 25, 50, 75, 100) or b_depth_before not in (0, 25, 50, 75, 100) or b_depth_before > b_depth
     or b_seconds not between 0 and 1800 or (b_depth > 0 and b_type <> 'article') then
    raise exception 'audience_beacon_invalid' using errcode = '22023',
      hint = 'depth 0, 25, 50, 75 or 100 (a story''s only), not below depth_before; visible_seconds from 0 to 1800.';
  end if;
  -- The view this visit began with: today's mark, or yesterday's when the visit crossed midnight. None: nothing.
  update private.audience_marks m set last_seen_at = clock
   where m.day = today and m.reader_hash = reader and m.path = b_path and m.source = b_source
     and m.source_host = b_host and m.campaign = b_campaign and m.device = b_device;
  if found then
    mark_day := today;
  else
    select pg_catalog.encode(pg_catalog.sha256(pg_catalog.convert_to(s.salt || ':' || address || ':' || agent, 'UTF8')), 'hex')
      into earlier_reader
      from private.audience_salts s where s.day = today - 1;
    if earlier_reader is null or not exists (
         select 1 from private.audience_marks m
          where m.day = today - 1 and m.reader_hash = earlier_reader and m.path = b_path and m.source = b_source
            and m.source_host = b_host and m.campaign = b_campaign and m.device = b_device) then
      return;
    end if;
    mark_day := today - 1;
  end if;
  update public.audience_days d
     set read_25 = d.read_25 + case when b_depth >= 25 and b_depth_before < 25 then 1 else 0 end,
         read_50 = d.read_50 + case when b_depth >= 50 and b_depth_before < 50 then 1 else 0 end,
         read_75 = d.read_75 + case when b_depth >= 75 and b_depth_before < 75 then 1 else 0 end,
         read_100 = d.read_100 + case when b_depth >= 100 and b_depth_before < 100 then 1 else 0 end,
         visible_seconds = d.visible_seconds + b_seconds
   where d.day = mark_day and d.path = b_path and d.source = b_source and d.source_host = b_host
     and d.campaign = b_campaign and d.device = b_device;
end;
$$;
revoke all on function private.record_audience(jsonb) from public, anon, authenticated, service_role;
grant execute on function private.record_audience(jsonb) to anon, authenticated, service_role;

-- What the API runs: as its caller (docs/decisions/0045), the owner-run body above doing the writing.
-- The site's edge may hand it up to 200 beacons at once (an array; the service key only): the beacons that arrived
-- while the last write ran, in one transaction (the Node hosts' group commit, src/services/audience-beacon.ts), each
-- refused or taken on its own.
create function public.record_audience(beacon jsonb) returns void
language plpgsql
security invoker
set search_path = ''
as $$
declare
  item jsonb;
begin
  if pg_catalog.jsonb_typeof(beacon) is distinct from 'array' then
    perform private.record_audience(beacon);
    return;
  end if;
  if pg_catalog.current_setting('role', true) is distinct from 'service_role' or pg_catalog.jsonb_array_length(beacon) > 200 then
    raise exception 'audience_beacon_invalid' using errcode = '22023', hint = 'Only the site''s edge sends beacons together, at most 200.';
  end if;
  for item in select value from pg_catalog.jsonb_array_elements(beacon) loop
    begin
      perform private.record_audience(item);
    exception when sqlstate '22023' or sqlstate 'PT429' then
      -- This beacon's refusal (its page, its values, its reader's rate) is its own: the others count.
      null;
    end;
  end loop;
end;
$$;
comment on function public.record_audience(jsonb) is
  'The audience beacon: counts a page view, a visit''s read depth and visible time, or a visit''s Web Vitals, for a reader page that exists, within bounds and a per-client rate. The only writer of the audience tables.';
revoke all on function public.record_audience(jsonb) from public, anon, authenticated, service_role;
grant execute on function public.record_audience(jsonb) to anon, authenticated, service_role;
