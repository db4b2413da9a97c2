-- The daily digest, 'Receba as notícias de Porto Ferreira' (docs/decisions/0033-daily-digest.md).
--
-- * A reader signs up through public.newsletter_subscribe() alone (anon): the address, the consent line they agreed
--   to and the page, stamped with the database clock; at most 5 sign-ups per client per hour and 3 per address per
--   day (PT429), as media-kit requests are limited. The confirmation e-mail is queued in
--   private.newsletter_confirmations; the server (service_role) takes it from there and mails it, so the link's
--   token never reaches the browser that typed the address. An address not confirmed in 7 days is removed.
-- * public.newsletter_confirm(token) and public.newsletter_unsubscribe(token) answer whoever holds the e-mailed link
--   (anon). Unsubscribing deletes the address and its consent record.
-- * The morning send: one scheduled row of public.newsletter_sends per São Paulo day. public.newsletter_start_digest()
--   claims the day under a lease, so two servers (or a server restarted mid-send) never send the day twice; each address is
--   claimed before it is mailed (private.newsletter_deliveries), so none is mailed twice: an address whose send was
--   under way when its server died is counted as failed, not sent again. A mail server's refusal is retried with
--   backoff (2, 4, 8 minutes), at most 4 attempts.
-- * Administrators read the subscribers (never their tokens), delete them, read the send history and set the time.
--
-- Errors the app maps (SQLSTATE, message):
--   PT429 'newsletter_rate_limited'   too many sign-ups from this client or for this address (HTTP 429)
--   22023 'newsletter_invalid_email'  not an e-mail address
--   22023 'newsletter_consent_missing' no consent line

-- ---------------------------------------------------------------------------------------------------------------
-- Subscribers.

create table public.newsletter_subscribers (
  id uuid primary key default gen_random_uuid(),
  email text not null check (char_length(email) between 3 and 254 and email = pg_catalog.lower(pg_catalog.btrim(email))),
  confirmed_at timestamptz,
  consent_text text not null check (char_length(consent_text) between 1 and 500),
  consent_page text not null check (char_length(consent_page) between 1 and 300),
  consented_at timestamptz not null,
  -- Both tokens are 122 random bits (gen_random_uuid draws from the strong random source).
  confirm_token uuid not null unique default gen_random_uuid(),
  unsubscribe_token uuid not null unique default gen_random_uuid(),
  created_at timestamptz not null default now()
);
comment on table public.newsletter_subscribers is
  'The daily digest''s readers: confirmed (confirmed_at) or waiting for their confirmation e-mail (7 days at most).';

create unique index newsletter_subscribers_email_idx on public.newsletter_subscribers (email);
-- The admin list (newest first, keyset) and the removal of stale unconfirmed addresses.
create index newsletter_subscribers_list_idx on public.newsletter_subscribers (created_at desc, id desc);
create index newsletter_subscribers_unconfirmed_idx on public.newsletter_subscribers (created_at) where confirmed_at is null;
-- The send's recipients and the confirmed count.
create index newsletter_subscribers_confirmed_idx on public.newsletter_subscribers (confirmed_at) where confirmed_at is not null;

alter table public.newsletter_subscribers enable row level security;
revoke all on table public.newsletter_subscribers from anon, authenticated;
-- Administrators read everything but the tokens: holding one is holding the reader's links.
grant select (id, email, confirmed_at, consent_text, consent_page, consented_at, created_at)
  on table public.newsletter_subscribers to authenticated;
grant delete on table public.newsletter_subscribers to authenticated;

create policy "Admins can read newsletter subscribers"
  on public.newsletter_subscribers for select
  to authenticated
  using ((select private.is_admin()));
create policy "Admins can remove newsletter subscribers"
  on public.newsletter_subscribers for delete
  to authenticated
  using ((select private.is_admin()));

-- ---------------------------------------------------------------------------------------------------------------
-- The newsroom's setting: the morning's time, São Paulo.

create table public.newsletter_settings (
  only_row boolean primary key default true check (only_row),
  send_time time not null default '07:00' check (send_time = pg_catalog.date_trunc('minute', send_time)),
  updated_at timestamptz not null default now()
);
comment on table public.newsletter_settings is 'The digest''s send time (São Paulo). One row.';
insert into public.newsletter_settings (only_row) values (true);

