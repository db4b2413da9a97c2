-- The database, readable and tight (issue 36, item 7; docs/decisions/0045-the-database-readable-and-tight.md).
--
-- 1. No security definer function is reachable from the API. Supabase's linter (splinter) warned 14 times
--    (anon_/authenticated_security_definer_function_executable): eight owner-run functions in `public`, callable
--    through /rest/v1/rpc. Each still needs its owner's rights for what no policy can grant a reader (counting a
--    view or an ad event without UPDATE on the table, a report for a link's token without reading the tables,
--    subscribing and confirming without reading the subscribers, an administrator's own e-mail from auth.users,
--    a role change that keeps one administrator), so the privileged body moves, unchanged, to `private` (which the
--    API does not expose; `alter function … set schema` keeps its body, owner, search_path = '' and grants), and a
--    function of the same name and signature in `public` runs as its caller, refuses what is plainly invalid before
--    anything runs as the owner, and calls it. The API, its types and its answers are the same.
-- 2. One rate-limit helper, private.rate_limit_take(keys, windows, limits), over one table of salted hashes,
--    replaces the four hand-written copies (media-kit requests, digest sign-ups, tips and tips' photos), with the same
--    limits and the same errors; the retention job purges its expired hashes.

-- ---------------------------------------------------------------------------------------------------------------
-- 1. The owner-run bodies move to private; public keeps callers' functions.

alter function public.increment_views(uuid) set schema private;
alter function public.count_ad_event(uuid, text) set schema private;
alter function public.ad_campaign_report(uuid) set schema private;
alter function public.newsletter_confirm(uuid) set schema private;
alter function public.newsletter_unsubscribe(uuid) set schema private;
alter function public.newsletter_test_recipient() set schema private;
alter function public.set_profile_role(uuid, text) set schema private;
-- newsletter_subscribe is rewritten below (the rate limit), in private.
drop function public.newsletter_subscribe(text, text, text);

create function public.increment_views(publication_id uuid) returns void
language plpgsql
security invoker
set search_path = ''
as $$
begin
  if publication_id is null then
    return;
  end if;
  perform private.increment_views(publication_id);
end;
$$;
comment on function public.increment_views(uuid) is
  'Counts one view of a live story, once per client in 6 hours. Runs as its caller; the counting is private.increment_views''s.';

create function public.count_ad_event(campaign_id uuid, kind text) returns void
language plpgsql
security invoker
set search_path = ''
as $$
begin
  if campaign_id is null or kind is null or kind not in ('impression', 'click') then
    return;
  end if;
  perform private.count_ad_event(campaign_id, kind);
end;
$$;
comment on function public.count_ad_event(uuid, text) is
  'Counts one impression or click of a serving campaign, once per client an hour. Runs as its caller; the counting is private.count_ad_event''s.';

create function public.ad_campaign_report(token uuid) returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select private.ad_campaign_report(ad_campaign_report.token) where ad_campaign_report.token is not null
$$;
comment on function public.ad_campaign_report(uuid) is
  'A campaign''s figures for the token of an unrevoked report link, else null. Runs as its caller; the reading is private.ad_campaign_report''s.';

create function public.newsletter_confirm(token uuid) returns text
language plpgsql
security invoker
set search_path = ''
as $$
begin
  if token is null then
    return 'invalido';
  end if;
  return private.newsletter_confirm(token);
end;
$$;
comment on function public.newsletter_confirm(uuid) is
  'Confirms the subscription of a confirmation token: ''confirmada'' or ''invalido''. Runs as its caller; the writing is private.newsletter_confirm''s.';

create function public.newsletter_unsubscribe(token uuid) returns boolean
language plpgsql
security invoker
set search_path = ''
as $$
begin
  if token is null then
    return false;
  end if;
  return private.newsletter_unsubscribe(token);
end;
$$;
comment on function public.newsletter_unsubscribe(uuid) is
  'Deletes the subscription of an unsubscribe token; true when one was deleted. Runs as its caller; the deleting is private.newsletter_unsubscribe''s.';

create function public.newsletter_test_recipient() returns text
language plpgsql
stable
security invoker
set search_path = ''
as $$
begin
  if not coalesce((select private.is_admin()), false) then
    raise exception 'newsletter_admin_only' using errcode = '42501';
  end if;
  return private.newsletter_test_recipient();
end;
$$;
comment on function public.newsletter_test_recipient() is
  'The calling administrator''s own e-mail address, for a test digest. Runs as its caller; auth.users is read by private.newsletter_test_recipient.';

create function public.set_profile_role(target_id uuid, new_role text) returns void
language plpgsql
security invoker
set search_path = ''
as $$
begin
  -- The same refusals, in the same order, as the private function's first two: nothing runs as the owner for them.
  if not coalesce((select private.is_admin()), false) then
    raise exception 'only administrators can change account roles' using errcode = '42501';
  end if;
  if new_role is null or new_role not in ('admin', 'editor', 'reporter', 'pending') then
    raise exception 'invalid role: %', coalesce(new_role, 'null') using errcode = '22023';
  end if;
  perform private.set_profile_role(target_id, new_role);
end;
$$;
comment on function public.set_profile_role(uuid, text) is
  'An administrator changes an account''s role, never leaving the site without one. Runs as its caller; the change is private.set_profile_role''s.';

-- ---------------------------------------------------------------------------------------------------------------
-- 2. One rate limit.

create table private.rate_limit_hits (
  id bigint generated always as identity primary key,
  key text not null,
  hit_at timestamptz not null,
  expires_at timestamptz not null
);
comment on table private.rate_limit_hits is
  'One row per allowed action and key (a scope and a salted hash, never an address), kept until its window ends. Written by private.rate_limit_take only; purged by it and by public.run_retention.';
create index rate_limit_hits_key_hit_at_idx on private.rate_limit_hits (key, hit_at);
create index rate_limit_hits_expires_at_idx on private.rate_limit_hits (expires_at);
revoke all on table private.rate_limit_hits from public, anon, authenticated, service_role;

-- Allows an action when, for every key, fewer than its limit of actions were allowed within its window, and then
-- records it under every key; refuses (false, nothing recorded) otherwise. Keys are locked in the order given, so
-- concurrent actions of one client or address count one after another. Runs as its caller, which is always an
-- owner-run function or trigger (EXECUTE for nobody else).
create function private.rate_limit_take(keys text[], windows interval[], limits integer[]) returns boolean
language plpgsql
security invoker
set search_path = ''
as $$
declare
  clock constant timestamptz := private.clock_now();
  i integer;
begin
  if pg_catalog.cardinality(keys) = 0 or pg_catalog.cardinality(keys) <> pg_catalog.cardinality(windows)
     or pg_catalog.cardinality(keys) <> pg_catalog.cardinality(limits) then
    raise exception 'rate_limit_take: one window and one limit per key' using errcode = '22023';
  end if;
  for i in 1 .. pg_catalog.cardinality(keys) loop
    perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('rate_limit:' || keys[i]));
  end loop;
  for i in 1 .. pg_catalog.cardinality(keys) loop
    if (select count(*) from private.rate_limit_hits h
         where h.key = keys[i] and h.hit_at > clock - windows[i]) >= limits[i] then
      return false;
    end if;
  end loop;
  insert into private.rate_limit_hits (key, hit_at, expires_at)
  select keys[n.position], clock, clock + windows[n.position] from pg_catalog.generate_subscripts(keys, 1) as n(position);
  delete from private.rate_limit_hits h
   where h.id in (select expired.id from private.rate_limit_hits expired
                   where expired.expires_at <= clock
                   order by expired.expires_at limit 100 for update skip locked);
  return true;
