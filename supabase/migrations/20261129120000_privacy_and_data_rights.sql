-- Privacy under the LGPD (issue 26 §1–3, docs/decisions/0039-privacy-and-data-rights.md).
--
-- * public.site_settings: one row, who answers for the readers' data (controller, contact for privacy requests) and
--   how long each kind is kept. Anyone reads it (the privacy page prints it); administrators change it, audited
--   'settings_change'. The defaults are empty names and the periods below: production ships no invented controller.
-- * Retention: media-kit requests and tips go N months after they were handled (tips now stamp handled_at when marked
--   read or used), unconfirmed digest addresses after N days, the counters' salted hashes when their window ends, the
--   audit log after a year: public.run_retention(), the host's scheduled job (service_role), at most hourly, audited
--   'retention_purge' with its counts. A tip whose photos are still stored waits: the host removes them through the
--   Storage API first (public.retention_tip_photos_due), since objects are never deleted by SQL.
-- * Data rights (art. 18): an administrator looks up, exports or erases everything about an e-mail address
--   (public.data_subject_lookup / _export / _erase); an account exports its own data and deletes itself
--   (public.own_data_export, public.delete_own_account). All run as their caller; what no policy can express (the
--   audit entry, the last administrator, the caller's own log entries and drafts) is in narrow private helpers.
--
-- Errors the app maps (SQLSTATE, message):
--   42501 'data_rights_admin_only'        the caller is not an administrator (lookup, export, erase)
--   42501 'not_signed_in'                 own export or deletion without an account
--   22023 'data_rights_invalid_email'     not an e-mail address
--   PF006 'cannot delete the last administrator'
--   PF007 'data_rights_photos_remain'     a tip's photos are still stored: remove them first, then erase again

-- ---------------------------------------------------------------------------------------------------------------
-- Site settings.

create table public.site_settings (
  only_row boolean primary key default true check (only_row),
  -- The controller (controlador): the company's name (razão social) and address, as the policy must name them.
  controller_name text not null default '' check (char_length(controller_name) <= 200),
  controller_address text not null default '' check (char_length(controller_address) <= 300),
  -- Where a reader sends a privacy request (the encarregado's channel); '' = not set yet.
  privacy_email text not null default ''
    check (privacy_email = '' or (char_length(privacy_email) <= 254 and privacy_email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$')),
  media_kit_retention_months integer not null default 12 check (media_kit_retention_months between 1 and 120),
  news_tip_retention_months integer not null default 12 check (news_tip_retention_months between 1 and 120),
  unconfirmed_newsletter_days integer not null default 7 check (unconfirmed_newsletter_days between 1 and 30),
  updated_at timestamptz not null default now()
);
comment on table public.site_settings is
  'The site''s privacy settings: the controller, the privacy contact and the retention periods. One row; anyone reads it, administrators change it.';
insert into public.site_settings (only_row) values (true);

alter table public.site_settings enable row level security;
revoke all on table public.site_settings from anon, authenticated;
grant select on table public.site_settings to anon, authenticated;
grant update (controller_name, controller_address, privacy_email, media_kit_retention_months, news_tip_retention_months,
              unconfirmed_newsletter_days)
  on table public.site_settings to authenticated;
grant all on table public.site_settings to service_role;

create policy "Anyone can read the site settings"
  on public.site_settings for select
  to anon, authenticated
  using (true);
create policy "Admins can change the site settings"
  on public.site_settings for update
  to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

create function private.touch_site_settings() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.controller_name := pg_catalog.btrim(new.controller_name);
  new.controller_address := pg_catalog.btrim(new.controller_address);
  new.privacy_email := pg_catalog.lower(pg_catalog.btrim(new.privacy_email));
  new.updated_at := private.clock_now();
  return new;
end;
$$;
revoke all on function private.touch_site_settings() from public, anon, authenticated, service_role;
create trigger site_settings_touch
  before update on public.site_settings
  for each row execute function private.touch_site_settings();

-- Each change is in the audit log, with the fields that changed (from, to). Owner-run: record_audit is nobody's.
create function private.audit_site_settings() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  changes jsonb;
begin
  -- The database owner's own writes (the development seed, maintenance) are not the newsroom's actions.
  if pg_catalog.current_setting('role', true) not in ('anon', 'authenticated', 'service_role') then
    return new;
  end if;
  select coalesce(pg_catalog.jsonb_object_agg(n.key, pg_catalog.jsonb_build_object('from', o.value, 'to', n.value)), '{}'::jsonb)
    into changes
    from pg_catalog.jsonb_each(pg_catalog.to_jsonb(new) - 'updated_at') n
    join pg_catalog.jsonb_each(pg_catalog.to_jsonb(old) - 'updated_at') o on o.key = n.key
   where n.value is distinct from o.value;
  if changes <> '{}'::jsonb then
    perform private.record_audit('settings_change', 'site_settings', 'privacidade',
      'Configurações alteradas: ' || (select pg_catalog.string_agg(k, ', ' order by k) from pg_catalog.jsonb_object_keys(changes) k),
      changes);
  end if;
  return new;
end;
$$;
revoke all on function private.audit_site_settings() from public, anon, authenticated, service_role;
create trigger site_settings_audit
  after update on public.site_settings
  for each row execute function private.audit_site_settings();

-- ---------------------------------------------------------------------------------------------------------------
-- When a request or a tip was handled: what its retention counts from.

create index media_kit_requests_handled_at_idx on public.media_kit_requests (handled_at) where handled_at is not null;
-- The data-rights lookup finds requests by address, whatever its case.
create index media_kit_requests_email_idx on public.media_kit_requests (pg_catalog.lower(email));
create index profiles_email_idx on public.profiles (pg_catalog.lower(email));

alter table public.news_tips add column handled_at timestamptz;
comment on column public.news_tips.handled_at is 'When the newsroom first marked the tip read or used; null while new. Retention counts from it.';
-- Tips already marked: their sending time is the best estimate there is.
update public.news_tips set handled_at = created_at where status <> 'new';
create index news_tips_handled_at_idx on public.news_tips (handled_at) where handled_at is not null;

create function private.stamp_news_tip_handled() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.status = 'new' then
    new.handled_at := null;
  elsif old.status = 'new' or old.handled_at is null then
    new.handled_at := private.clock_now();
  else
    new.handled_at := old.handled_at;
  end if;
  return new;
end;
$$;
revoke all on function private.stamp_news_tip_handled() from public, anon, authenticated, service_role;
create trigger news_tips_stamp_handled
  before update of status on public.news_tips
  for each row execute function private.stamp_news_tip_handled();

-- ---------------------------------------------------------------------------------------------------------------
-- Unconfirmed digest addresses: the setting's days instead of a fixed 7.

create function private.unconfirmed_newsletter_interval() returns interval
language sql
stable
set search_path = ''
as $$
  select pg_catalog.make_interval(days => coalesce((select s.unconfirmed_newsletter_days from public.site_settings s), 7))
$$;
revoke all on function private.unconfirmed_newsletter_interval() from public, anon, authenticated, service_role;

create or replace function private.newsletter_forget_unconfirmed(clock timestamptz) returns void
language sql
security definer
set search_path = ''
as $$
  delete from public.newsletter_subscribers s
   where s.id in (select stale.id from public.newsletter_subscribers stale
                   where stale.confirmed_at is null and stale.created_at <= clock - private.unconfirmed_newsletter_interval()
                   order by stale.created_at limit 100 for update skip locked)
$$;

create or replace function public.newsletter_confirm(token uuid) returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  clock constant timestamptz := private.clock_now();
  subscriber public.newsletter_subscribers%rowtype;
begin
  select * into subscriber from public.newsletter_subscribers s where s.confirm_token = token for update;
  if not found then
    return 'invalido';
  end if;
  if subscriber.confirmed_at is not null then
    return 'confirmada';
  end if;
  if subscriber.created_at <= clock - private.unconfirmed_newsletter_interval() then
    delete from public.newsletter_subscribers s where s.id = subscriber.id;
    return 'invalido';
  end if;
  update public.newsletter_subscribers s set confirmed_at = clock where s.id = subscriber.id;
  delete from private.newsletter_confirmations c where c.subscriber_id = subscriber.id;
  return 'confirmada';
end;
$$;

-- ---------------------------------------------------------------------------------------------------------------
-- Retention: the host's scheduled job.

create table private.retention_runs (
  only_row boolean primary key default true check (only_row),
  last_run_at timestamptz
);
comment on table private.retention_runs is 'When the retention job last ran: it runs at most hourly, whichever host asks.';
insert into private.retention_runs (only_row) values (true);
revoke all on table private.retention_runs from public, anon, authenticated, service_role;

-- The photos of tips past their keeping that are still stored: the host removes them through the Storage API, then
-- run_retention deletes the tips.
create function public.retention_tip_photos_due(max_count integer default 100) returns text[]
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(pg_catalog.array_agg(due.name), '{}')
    from (select o.name
            from public.news_tips t
            join storage.objects o on o.bucket_id = 'news-tips' and o.name = any (t.photo_paths)
           where t.handled_at <= private.clock_now()
                   - pg_catalog.make_interval(months => (select s.news_tip_retention_months from public.site_settings s))
           order by t.handled_at
           limit least(greatest(coalesce(max_count, 100), 1), 1000)) due
$$;
revoke all on function public.retention_tip_photos_due(integer) from public, anon, authenticated, service_role;
grant execute on function public.retention_tip_photos_due(integer) to service_role;

-- Deletes what is past its keeping and returns the counts, or null when it ran within the hour (`force` runs it
-- anyway: `npm run retention`). Each kind at most 1,000 rows a run; the counters are pruned by their own windows
-- (views 6 hours, advertising 1 hour, media kit and digest sign-ups 24 hours, tips and their photos 1 hour).
create function public.run_retention(force boolean default false) returns jsonb
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
  delete from private.media_kit_submissions s where s.submitted_at <= clock - interval '24 hours';
  get diagnostics step = row_count;
  n_counters := n_counters + step;
  delete from private.newsletter_signups s where s.signed_up_at <= clock - interval '24 hours';
  get diagnostics step = row_count;
  n_counters := n_counters + step;
  delete from private.news_tip_submissions s where s.submitted_at <= clock - interval '1 hour';
  get diagnostics step = row_count;
  n_counters := n_counters + step;
  delete from private.news_tip_photo_uploads u where u.uploaded_at <= clock - interval '1 hour';
  get diagnostics step = row_count;
  n_counters := n_counters + step;

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
revoke all on function public.run_retention(boolean) from public, anon, authenticated, service_role;
grant execute on function public.run_retention(boolean) to service_role;

-- ---------------------------------------------------------------------------------------------------------------
-- Data rights: the private helpers (owner-run, EXECUTE for authenticated, reachable only from the public functions
-- below, since `private` is not exposed by the API).

-- Writes one data-rights entry as the caller: the administrators' actions for administrators only, the own export
-- for the signed-in account about itself.
create function private.audit_data_right(action text, subject_id text, summary text, detail jsonb) returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if action in ('data_lookup', 'data_export', 'data_erasure') then
    if not private.is_admin() then
      raise exception 'data_rights_admin_only' using errcode = '42501';
    end if;
    perform private.record_audit(action, 'data_subject', left(subject_id, 254), summary, detail);
  elsif action = 'own_data_export' then
    if auth.uid() is null then
      raise exception 'not_signed_in' using errcode = '42501';
    end if;
    perform private.record_audit(action, 'account', auth.uid()::text, summary, detail);
  else
    raise exception 'not a data-rights action: %', action using errcode = '22023';
  end if;
end;
$$;
revoke all on function private.audit_data_right(text, text, text, jsonb) from public, anon, authenticated, service_role;
grant execute on function private.audit_data_right(text, text, text, jsonb) to authenticated;

-- What the log and the stories hold about one account, for that account itself or an administrator (no policy lets a
-- reporter or a pending account read its own log entries or all its drafts).
create function private.account_data(account_id uuid) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if account_id is null or not (account_id = auth.uid() or private.is_admin()) then
    raise exception 'data_rights_admin_only' using errcode = '42501';
  end if;
  return pg_catalog.jsonb_build_object(
    'audit_entries', coalesce((
      select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('at', a.at, 'action', a.action, 'subject_type', a.subject_type,
               'subject_id', a.subject_id, 'summary', a.summary) order by a.at desc)
        from (select * from public.audit_log l where l.actor_id = account_id order by l.at desc limit 500) a), '[]'::jsonb),
    'authored_stories', coalesce((
      select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('id', p.id, 'title', p.title, 'published', p.published,
               'created_at', p.created_at) order by p.created_at desc)
        from (select * from public.publications s where s.author_id = account_id order by s.created_at desc limit 1000) p), '[]'::jsonb));
end;
$$;
revoke all on function private.account_data(uuid) from public, anon, authenticated, service_role;
grant execute on function private.account_data(uuid) to authenticated;

-- Deletes an account (its profile, and with it the auth user: the trigger of 20261126100000): the caller's own, or
-- any as an administrator, never the last administrator. The profile policy allows rejecting pending accounts only;
-- a policy cannot count administrators without a race, so this locks them as set_profile_role does. Stories keep
-- their text and byline and lose their author (author_id on delete set null); log entries keep the actor's name.
create function private.erase_account(account_id uuid) returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  role_of_account text;
  name_of_account text;
begin
  if account_id is null or not (account_id = auth.uid() or private.is_admin()) then
    raise exception 'data_rights_admin_only' using errcode = '42501';
  end if;
  perform 1 from public.profiles where role = 'admin' for update;
  select p.role, coalesce(nullif(pg_catalog.btrim(p.name), ''), p.email) into role_of_account, name_of_account
    from public.profiles p where p.id = account_id;
  if not found then
    return false;
  end if;
  if role_of_account = 'admin' and (select count(*) from public.profiles where role = 'admin') <= 1 then
    raise exception 'cannot delete the last administrator' using errcode = 'PF006';
  end if;
  if account_id = auth.uid() then
    -- Written while the account still exists, so the entry names who it was.
    perform private.record_audit('own_account_delete', 'account', account_id::text,
      'Conta excluída pelo próprio titular: ' || left(name_of_account, 200), pg_catalog.jsonb_build_object('role', role_of_account));
  end if;
  delete from public.profiles p where p.id = account_id;
  return true;
end;
$$;
revoke all on function private.erase_account(uuid) from public, anon, authenticated, service_role;
grant execute on function private.erase_account(uuid) to authenticated;

-- An e-mail address as the lookup compares it, or the error.
create function private.data_subject_address(email text) returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  address constant text := pg_catalog.lower(pg_catalog.btrim(coalesce(email, '')));
begin
  if char_length(address) > 254 or address !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' then
    raise exception 'data_rights_invalid_email' using errcode = '22023';
  end if;
  return address;
end;
$$;
revoke all on function private.data_subject_address(text) from public, anon, authenticated, service_role;
grant execute on function private.data_subject_address(text) to authenticated;

-- Everything the site holds about an address, read as the caller (an administrator's policies show it all).
create function private.data_subject_report(address text) returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  pattern constant text := '%' || pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(address, '\', '\\'), '%', '\%'), '_', '\_') || '%';
  account public.profiles%rowtype;
  account_json jsonb := null;
begin
  select * into account from public.profiles p where pg_catalog.lower(p.email) = address limit 1;
  if found then
    account_json := pg_catalog.jsonb_build_object('id', account.id, 'name', account.name, 'email', account.email,
      'role', account.role, 'created_at', account.created_at) || private.account_data(account.id);
  end if;
  return pg_catalog.jsonb_build_object(
    'email', address,
    'account', account_json,
    'media_kit_requests', coalesce((
      select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('id', r.id, 'name', r.name, 'company', r.company,
               'email', r.email, 'phone', r.phone, 'interest', r.interest, 'message', r.message,
               'created_at', r.created_at, 'handled_at', r.handled_at) order by r.created_at desc)
        from (select * from public.media_kit_requests m where pg_catalog.lower(m.email) = address
               order by m.created_at desc limit 100) r), '[]'::jsonb),
    'newsletter_subscription', (
      select pg_catalog.jsonb_build_object('id', s.id, 'email', s.email, 'confirmed_at', s.confirmed_at,
               'consent_text', s.consent_text, 'consent_page', s.consent_page, 'consented_at', s.consented_at,
               'created_at', s.created_at)
        from public.newsletter_subscribers s where s.email = address),
    'news_tips', coalesce((
      select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('id', t.id, 'what_happened', t.what_happened,
               'place', t.place, 'sender_name', t.sender_name, 'sender_contact', t.sender_contact,
               'consent_text', t.consent_text, 'consented_at', t.consented_at, 'photo_paths', t.photo_paths,
               'status', t.status, 'created_at', t.created_at, 'handled_at', t.handled_at) order by t.created_at desc)
        from (select * from public.news_tips n where pg_catalog.lower(n.sender_contact) like pattern
               order by n.created_at desc limit 100) t), '[]'::jsonb));
end;
$$;
revoke all on function private.data_subject_report(text) from public, anon, authenticated, service_role;
grant execute on function private.data_subject_report(text) to authenticated;

create function private.data_subject_counts(report jsonb) returns jsonb
language sql
immutable
set search_path = ''
as $$
  select pg_catalog.jsonb_build_object(
    'account', (report -> 'account') is not null and pg_catalog.jsonb_typeof(report -> 'account') = 'object',
    'media_kit_requests', pg_catalog.jsonb_array_length(report -> 'media_kit_requests'),
    'newsletter_subscription', pg_catalog.jsonb_typeof(report -> 'newsletter_subscription') = 'object',
    'news_tips', pg_catalog.jsonb_array_length(report -> 'news_tips'))
$$;
revoke all on function private.data_subject_counts(jsonb) from public, anon, authenticated, service_role;
grant execute on function private.data_subject_counts(jsonb) to authenticated;

-- ---------------------------------------------------------------------------------------------------------------
-- Data rights: the API (as the caller).

create function public.data_subject_lookup(email text) returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  address text;
  report jsonb;
begin
  if not private.is_admin() then
    raise exception 'data_rights_admin_only' using errcode = '42501';
  end if;
  address := private.data_subject_address(email);
  report := private.data_subject_report(address);
  perform private.audit_data_right('data_lookup', address, 'Consulta de dados pessoais: ' || address,
    private.data_subject_counts(report));
  return report;
end;
$$;
revoke all on function public.data_subject_lookup(text) from public, anon, authenticated, service_role;
grant execute on function public.data_subject_lookup(text) to authenticated;

create function public.data_subject_export(email text) returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  address text;
  report jsonb;
begin
  if not private.is_admin() then
    raise exception 'data_rights_admin_only' using errcode = '42501';
  end if;
  address := private.data_subject_address(email);
  report := private.data_subject_report(address);
  perform private.audit_data_right('data_export', address, 'Exportação de dados pessoais: ' || address,
    private.data_subject_counts(report));
  return report || pg_catalog.jsonb_build_object('exported_at', private.clock_now());
end;
$$;
revoke all on function public.data_subject_export(text) from public, anon, authenticated, service_role;
grant execute on function public.data_subject_export(text) to authenticated;

-- Erases everything about an address: its media-kit requests, its digest subscription (and consent record), the tips
-- whose contact names it, and its account. The tips' photos must be gone from Storage first (the service removes
-- them); a tip whose photos remain stops the erasure (PF007), so no photo is left without its tip.
create function public.data_subject_erase(email text) returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  address text;
  pattern text;
  counts jsonb;
  n_media_kit integer;
  n_newsletter integer;
  n_tips integer;
  account_id uuid;
  account_erased boolean := false;
begin
  if not private.is_admin() then
    raise exception 'data_rights_admin_only' using errcode = '42501';
  end if;
  address := private.data_subject_address(email);
  pattern := '%' || pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(address, '\', '\\'), '%', '\%'), '_', '\_') || '%';

  if exists (select 1 from public.news_tips t
               join storage.objects o on o.bucket_id = 'news-tips' and o.name = any (t.photo_paths)
              where pg_catalog.lower(t.sender_contact) like pattern) then
    raise exception 'data_rights_photos_remain' using errcode = 'PF007';
  end if;

  select p.id into account_id from public.profiles p where pg_catalog.lower(p.email) = address limit 1;

  with gone as (delete from public.media_kit_requests r where pg_catalog.lower(r.email) = address returning 1)
  select count(*) into n_media_kit from gone;
  with gone as (delete from public.newsletter_subscribers s where s.email = address returning 1)
  select count(*) into n_newsletter from gone;
  with gone as (delete from public.news_tips t where pg_catalog.lower(t.sender_contact) like pattern returning 1)
  select count(*) into n_tips from gone;

  counts := pg_catalog.jsonb_build_object('media_kit_requests', n_media_kit, 'newsletter_subscription', n_newsletter > 0,
    'news_tips', n_tips, 'account', account_id is not null);
  -- Recorded before the account goes, so an administrator erasing their own account is still named.
  perform private.audit_data_right('data_erasure', address, 'Eliminação de dados pessoais: ' || address, counts);
  if account_id is not null then
    account_erased := private.erase_account(account_id);
  end if;
  return counts || pg_catalog.jsonb_build_object('account', account_erased);
end;
$$;
revoke all on function public.data_subject_erase(text) from public, anon, authenticated, service_role;
grant execute on function public.data_subject_erase(text) to authenticated;

-- The signed-in account's own data: its profile, its log entries as actor, the stories it wrote.
create function public.own_data_export() returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  me constant uuid := auth.uid();
  profile jsonb;
begin
  if me is null then
    raise exception 'not_signed_in' using errcode = '42501';
  end if;
  select pg_catalog.jsonb_build_object('id', p.id, 'name', p.name, 'email', p.email, 'role', p.role, 'created_at', p.created_at)
    into profile from public.profiles p where p.id = me;
  perform private.audit_data_right('own_data_export', me::text, 'Exportou os próprios dados', '{}'::jsonb);
  return pg_catalog.jsonb_build_object('profile', profile, 'exported_at', private.clock_now()) || private.account_data(me);
end;
$$;
revoke all on function public.own_data_export() from public, anon, authenticated, service_role;
grant execute on function public.own_data_export() to authenticated;

-- Deletes the signed-in account (audited 'own_account_delete'); the last administrator cannot (PF006).
create function public.delete_own_account() returns void
language plpgsql
volatile
security invoker
set search_path = ''
as $$
begin
  if auth.uid() is null then
    raise exception 'not_signed_in' using errcode = '42501';
  end if;
  perform private.erase_account(auth.uid());
end;
$$;
revoke all on function public.delete_own_account() from public, anon, authenticated, service_role;
grant execute on function public.delete_own_account() to authenticated;