alter table public.newsletter_settings enable row level security;
revoke all on table public.newsletter_settings from anon, authenticated;
grant select (only_row, send_time, updated_at) on table public.newsletter_settings to authenticated;
grant update (send_time) on table public.newsletter_settings to authenticated;

create policy "Admins can read the newsletter settings"
  on public.newsletter_settings for select
  to authenticated
  using ((select private.is_admin()));
create policy "Admins can change the newsletter settings"
  on public.newsletter_settings for update
  to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

create function private.touch_newsletter_settings() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := private.clock_now();
  return new;
end;
$$;
revoke all on function private.touch_newsletter_settings() from public, anon, authenticated, service_role;
create trigger newsletter_settings_touch
  before update on public.newsletter_settings
  for each row execute function private.touch_newsletter_settings();

-- ---------------------------------------------------------------------------------------------------------------
-- Sends and deliveries.

create table public.newsletter_sends (
  id uuid primary key default gen_random_uuid(),
  -- The São Paulo day it went on. The scheduled (morning) send is one row a day, whatever number of servers; a send
  -- made on request (`npm run digest`) is another row.
  digest_date date not null,
  scheduled boolean not null,
  state text not null check (state in ('enviando', 'enviado', 'sem_novidades')),
  -- The stories it carries: published in (stories_since, stories_until].
  stories_since timestamptz not null,
  stories_until timestamptz not null,
  story_count integer not null default 0 check (story_count >= 0),
  recipient_count integer not null default 0 check (recipient_count >= 0),
  sent_count integer not null default 0 check (sent_count >= 0),
  failed_count integer not null default 0 check (failed_count >= 0),
  last_error text check (char_length(last_error) <= 500),
  started_at timestamptz not null,
  -- While a server is sending: until when the day is its. A later claim after this instant takes the send over.
  lease_until timestamptz,
  finished_at timestamptz
);
comment on table public.newsletter_sends is 'The digest''s send history: one row per São Paulo day on which it was due.';
create unique index newsletter_sends_one_scheduled_a_day_idx on public.newsletter_sends (digest_date) where scheduled;
create index newsletter_sends_history_idx on public.newsletter_sends (started_at desc);
create index newsletter_sends_open_idx on public.newsletter_sends (started_at) where state = 'enviando';

alter table public.newsletter_sends enable row level security;
revoke all on table public.newsletter_sends from anon, authenticated;
grant select (id, digest_date, scheduled, state, story_count, recipient_count, sent_count, failed_count, last_error, started_at, finished_at)
  on table public.newsletter_sends to authenticated;
create policy "Admins can read the newsletter history"
  on public.newsletter_sends for select
  to authenticated
  using ((select private.is_admin()));