end;
$$;
revoke all on function private.rate_limit_take(text[], interval[], integer[]) from public, anon, authenticated, service_role;

-- The retention job's purge (decision 0039): every hash whose window is over.
create function private.rate_limit_forget_expired() returns integer
language plpgsql
security invoker
set search_path = ''
as $$
declare
  forgotten integer;
begin
  delete from private.rate_limit_hits h where h.expires_at <= private.clock_now();
  get diagnostics forgotten = row_count;
  return forgotten;
end;
$$;
revoke all on function private.rate_limit_forget_expired() from public, anon, authenticated, service_role;

-- Digest sign-ups: 5 per client an hour, 3 per address a day (decision 0033). The input rules are one function, which
-- the caller's function checks before anything runs as the owner, and the owner's function checks again.
create function private.newsletter_check_input(email text, consent_text text) returns void
language plpgsql
immutable
security invoker
set search_path = ''
as $$
declare
  address constant text := pg_catalog.lower(pg_catalog.btrim(coalesce(email, '')));
  consent constant text := pg_catalog.btrim(coalesce(consent_text, ''));
begin
  if char_length(address) > 254 or address !~ '^[^@\s<>(),;:"\[\]\\]+@[^@\s<>(),;:"\[\]\\]+\.[a-z0-9-]{2,}$' then
    raise exception 'newsletter_invalid_email' using errcode = '22023';
  end if;
  if consent = '' or char_length(consent) > 500 then
    raise exception 'newsletter_consent_missing' using errcode = '22023';
  end if;
