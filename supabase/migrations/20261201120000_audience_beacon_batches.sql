-- The audience beacon, cheaper per beacon (issue 38's 500 beacons a second on one machine; decision 0052): the same
-- rules as 20261130130000, decided without a subtransaction.
--
-- A PL/pgSQL block with an EXCEPTION clause opens a subtransaction each time it is entered, error or not: the
-- batch's loop opened one per beacon, and the casts of publication_id, depth and the Web Vitals one or three more.
-- On the embedded backend (PGlite, on the server's own thread) that was most of a beacon's cost. Now:
--
-- * private.audience_take decides one beacon and writes it, or names why not (refusal, hint) without raising: every
--   value is checked by its shape before it is cast, and a refused beacon writes nothing but its rate count (which
--   only ever refuses more of a client already over its rate).
-- * The day's salt, the client key's salt and the clock are read once per call, not once per beacon.
-- * private.record_audience (a direct call, one beacon) raises the refusal as before: same SQLSTATEs, messages and
--   hints, and a raise rolls back the whole call, its rate count with it.
-- * private.record_audience_batch (the site's edge, up to 200 beacons, service key only) takes each beacon or lets it
--   go on its own, in one transaction.

create function private.audience_take(
  beacon jsonb, clock timestamptz, today date, vouched boolean, day_salt text, key_salt text,
  out refusal text, out hint text)
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  uuid_re constant text := '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
  number_re constant text := '^[0-9]{1,9}(\.[0-9]{1,40})?([eE][-+]?[0-9]{1,3})?$';
  beacon_kind text := beacon ->> 'kind';
  address text;
  agent text;
  request_headers text;
  reader text;
  earlier_reader text;
  b_path text;
  b_type text;
  b_story uuid;
  b_story_text text;
  b_source text;
  b_host text;
  b_campaign text;
  b_device text;
  b_depth integer;
  b_depth_before integer;
  b_seconds integer;
  b_text text;
  b_metric text;
  b_value numeric;
  lcp numeric;
  inp numeric;
  cls numeric;
  mark_day date;
  new_mark boolean;
  seen_page boolean;
  seen_site boolean;
  by_address text;
  by_browser text;
  within_rate boolean;
begin
  if beacon is null or pg_catalog.jsonb_typeof(beacon) <> 'object' or pg_catalog.octet_length(beacon::text) > 2048
     or beacon_kind is null or beacon_kind not in ('view', 'leave', 'vitals') then
    refusal := 'audience_beacon_invalid';
    hint := 'A beacon is a JSON object of at most 2 KB whose kind is view, leave or vitals.';
    return;
  end if;

  -- The reader: vouched for by the site's edge (the service key), else the request's own.
  if vouched then
    address := coalesce(beacon ->> 'client_address', '');
    agent := beacon ->> 'user_agent';
  else
    address := private.client_address();
    request_headers := pg_catalog.current_setting('request.headers', true);
    -- PostgREST's headers are a JSON object; anything else (none, outside the API) names no browser.
    if request_headers ~ '^\s*\{' and pg_catalog.jsonb_typeof(request_headers::jsonb) = 'object' then
      agent := request_headers::jsonb ->> 'user-agent';
    end if;
  end if;
  address := pg_catalog.left(address, 200);
  agent := pg_catalog.left(coalesce(agent, ''), 500);
  if private.audience_is_crawler(agent) then
    return;
  end if;

  b_device := beacon ->> 'device';
  b_type := beacon ->> 'page_type';
  if b_device is null or b_device not in ('mobile', 'tablet', 'desktop') then
    refusal := 'audience_beacon_invalid';
    hint := 'device is mobile, tablet or desktop.';
    return;
  end if;
  if b_type is null or not (b_type = any (private.audience_page_types())) then
    refusal := 'audience_page_unknown';
    hint := 'page_type is a reader page''s id.';
    return;
  end if;

  if beacon_kind = 'vitals' then
    foreach b_metric in array array['lcp', 'inp', 'cls'] loop
      if beacon ? b_metric then
        b_text := beacon ->> b_metric;
        if b_text is null or b_text !~ number_re then
          refusal := 'audience_beacon_invalid';
          hint := 'A Web Vitals figure is a number.';
          return;
        end if;
        b_value := b_text::numeric;
        if b_value > (case b_metric when 'cls' then 10 else 60000 end) then
          refusal := 'audience_beacon_invalid';
          hint := 'LCP and INP from 0 to 60000 ms, CLS from 0 to 10.';
          return;
        end if;
        case b_metric when 'lcp' then lcp := b_value; when 'inp' then inp := b_value; else cls := b_value; end case;
      end if;
    end loop;
    if lcp is null and inp is null and cls is null then
      refusal := 'audience_beacon_invalid';
      hint := 'A vitals beacon carries lcp, inp or cls.';
      return;
    end if;
  else
    -- A view's or a leave's page and dimensions.
    b_story_text := nullif(beacon ->> 'publication_id', '');
    if b_story_text is not null and b_story_text !~ uuid_re then
      refusal := 'audience_beacon_invalid';
      hint := 'publication_id is a story''s id.';
      return;
    end if;
    b_story := b_story_text::uuid;
    b_path := beacon ->> 'path';
    b_source := beacon ->> 'source';
    b_host := coalesce(beacon ->> 'source_host', '');
    b_campaign := coalesce(beacon ->> 'campaign', '');
    if b_path is null or char_length(b_path) not between 1 and 300 or pg_catalog.left(b_path, 1) <> '/'
       or b_source is null or b_source not in ('whatsapp', 'facebook', 'instagram', 'x', 'google-search', 'google-discover',
         'google-news', 'search', 'digest', 'campaign', 'site', 'direct')
       or b_host !~ '^[a-z0-9._-]{0,120}$' or char_length(b_campaign) > 80 or b_campaign ~ '[[:cntrl:]]' then
      refusal := 'audience_beacon_invalid';
      hint := 'path is an address (300), source a known source, source_host a host (120), campaign at most 80 characters.';
      return;
    end if;
    if beacon_kind = 'leave' then
      -- What this visit read and how long it was visible since its last report: whole numbers in their bounds.
      if coalesce(beacon ->> 'depth', '0') !~ '^[0-9]{1,3}$' or coalesce(beacon ->> 'depth_before', '0') !~ '^[0-9]{1,3}$'
         or coalesce(beacon ->> 'visible_seconds', '0') !~ '^[0-9]{1,6}$' then
        refusal := 'audience_beacon_invalid';
        hint := 'depth, depth_before and visible_seconds are whole numbers.';
        return;
      end if;
      b_depth := coalesce(beacon ->> 'depth', '0')::integer;
      b_depth_before := coalesce(beacon ->> 'depth_before', '0')::integer;
      b_seconds := coalesce(beacon ->> 'visible_seconds', '0')::integer;
      if b_depth not in (0, 25, 50, 75, 100) or b_depth_before not in (0, 25, 50, 75, 100) or b_depth_before > b_depth
         or b_seconds > 1800 or (b_depth > 0 and b_type <> 'article') then
        refusal := 'audience_beacon_invalid';
        hint := 'depth 0, 25, 50, 75 or 100 (a story''s only), not below depth_before; visible_seconds from 0 to 1800.';
        return;
      end if;
    end if;
    b_path := private.audience_page(b_path, b_type, b_story, clock);
    if b_path is null then
      refusal := 'audience_page_unknown';
      hint := 'Not a page readers can open, or its story is not live.';
      return;
    end if;
  end if;

  -- The rate: both keys counted in one statement (the client key's secret salt, as private.salted_hash).
  by_address := pg_catalog.encode(pg_catalog.sha256(pg_catalog.convert_to(key_salt || ':audience_client:' || address, 'UTF8')), 'hex');
  by_browser := pg_catalog.encode(pg_catalog.sha256(pg_catalog.convert_to(key_salt || ':audience_reader:' || address || ':' || agent, 'UTF8')), 'hex');
  with hits as (
    insert into private.audience_client_minutes as m (client_key, minute, beacons)
    values (by_address, pg_catalog.date_trunc('minute', clock), 1), (by_browser, pg_catalog.date_trunc('minute', clock), 1)
    on conflict on constraint audience_client_minutes_pkey do update set beacons = m.beacons + 1
    returning m.client_key as hit_key, m.beacons as hit_count)
  select coalesce(bool_and(h.hit_count <= case when h.hit_key = by_address then 300 else 60 end), true) into within_rate from hits h;
  if not within_rate then
    refusal := 'audience_rate_limited';
    hint := 'At most 300 beacons per address and 60 per address and browser a minute.';
    return;
  end if;

  reader := pg_catalog.encode(pg_catalog.sha256(pg_catalog.convert_to(day_salt || ':' || address || ':' || agent, 'UTF8')), 'hex');

  if beacon_kind = 'vitals' then
    -- Only a reader who viewed a page today: samples come from visits.
    if not exists (select 1 from private.audience_marks m where m.day = today and m.reader_hash = reader) then
      return;
    end if;
    insert into public.audience_vitals_days as v (day, page_type, device, metric, bucket, samples)
    select today, b_type, b_device, x.metric, private.audience_vitals_bucket(x.metric, x.value), 1
      from (values ('LCP', lcp), ('INP', inp), ('CLS', cls)) as x (metric, value)
     where x.value is not null
    on conflict (day, page_type, device, metric, bucket) do update set samples = v.samples + 1;
    return;
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
    if not (seen_page and seen_site) then
      insert into public.audience_page_readers as r (day, path, readers)
      select today, x.path, 1 from (values (b_path, seen_page), ('', seen_site)) as x (path, seen) where not x.seen
      on conflict (day, path) do update set readers = r.readers + 1;
    end if;
    return;
  end if;

  -- A leave: the view this visit began with, today's mark or yesterday's when the visit crossed midnight. None: nothing.
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
revoke all on function private.audience_take(jsonb, timestamptz, date, boolean, text, text) from public, anon, authenticated, service_role;

-- One beacon, called by anyone (public.record_audience): a refusal is raised, as the API's caller expects.
create or replace function private.record_audience(beacon jsonb) returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  clock constant timestamptz := private.clock_now();
  today constant date := private.sao_paulo_date(clock);
  verdict record;
begin
  select t.refusal, t.hint into verdict
    from private.audience_take(beacon, clock, today, pg_catalog.current_setting('role', true) = 'service_role',
                               private.audience_salt(today, clock), (select s.salt from private.client_key_salt s)) t;
  if verdict.refusal is not null then
    raise exception '%', verdict.refusal
      using errcode = case verdict.refusal when 'audience_rate_limited' then 'PT429' else '22023' end, hint = verdict.hint;
  end if;
end;
$$;

-- Up to 200 beacons from the site's edge (the service key), in one transaction, each taken or refused on its own.
create function private.record_audience_batch(beacons jsonb) returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  clock constant timestamptz := private.clock_now();
  today constant date := private.sao_paulo_date(clock);
  day_salt text;
  key_salt text;
  item jsonb;
begin
  if pg_catalog.current_setting('role', true) is distinct from 'service_role' or pg_catalog.jsonb_typeof(beacons) is distinct from 'array'
     or pg_catalog.jsonb_array_length(beacons) > 200 then
    raise exception 'audience_beacon_invalid' using errcode = '22023', hint = 'Only the site''s edge sends beacons together, at most 200.';
  end if;
  day_salt := private.audience_salt(today, clock);
  select s.salt into key_salt from private.client_key_salt s;
  for item in select value from pg_catalog.jsonb_array_elements(beacons) loop
    -- A refusal (its page, its values, its reader's rate) is this beacon's own: the others count.
    perform private.audience_take(item, clock, today, true, day_salt, key_salt);
  end loop;
end;
$$;
revoke all on function private.record_audience_batch(jsonb) from public, anon, authenticated, service_role;
grant execute on function private.record_audience_batch(jsonb) to service_role;

create or replace function public.record_audience(beacon jsonb) returns void
language plpgsql
security invoker
set search_path = ''
as $$
begin
  if pg_catalog.jsonb_typeof(beacon) = 'array' then
    -- Said here, as the batch says it: only its grantee may reach it.
    if pg_catalog.current_setting('role', true) is distinct from 'service_role' then
      raise exception 'audience_beacon_invalid' using errcode = '22023', hint = 'Only the site''s edge sends beacons together, at most 200.';
    end if;
    perform private.record_audience_batch(beacon);
  else
    perform private.record_audience(beacon);
  end if;
end;
$$;