create table private.newsletter_deliveries (
  send_id uuid not null references public.newsletter_sends (id) on delete cascade,
  subscriber_id uuid not null references public.newsletter_subscribers (id) on delete cascade,
  state text not null default 'pendente' check (state in ('pendente', 'enviando', 'enviado', 'falhou')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null,
  claimed_at timestamptz,
  last_error text,
  primary key (send_id, subscriber_id)
);
comment on table private.newsletter_deliveries is 'One address of one send: claimed before it is mailed, so never mailed twice.';
create index newsletter_deliveries_due_idx on private.newsletter_deliveries (send_id, state, next_attempt_at);
create index newsletter_deliveries_subscriber_idx on private.newsletter_deliveries (subscriber_id);
revoke all on table private.newsletter_deliveries from public, anon, authenticated, service_role;

create table private.newsletter_confirmations (
  subscriber_id uuid primary key references public.newsletter_subscribers (id) on delete cascade,
  requested_at timestamptz not null,
  claimed_at timestamptz,
  attempts integer not null default 0
);
comment on table private.newsletter_confirmations is 'Confirmation e-mails waiting for the server to send them.';
create index newsletter_confirmations_due_idx on private.newsletter_confirmations (claimed_at nulls first, requested_at);
revoke all on table private.newsletter_confirmations from public, anon, authenticated, service_role;

create table private.newsletter_signups (
  id bigint generated always as identity primary key,
  client_key text not null,
  email_key text not null,
  signed_up_at timestamptz not null
);
comment on table private.newsletter_signups is 'Recent sign-ups by salted hash of client and address, for the rate limit.';
create index newsletter_signups_client_idx on private.newsletter_signups (client_key, signed_up_at);
create index newsletter_signups_email_idx on private.newsletter_signups (email_key, signed_up_at);
create index newsletter_signups_at_idx on private.newsletter_signups (signed_up_at);
revoke all on table private.newsletter_signups from public, anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------------------------------
-- The reader's calls.

-- An address unconfirmed for 7 days is deleted: a hundred at a time, on every sign-up and every confirmation e-mail
-- run (each minute on a running site).
create function private.newsletter_forget_unconfirmed(clock timestamptz) returns void
language sql
security definer
set search_path = ''
as $$
  delete from public.newsletter_subscribers s
   where s.id in (select stale.id from public.newsletter_subscribers stale
                   where stale.confirmed_at is null and stale.created_at <= clock - interval '7 days'
                   order by stale.created_at limit 100 for update skip locked)
$$;
revoke all on function private.newsletter_forget_unconfirmed(timestamptz) from public, anon, authenticated, service_role;

-- Signs an address up (or renews a pending sign-up's consent and link) and queues its confirmation e-mail. An address
-- already confirmed is left as it is and gets no e-mail: the answer is the same, so the form tells nobody who reads
-- the digest.
create function public.newsletter_subscribe(email text, consent_text text, page text) returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  clock constant timestamptz := private.clock_now();
  address constant text := pg_catalog.lower(pg_catalog.btrim(coalesce(email, '')));
  consent constant text := pg_catalog.btrim(coalesce(consent_text, ''));
  page_path constant text := left(coalesce(nullif(pg_catalog.btrim(page), ''), '/'), 300);
  client_hash text;
  address_hash text;
  subscriber public.newsletter_subscribers%rowtype;
begin
  if char_length(address) > 254 or address !~ '^[^@\s<>(),;:"\[\]\\]+@[^@\s<>(),;:"\[\]\\]+\.[a-z0-9-]{2,}$' then
    raise exception 'newsletter_invalid_email' using errcode = '22023';
  end if;
  if consent = '' or char_length(consent) > 500 then
    raise exception 'newsletter_consent_missing' using errcode = '22023';
  end if;

  client_hash := private.client_key();
  address_hash := private.salted_hash('newsletter:' || address);
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('newsletter_client:' || client_hash));
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('newsletter_email:' || address_hash));
  if (select count(*) from private.newsletter_signups s
       where s.client_key = client_hash and s.signed_up_at > clock - interval '1 hour') >= 5
     or (select count(*) from private.newsletter_signups s
          where s.email_key = address_hash and s.signed_up_at > clock - interval '24 hours') >= 3 then
    raise exception 'newsletter_rate_limited'
      using errcode = 'PT429', hint = 'At most 5 sign-ups per client per hour and 3 per address per day.';
  end if;
  insert into private.newsletter_signups (client_key, email_key, signed_up_at) values (client_hash, address_hash, clock);
  delete from private.newsletter_signups s
   where s.id in (select old.id from private.newsletter_signups old
                   where old.signed_up_at <= clock - interval '24 hours'
                   order by old.signed_up_at limit 100 for update skip locked);

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
revoke all on function public.newsletter_subscribe(text, text, text) from public, anon, authenticated, service_role;
grant execute on function public.newsletter_subscribe(text, text, text) to anon, authenticated;

-- 'confirmada' for the link of a pending or already confirmed address; 'invalido' for an unknown, removed or
-- expired one (7 days).
create function public.newsletter_confirm(token uuid) returns text
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
  if subscriber.created_at <= clock - interval '7 days' then
    delete from public.newsletter_subscribers s where s.id = subscriber.id;
    return 'invalido';
  end if;
  update public.newsletter_subscribers s set confirmed_at = clock where s.id = subscriber.id;
  delete from private.newsletter_confirmations c where c.subscriber_id = subscriber.id;
  return 'confirmada';