end;
$$;
revoke all on function private.newsletter_check_input(text, text) from public, anon, authenticated, service_role;
grant execute on function private.newsletter_check_input(text, text) to anon, authenticated;

create function private.newsletter_subscribe(email text, consent_text text, page text) returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  clock constant timestamptz := private.clock_now();
  address constant text := pg_catalog.lower(pg_catalog.btrim(coalesce(email, '')));
  consent constant text := pg_catalog.btrim(coalesce(consent_text, ''));
  page_path constant text := left(coalesce(nullif(pg_catalog.btrim(page), ''), '/'), 300);
  subscriber public.newsletter_subscribers%rowtype;
begin
  perform private.newsletter_check_input(email, consent_text);
  if not private.rate_limit_take(
       array['newsletter_client:' || private.client_key(), 'newsletter_email:' || private.salted_hash('newsletter:' || address)],
       array[interval '1 hour', interval '24 hours'],
       array[5, 3]) then
    raise exception 'newsletter_rate_limited'
      using errcode = 'PT429', hint = 'At most 5 sign-ups per client per hour and 3 per address per day.';
  end if;

  perform private.newsletter_forget_unconfirmed(clock);

  select * into subscriber from public.newsletter_subscribers s where s.email = address for update;
  if found and subscriber.confirmed_at is not null then
    return;
  end if;
  if found then
    update public.newsletter_subscribers s
       set consent_text = consent, consent_page = page_path, consented_at = clock,
           confirm_token = pg_catalog.gen_random_uuid(), created_at = clock
     where s.id = subscriber.id;
  else
    insert into public.newsletter_subscribers (email, consent_text, consent_page, consented_at, created_at)
    values (address, consent, page_path, clock, clock)
    returning * into subscriber;
  end if;
  insert into private.newsletter_confirmations (subscriber_id, requested_at) values (subscriber.id, clock)
  on conflict (subscriber_id) do update set requested_at = excluded.requested_at, claimed_at = null, attempts = 0;
end;
$$;
comment on function private.newsletter_subscribe(text, text, text) is
  'Records a digest sign-up waiting for its confirmation e-mail, within the sign-up limits. Owner-run: readers may not read or write the subscribers.';
revoke all on function private.newsletter_subscribe(text, text, text) from public, anon, authenticated, service_role;
grant execute on function private.newsletter_subscribe(text, text, text) to anon, authenticated;

create function public.newsletter_subscribe(email text, consent_text text, page text) returns void
language plpgsql
security invoker
set search_path = ''
as $$
begin
  perform private.newsletter_check_input(email, consent_text);
  perform private.newsletter_subscribe(email, consent_text, page);
end;
$$;
comment on function public.newsletter_subscribe(text, text, text) is
  'Signs an address up for the daily digest (a confirmation e-mail follows). Runs as its caller; the writing is private.newsletter_subscribe''s.';