end;
$$;
revoke all on function public.newsletter_confirm(uuid) from public, anon, authenticated, service_role;
grant execute on function public.newsletter_confirm(uuid) to anon, authenticated;

-- Deletes the address the link belongs to; false when it is already gone.
create function public.newsletter_unsubscribe(token uuid) returns boolean
language sql
security definer
set search_path = ''
as $$
  with removed as (delete from public.newsletter_subscribers s where s.unsubscribe_token = token returning 1)
  select exists (select 1 from removed)
$$;
revoke all on function public.newsletter_unsubscribe(uuid) from public, anon, authenticated, service_role;
grant execute on function public.newsletter_unsubscribe(uuid) to anon, authenticated;

-- The signed-in administrator's own address, for 'Enviar teste'; refused (42501) to anyone else.
create function public.newsletter_test_recipient() returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  address text;
begin
  if not private.is_admin() then
    raise exception 'newsletter_admin_only' using errcode = '42501';
  end if;
  select u.email into address from auth.users u where u.id = auth.uid();
  return address;
end;
$$;
revoke all on function public.newsletter_test_recipient() from public, anon, authenticated, service_role;
grant execute on function public.newsletter_test_recipient() to authenticated;

-- ---------------------------------------------------------------------------------------------------------------
-- The server's calls (service_role only).

-- Takes up to `max_count` queued confirmation e-mails for two minutes: one that is not reported sent by then is
-- taken again (the backoff of a failing mail server), at most 5 times.
create function public.newsletter_claim_confirmations(max_count integer) returns table (subscriber_id uuid, email text, token uuid)
language plpgsql
security definer
set search_path = ''
as $$
declare
  clock constant timestamptz := private.clock_now();
begin
  perform private.newsletter_forget_unconfirmed(clock);
  delete from private.newsletter_confirmations c where c.attempts >= 5;
  return query
    update private.newsletter_confirmations c
       set claimed_at = clock, attempts = c.attempts + 1
      from public.newsletter_subscribers s
     where s.id = c.subscriber_id
       and c.subscriber_id in (select due.subscriber_id from private.newsletter_confirmations due
                                where due.claimed_at is null or due.claimed_at <= clock - interval '2 minutes'
                                order by due.claimed_at nulls first, due.requested_at
                                limit least(greatest(max_count, 1), 100) for update skip locked)
    returning c.subscriber_id, s.email, s.confirm_token;
end;
$$;
revoke all on function public.newsletter_claim_confirmations(integer) from public, anon, authenticated, service_role;
grant execute on function public.newsletter_claim_confirmations(integer) to service_role;

create function public.newsletter_confirmation_sent(subscriber_id uuid) returns void
language sql
security definer
set search_path = ''
as $$
  delete from private.newsletter_confirmations c where c.subscriber_id = newsletter_confirmation_sent.subscriber_id
$$;
revoke all on function public.newsletter_confirmation_sent(uuid) from public, anon, authenticated, service_role;
grant execute on function public.newsletter_confirmation_sent(uuid) to service_role;

-- Visible local stories published in (since, until], the newest lead story first, then by the navigation's topic
-- order, newest first within a topic. At most 30.
create function private.newsletter_stories(since timestamptz, until timestamptz)
returns table (id uuid, title text, description text, image_url text, published_at timestamptz, topic_name text, topic_slug text, is_lead boolean)
language sql
stable
security definer
set search_path = ''
as $$
  select p.id, p.title, p.description, p.image_url, p.published_at, t.name, t.slug, p.is_lead
    from public.publications p
    left join public.topics t on t.id = p.topic_id
   where p.published and p.published_at > since and p.published_at <= until
   order by p.is_lead desc,
            pg_catalog.array_position(array['local', 'politica', 'economia', 'saude', 'esportes', 'cultura', 'educacao', 'tecnologia'], t.slug) nulls last,
            p.published_at desc
   limit 30
$$;
revoke all on function private.newsletter_stories(timestamptz, timestamptz) from public, anon, authenticated, service_role;

-- Where the next digest's stories start: the end of the last send that reached anyone (a day's send with no
-- confirmed reader yet leaves its stories for the first digest someone gets), at most 7 days back.
create function private.newsletter_window_start(clock timestamptz) returns timestamptz
language sql
stable
security definer
set search_path = ''
as $$
  select greatest(
    coalesce((select max(s.stories_until) from public.newsletter_sends s where s.recipient_count > 0), clock - interval '1 day'),
    clock - interval '7 days')
$$;
revoke all on function private.newsletter_window_start(timestamptz) from public, anon, authenticated, service_role;

-- The send this server is to make now, or null. First a send left 'enviando' whose lease ran out (a server stopped
-- mid-send, or retries waiting) is taken over: its addresses caught mid-send count as failed, never mailed again.
-- Else the day's scheduled send once its time has come (recorded 'sem_novidades' when there is nothing new), or, with
-- `now_anyway` (`npm run digest`), a send now of whatever is new since the last one (null when nothing is).
create function public.newsletter_start_digest(now_anyway boolean default false) returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  clock constant timestamptz := private.clock_now();
  local_now constant timestamp := clock at time zone 'America/Sao_Paulo';
  today constant date := local_now::date;
  due time;
  send public.newsletter_sends%rowtype;
  since timestamptz;
  stories integer;
begin
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('newsletter_digest'));

  select * into send from public.newsletter_sends s where s.state = 'enviando' order by s.started_at limit 1 for update;
  if found then
    if send.lease_until > clock then
      return null;
    end if;
    update private.newsletter_deliveries d
       set state = 'falhou', attempts = 4, last_error = 'Envio interrompido: o servidor parou durante o envio.'
     where d.send_id = send.id and d.state = 'enviando';
    update public.newsletter_sends s set lease_until = clock + interval '2 minutes' where s.id = send.id;
    return send.id;
  end if;

  if not now_anyway then
    select s.send_time into due from public.newsletter_settings s;
    if local_now::time < coalesce(due, '07:00')
       or exists (select 1 from public.newsletter_sends s where s.scheduled and s.digest_date = today) then
      return null;
    end if;
  end if;

  since := private.newsletter_window_start(clock);
  select count(*) into stories from private.newsletter_stories(since, clock);
  if stories = 0 then
    if not now_anyway then
      insert into public.newsletter_sends (digest_date, scheduled, state, stories_since, stories_until, started_at, finished_at)
      values (today, true, 'sem_novidades', since, clock, clock, clock);
    end if;
    return null;
  end if;

  insert into public.newsletter_sends (digest_date, scheduled, state, stories_since, stories_until, story_count, started_at, lease_until)
  values (today, not now_anyway, 'enviando', since, clock, stories, clock, clock + interval '2 minutes')
  returning * into send;
  insert into private.newsletter_deliveries (send_id, subscriber_id, next_attempt_at)
  select send.id, s.id, clock from public.newsletter_subscribers s where s.confirmed_at is not null;
  update public.newsletter_sends s
     set recipient_count = (select count(*) from private.newsletter_deliveries d where d.send_id = send.id)
   where s.id = send.id;
  return send.id;
end;
$$;
revoke all on function public.newsletter_start_digest(boolean) from public, anon, authenticated, service_role;
grant execute on function public.newsletter_start_digest(boolean) to service_role;

-- A send's stories (the window it claimed); without a send, the stories a digest made now would carry, or the
-- latest day's when there are none ('Enviar teste').
create function public.newsletter_digest_stories(send_id uuid default null)
returns table (id uuid, title text, description text, image_url text, published_at timestamptz, topic_name text, topic_slug text, is_lead boolean)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  clock constant timestamptz := private.clock_now();
  window_since timestamptz;
  window_until timestamptz;
begin
  if send_id is not null then
    select s.stories_since, s.stories_until into window_since, window_until from public.newsletter_sends s where s.id = send_id;
    if not found then
      return;
    end if;
  else
    window_since := private.newsletter_window_start(clock);
    window_until := clock;
    if not exists (select 1 from private.newsletter_stories(window_since, window_until)) then
      window_since := clock - interval '1 day';
    end if;
  end if;
  return query select * from private.newsletter_stories(window_since, window_until);