-- Media-kit requests: 3 per client an hour, 3 per e-mail address a day (decision 0015).
create or replace function private.limit_media_kit_requests() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- The role the request runs under (SET ROLE survives into a security definer function): the database owner's
  -- own inserts (seed, maintenance) are not limited.
  if pg_catalog.current_setting('role', true) not in ('anon', 'authenticated') then
    return new;
  end if;
  if not private.rate_limit_take(
       array['media_kit_client:' || private.client_key(),
             'media_kit_email:' || private.salted_hash('email:' || pg_catalog.lower(pg_catalog.btrim(new.email)))],
       array[interval '1 hour', interval '24 hours'],
       array[3, 3]) then
    raise exception 'media_kit_rate_limited'
      using errcode = 'PT429', hint = 'At most 3 requests per client per hour and 3 per e-mail address per day.';
  end if;
  return new;
end;
$$;

-- Tips: 3 per client an hour (decision 0035); the photo checks are as before.
create or replace function private.check_news_tip() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  path text;
begin
  -- The photos, whoever inserts: each in the tip's folder, named as uploads must be, once, and already stored.
  if new.photo_folder is not null then
    if exists (select 1 from public.news_tips t where t.photo_folder = new.photo_folder) then
      raise exception 'news_tip_photos_invalid' using errcode = '23514', hint = 'This photo folder belongs to another tip.';
    end if;
    foreach path in array new.photo_paths loop
      if path is null
         or pg_catalog.split_part(path, '/', 1) <> new.photo_folder::text
         or not private.is_news_tip_photo_name(path)
         or not exists (select 1 from storage.objects o where o.bucket_id = 'news-tips' and o.name = path) then
        raise exception 'news_tip_photos_invalid' using errcode = '23514', hint = 'A photo must be stored in the tip''s own folder.';
      end if;
    end loop;
    if (select count(distinct p) from pg_catalog.unnest(new.photo_paths) as p) <> pg_catalog.cardinality(new.photo_paths) then
      raise exception 'news_tip_photos_invalid' using errcode = '23514', hint = 'A photo is named twice.';
    end if;
  end if;

  -- The role the request runs under (SET ROLE survives into a security definer function): the database owner's own
  -- inserts (maintenance, tests' fixtures) are not limited.
  if pg_catalog.current_setting('role', true) not in ('anon', 'authenticated') then
    return new;
  end if;
  if not private.rate_limit_take(array['news_tip_client:' || private.client_key()], array[interval '1 hour'], array[3]) then
    raise exception 'news_tip_rate_limited' using errcode = 'PT429', hint = 'At most 3 tips per client per hour.';
  end if;
  return new;
end;
$$;

-- Tips' photos: 9 uploads per client an hour (decision 0035), evaluated by the storage insert policy.
create or replace function private.may_upload_news_tip_photo(bucket text, object_name text) returns boolean
language plpgsql
security definer
set search_path = ''
as $$
begin
  if bucket is distinct from 'news-tips' or not coalesce(private.is_news_tip_photo_name(object_name), false) then
    return false;
  end if;
  if exists (select 1 from public.news_tips t where t.photo_folder::text = pg_catalog.split_part(object_name, '/', 1)) then
    return false;
  end if;
  return private.rate_limit_take(array['news_tip_photo_client:' || private.client_key()], array[interval '1 hour'], array[9]);
end;
$$;

drop table private.media_kit_submissions;
drop table private.newsletter_signups;
drop table private.news_tip_submissions;
drop table private.news_tip_photo_uploads;

-- The retention job (decision 0039) purges the rate limit's expired hashes where it purged the four tables'.
create or replace function public.run_retention(force boolean DEFAULT false)
 returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  clock constant timestamptz := private.clock_now();
  settings public.site_settings%rowtype;
  last_run timestamptz;
  counts jsonb;
  n_media_kit integer;
  n_tips integer;
  n_newsletter integer;
  n_counters integer := 0;
  n_audit integer;
  step integer;
begin
  select r.last_run_at into last_run from private.retention_runs r for update;
  if not coalesce(force, false) and last_run is not null and last_run > clock - interval '1 hour' then
    return null;
  end if;
  update private.retention_runs set last_run_at = clock;
  select * into settings from public.site_settings;

  with gone as (
    delete from public.media_kit_requests r
     where r.id in (select due.id from public.media_kit_requests due
                     where due.handled_at <= clock - pg_catalog.make_interval(months => settings.media_kit_retention_months)
                     order by due.handled_at limit 1000)
    returning 1)
  select count(*) into n_media_kit from gone;

  with gone as (
    delete from public.news_tips t
     where t.id in (select due.id from public.news_tips due
                     where due.handled_at <= clock - pg_catalog.make_interval(months => settings.news_tip_retention_months)
                       and not exists (select 1 from storage.objects o
                                        where o.bucket_id = 'news-tips' and o.name = any (due.photo_paths))
                     order by due.handled_at limit 1000)
    returning 1)
  select count(*) into n_tips from gone;

  with gone as (
    delete from public.newsletter_subscribers s
     where s.id in (select stale.id from public.newsletter_subscribers stale
                     where stale.confirmed_at is null
                       and stale.created_at <= clock - pg_catalog.make_interval(days => settings.unconfirmed_newsletter_days)
                     order by stale.created_at limit 1000)
    returning 1)
  select count(*) into n_newsletter from gone;

  -- The counters' salted hashes, once their window is over: they count nothing any more.
  delete from private.view_receipts r where r.counted_at <= clock - interval '6 hours';
  get diagnostics step = row_count;
  n_counters := n_counters + step;
  delete from private.ad_event_receipts r where r.counted_at <= clock - interval '1 hour';
  get diagnostics step = row_count;
  n_counters := n_counters + step;
  n_counters := n_counters + private.rate_limit_forget_expired();

  n_audit := private.audit_log_forget_old();

  counts := pg_catalog.jsonb_build_object('media_kit_requests', n_media_kit, 'news_tips', n_tips,
    'newsletter_unconfirmed', n_newsletter, 'counters', n_counters, 'audit_log', n_audit);
  if n_media_kit + n_tips + n_newsletter + n_counters + n_audit > 0 then
    perform private.record_audit('retention_purge', 'retention', '',
      'Retenção: ' || n_media_kit || ' pedido(s) de mídia kit, ' || n_tips || ' sugestão(ões) de pauta, '
        || n_newsletter || ' inscrição(ões) não confirmada(s), ' || n_counters || ' contador(es), '
        || n_audit || ' registro(s) de auditoria',
      counts);
  end if;
  return counts;
end;
$$;

-- ---------------------------------------------------------------------------------------------------------------
-- Who may call what: the callers' functions keep the roles the owner-run ones had (and those keep theirs).

revoke all on function public.increment_views(uuid) from public, anon, authenticated, service_role;
grant execute on function public.increment_views(uuid) to anon, authenticated, service_role;
revoke all on function public.count_ad_event(uuid, text) from public, anon, authenticated, service_role;
grant execute on function public.count_ad_event(uuid, text) to anon, authenticated, service_role;
revoke all on function public.ad_campaign_report(uuid) from public, anon, authenticated, service_role;
grant execute on function public.ad_campaign_report(uuid) to anon, authenticated, service_role;
revoke all on function public.newsletter_subscribe(text, text, text) from public, anon, authenticated, service_role;
grant execute on function public.newsletter_subscribe(text, text, text) to anon, authenticated;
revoke all on function public.newsletter_confirm(uuid) from public, anon, authenticated, service_role;
grant execute on function public.newsletter_confirm(uuid) to anon, authenticated;
revoke all on function public.newsletter_unsubscribe(uuid) from public, anon, authenticated, service_role;
grant execute on function public.newsletter_unsubscribe(uuid) to anon, authenticated;
revoke all on function public.newsletter_test_recipient() from public, anon, authenticated, service_role;
grant execute on function public.newsletter_test_recipient() to authenticated;
revoke all on function public.set_profile_role(uuid, text) from public, anon, authenticated, service_role;
grant execute on function public.set_profile_role(uuid, text) to authenticated, service_role;