end;
$$;
revoke all on function public.newsletter_digest_stories(uuid) from public, anon, authenticated, service_role;
grant execute on function public.newsletter_digest_stories(uuid) to service_role;

-- Takes up to `max_count` of a send's addresses that are due (new, or failed and due again), renewing the send's
-- lease: each is 'enviando' until newsletter_delivery_done reports it.
create function public.newsletter_claim_deliveries(send_id uuid, max_count integer)
returns table (subscriber_id uuid, email text, unsubscribe_token uuid)
language plpgsql
security definer
set search_path = ''
as $$
declare
  clock constant timestamptz := private.clock_now();
begin
  update public.newsletter_sends s set lease_until = clock + interval '2 minutes'
   where s.id = newsletter_claim_deliveries.send_id and s.state = 'enviando';
  if not found then
    return;
  end if;
  return query
    update private.newsletter_deliveries d
       set state = 'enviando', attempts = d.attempts + 1, claimed_at = clock
      from public.newsletter_subscribers s
     where s.id = d.subscriber_id
       and d.send_id = newsletter_claim_deliveries.send_id
       and d.subscriber_id in (select due.subscriber_id from private.newsletter_deliveries due
                                where due.send_id = newsletter_claim_deliveries.send_id
                                  and (due.state = 'pendente' or (due.state = 'falhou' and due.attempts < 4))
                                  and due.next_attempt_at <= clock
                                order by due.next_attempt_at
                                limit least(greatest(max_count, 1), 100) for update skip locked)
    returning d.subscriber_id, s.email, s.unsubscribe_token;
end;
$$;
revoke all on function public.newsletter_claim_deliveries(uuid, integer) from public, anon, authenticated, service_role;
grant execute on function public.newsletter_claim_deliveries(uuid, integer) to service_role;

-- One address's outcome: sent, or failed with the mail server's words (retried after 2, 4, 8 minutes).
create function public.newsletter_delivery_done(send_id uuid, subscriber_id uuid, error text default null) returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  clock constant timestamptz := private.clock_now();
begin
  update private.newsletter_deliveries d
     set state = case when error is null then 'enviado' else 'falhou' end,
         last_error = left(error, 500),
         next_attempt_at = case when error is null then d.next_attempt_at
                                else clock + pg_catalog.make_interval(mins => (2 ^ d.attempts)::integer) end
   where d.send_id = newsletter_delivery_done.send_id and d.subscriber_id = newsletter_delivery_done.subscriber_id
     and d.state = 'enviando';
  if error is not null then
    update public.newsletter_sends s set last_error = left(error, 500) where s.id = newsletter_delivery_done.send_id;
  end if;
end;
$$;
revoke all on function public.newsletter_delivery_done(uuid, uuid, text) from public, anon, authenticated, service_role;
grant execute on function public.newsletter_delivery_done(uuid, uuid, text) to service_role;

-- Counts the send and ends it when no address is left to try; otherwise lets its lease go, so the next run (a
-- minute later, on any server) takes the retries when they are due. Returns the send's state.
create function public.newsletter_finish_digest(send_id uuid) returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  clock constant timestamptz := private.clock_now();
  open_count integer;
  result text;
begin
  select count(*) into open_count from private.newsletter_deliveries d
   where d.send_id = newsletter_finish_digest.send_id
     and (d.state in ('pendente', 'enviando') or (d.state = 'falhou' and d.attempts < 4));
  update public.newsletter_sends s
     set sent_count = (select count(*) from private.newsletter_deliveries d where d.send_id = s.id and d.state = 'enviado'),
         failed_count = (select count(*) from private.newsletter_deliveries d where d.send_id = s.id and d.state = 'falhou'),
         state = case when open_count = 0 then 'enviado' else s.state end,
         finished_at = case when open_count = 0 then clock else null end,
         lease_until = case when open_count = 0 then null else clock end
   where s.id = newsletter_finish_digest.send_id
  returning s.state into result;
  return result;
end;
$$;
revoke all on function public.newsletter_finish_digest(uuid) from public, anon, authenticated, service_role;
grant execute on function public.newsletter_finish_digest(uuid) to service_role;
