-- Reader support 'Apoie' with Pix (issue 39, docs/decisions/0054-reader-support-with-pix.md).
--
-- * public.support_settings: one row, the newsroom's Pix key, the receiver's name and city as the bank registers them
--   (the BR Code's limits: 25 and 15 characters), the page's text and a monthly goal. Anyone reads it (the key is
--   printed in every code the site shows); administrators change it.
-- * public.support_intents: each code the site showed (amount, transaction id, time, the optional name and e-mail with
--   the consent line), pending until staff (Administrador, Editor) mark it received; pending ones expire after 7 days.
--   Only public.support_intent_create writes one (bounded amount, 10 per client an hour); only staff read them.
-- * public.support_reminders: a monthly supporter's reminder (e-mail, amount, a stop token), created when staff mark
--   the first intent received; each month the host's job sends a fresh code for the same amount. One click stops it.
-- * The host's jobs (service_role): support_claim_thanks / support_mark_thanked (thank-you e-mails),
--   support_claim_due_reminders (monthly reminders), support_upkeep (expiry and retention).
--
-- Errors the app maps (SQLSTATE, message):
--   PT429 'support_rate_limited'    too many codes from this client (HTTP 429)
--   22023 'support_invalid_amount'  outside R$ 1,00 – R$ 5.000,00
--   22023 'support_invalid_email'   not an e-mail address
--   22023 'support_consent_missing' a name or an e-mail without the consent line
--   PF010 'support_not_open'        no Pix key, name or city in the settings
--   42501 'support_staff_only'      marking by someone who is not an administrator or an editor

-- ---------------------------------------------------------------------------------------------------------------
-- Settings.

create table public.support_settings (
  only_row boolean primary key default true check (only_row),
  -- The key as the BR Code carries it (the panel normalises it: digits for CPF/CNPJ, +55… for a phone, lower case
  -- for an e-mail or a random key); null: support is not open.
  pix_key text check (pix_key is null or (char_length(pix_key) between 1 and 77 and pix_key !~ '\s')),
  receiver_name text not null default '' check (char_length(receiver_name) <= 25 and receiver_name ~ '^[ -~]*$'),
  receiver_city text not null default '' check (char_length(receiver_city) <= 15 and receiver_city ~ '^[ -~]*$'),
  -- '' = the product's default text.
  page_text text not null default '' check (char_length(page_text) <= 4000),
  -- In centavos; null = no goal.
  monthly_goal_cents integer check (monthly_goal_cents is null or monthly_goal_cents between 100 and 100000000),
  show_progress boolean not null default false,
  updated_at timestamptz not null default now()
);
comment on table public.support_settings is
  'The newsroom''s Pix receiver and the ''Apoie'' page''s text and goal. One row; anyone reads it, administrators change it.';
insert into public.support_settings (only_row) values (true);

alter table public.support_settings enable row level security;
revoke all on table public.support_settings from anon, authenticated;
grant select on table public.support_settings to anon, authenticated;
grant update (pix_key, receiver_name, receiver_city, page_text, monthly_goal_cents, show_progress)
  on table public.support_settings to authenticated;
grant all on table public.support_settings to service_role;

create policy "Anyone can read the support settings"
  on public.support_settings for select
  to anon, authenticated
  using (true);
create policy "Admins can change the support settings"
  on public.support_settings for update
  to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

create function private.touch_support_settings() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.receiver_name := pg_catalog.btrim(new.receiver_name);
  new.receiver_city := pg_catalog.btrim(new.receiver_city);
  new.page_text := pg_catalog.btrim(new.page_text);
  new.updated_at := pg_catalog.now();
  return new;
end;
$$;
revoke all on function private.touch_support_settings() from public, anon, authenticated, service_role;
create trigger support_settings_touch
  before update on public.support_settings
  for each row execute function private.touch_support_settings();

-- ---------------------------------------------------------------------------------------------------------------
-- Intents and reminders.

create table public.support_reminders (
  id uuid primary key default gen_random_uuid(),
  email text not null check (char_length(email) <= 254),
  supporter_name text check (char_length(btrim(supporter_name)) between 1 and 120),
  amount_cents integer not null check (amount_cents between 100 and 500000),
  -- The e-mailed stop link's secret.
  stop_token uuid not null unique default gen_random_uuid(),
  consent_text text not null check (char_length(btrim(consent_text)) between 1 and 500),
  created_at timestamptz not null default now(),
  next_at timestamptz not null,
  last_sent_at timestamptz,
  claimed_at timestamptz
);
comment on table public.support_reminders is
  'Monthly supporters: an e-mail each month with a fresh code for the same amount. Staff read them; the host''s job sends; the stop link deletes.';
create unique index support_reminders_email_idx on public.support_reminders (email);
create index support_reminders_next_idx on public.support_reminders (next_at);

create table public.support_intents (
  id uuid primary key default gen_random_uuid(),
  -- The BR Code's transaction id (field 62-05): 25 letters and digits, unique, what the bank statement shows.
  txid text not null unique check (txid ~ '^[A-Za-z0-9]{25}$'),
  amount_cents integer not null check (amount_cents between 100 and 500000),
  supporter_name text check (char_length(btrim(supporter_name)) between 1 and 120),
  supporter_email text check (char_length(supporter_email) <= 254),
  consent_text text check (char_length(btrim(consent_text)) between 1 and 500),
  monthly boolean not null default false,
  -- The monthly reminder whose e-mail carried this code (null: '/apoie').
  reminder_id uuid references public.support_reminders (id) on delete set null,
  status text not null default 'pendente' check (status in ('pendente', 'recebido', 'expirado')),
  created_at timestamptz not null default now(),
  received_at timestamptz,
  received_by uuid references public.profiles (id) on delete set null,
  thanks_claimed_at timestamptz,
  thanked_at timestamptz,
  constraint support_intents_consent_with_data
    check ((supporter_name is null and supporter_email is null) or consent_text is not null),
  constraint support_intents_received_when check ((status = 'recebido') = (received_at is not null))
);
comment on table public.support_intents is
  'Each Pix code the site showed a supporter, pending until staff find it in the bank statement. Only support_intent_create writes; staff read and mark.';
-- The 'Apoios' screen: newest first, by status, by amount; the month's totals.
create index support_intents_created_idx on public.support_intents (created_at desc, id desc);
create index support_intents_status_created_idx on public.support_intents (status, created_at desc, id desc);
create index support_intents_amount_created_idx on public.support_intents (amount_cents, created_at desc, id desc);
create index support_intents_received_idx on public.support_intents (received_at) where status = 'recebido';
create index support_intents_thanks_idx on public.support_intents (received_at)
  where status = 'recebido' and thanked_at is null and supporter_email is not null;
create index support_intents_email_idx on public.support_intents (lower(supporter_email)) where supporter_email is not null;
create index support_intents_reminder_idx on public.support_intents (reminder_id) where reminder_id is not null;
create index support_intents_received_by_idx on public.support_intents (received_by) where received_by is not null;

alter table public.support_intents enable row level security;
alter table public.support_reminders enable row level security;
revoke all on table public.support_intents from anon, authenticated;
revoke all on table public.support_reminders from anon, authenticated;
-- Signed-in accounts keep SELECT for the staff's policies (anon has none: 42501). Nobody writes through the API:
-- creating is the intent function's, marking is support_intent_mark_received's.
grant select on table public.support_intents to authenticated;
grant select on table public.support_reminders to authenticated;
grant all on table public.support_intents to service_role;
grant all on table public.support_reminders to service_role;

create policy "Editors and admins can read the support intents"
  on public.support_intents for select
  to authenticated
  using ((select private.is_editor()));
create policy "Editors and admins can read the monthly supporters"
  on public.support_reminders for select
  to authenticated
  using ((select private.is_editor()));

-- ---------------------------------------------------------------------------------------------------------------
-- Creating an intent: the one writer.

-- The input rules, checked as the caller before anything runs as the owner, and again by the owner.
create function private.support_check_input(amount_cents integer, supporter_name text, supporter_email text, consent_text text)
returns void
language plpgsql
immutable
security invoker
set search_path = ''
as $$
declare
  address constant text := pg_catalog.lower(pg_catalog.btrim(coalesce(supporter_email, '')));
  person constant text := pg_catalog.btrim(coalesce(supporter_name, ''));
begin
  if amount_cents is null or amount_cents < 100 or amount_cents > 500000 then
    raise exception 'support_invalid_amount' using errcode = '22023';
  end if;
  if address <> '' and (char_length(address) > 254
       or address !~ '^[^@\s<>(),;:"\[\]\\]+@[^@\s<>(),;:"\[\]\\]+\.[a-z0-9-]{2,}$') then
    raise exception 'support_invalid_email' using errcode = '22023';
  end if;
  if char_length(person) > 120 then
    raise exception 'support_invalid_name' using errcode = '22023';
  end if;
  if (address <> '' or person <> '') and pg_catalog.btrim(coalesce(consent_text, '')) = '' then
    raise exception 'support_consent_missing' using errcode = '22023';
  end if;
end;
$$;
revoke all on function private.support_check_input(integer, text, text, text) from public, anon, authenticated, service_role;
grant execute on function private.support_check_input(integer, text, text, text) to anon, authenticated, service_role;

-- A fresh transaction id: 25 upper-case hexadecimal characters (the BR Code manual's txid: up to 25 of [A-Za-z0-9]),
-- from two random uuids' 244 random bits, so no two intents and no guess share one.
create function private.support_new_txid() returns text
language sql
volatile
set search_path = ''
as $$
  select pg_catalog.upper(pg_catalog.left(
    pg_catalog.replace(pg_catalog.gen_random_uuid()::text, '-', '') || pg_catalog.replace(pg_catalog.gen_random_uuid()::text, '-', ''), 25))
$$;
revoke all on function private.support_new_txid() from public, anon, authenticated, service_role;

create function private.support_intent_create(
  amount_cents integer, supporter_name text, supporter_email text, consent_text text, monthly boolean, client_address text
) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  clock constant timestamptz := private.clock_now();
  address constant text := nullif(pg_catalog.lower(pg_catalog.btrim(coalesce(supporter_email, ''))), '');
  person constant text := nullif(pg_catalog.btrim(coalesce(supporter_name, '')), '');
  settings public.support_settings%rowtype;
  client text;
  txid text;
begin
  perform private.support_check_input(amount_cents, supporter_name, supporter_email, consent_text);
  select * into settings from public.support_settings;
  if settings.pix_key is null or settings.receiver_name = '' or settings.receiver_city = '' then
    raise exception 'support_not_open' using errcode = 'PF010';
  end if;
  -- The site's server creates intents for its readers with the service key and names the reader's address it saw
  -- (the database only sees the server); anyone else is keyed by the address the API saw.
  client := case
    when auth.role() = 'service_role' and nullif(pg_catalog.btrim(coalesce(client_address, '')), '') is not null
      then private.salted_hash('client:' || pg_catalog.left(pg_catalog.btrim(client_address), 200))
    else private.client_key()
  end;
  if not private.rate_limit_take(array['support_client:' || client], array[interval '1 hour'], array[10]) then
    raise exception 'support_rate_limited' using errcode = 'PT429', hint = 'At most 10 codes per client per hour.';
  end if;
  txid := private.support_new_txid();
  insert into public.support_intents (txid, amount_cents, supporter_name, supporter_email, consent_text, monthly, created_at)
  values (txid, amount_cents, person, address,
          case when person is null and address is null then null else pg_catalog.btrim(consent_text) end,
          coalesce(monthly, false) and address is not null, clock);
  return pg_catalog.jsonb_build_object('txid', txid, 'amount_cents', amount_cents);
end;
$$;
comment on function private.support_intent_create(integer, text, text, text, boolean, text) is
  'Records a code shown to a supporter, within the rate limit, and returns its transaction id. Owner-run: readers cannot read or write the intents.';
revoke all on function private.support_intent_create(integer, text, text, text, boolean, text) from public, anon, authenticated, service_role;
grant execute on function private.support_intent_create(integer, text, text, text, boolean, text) to anon, authenticated, service_role;

create function public.support_intent_create(
  amount_cents integer, supporter_name text default null, supporter_email text default null,
  consent_text text default null, monthly boolean default false, client_address text default null
) returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
begin
  perform private.support_check_input(amount_cents, supporter_name, supporter_email, consent_text);
  return private.support_intent_create(amount_cents, supporter_name, supporter_email, consent_text, monthly, client_address);
end;
$$;
comment on function public.support_intent_create(integer, text, text, text, boolean, text) is
  'A Pix code''s record for a supporter: its transaction id. Runs as its caller; the writing is private.support_intent_create''s.';
revoke all on function public.support_intent_create(integer, text, text, text, boolean, text) from public, anon, authenticated, service_role;
grant execute on function public.support_intent_create(integer, text, text, text, boolean, text) to anon, authenticated, service_role;

-- The code page's data for a transaction id: the amount and whether it is still pending (never a name or an e-mail).
create function private.support_intent_code(txid text) returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select pg_catalog.jsonb_build_object('txid', i.txid, 'amount_cents', i.amount_cents, 'status', i.status,
           'monthly', i.monthly, 'created_at', i.created_at)
    from public.support_intents i
   where i.txid = support_intent_code.txid
$$;
revoke all on function private.support_intent_code(text) from public, anon, authenticated, service_role;
grant execute on function private.support_intent_code(text) to anon, authenticated, service_role;

create function public.support_intent_code(txid text) returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select private.support_intent_code(support_intent_code.txid) where support_intent_code.txid ~ '^[A-Za-z0-9]{25}$'
$$;
comment on function public.support_intent_code(text) is
  'The amount and state of the code with this transaction id, else null. Runs as its caller; the reading is private.support_intent_code''s.';
revoke all on function public.support_intent_code(text) from public, anon, authenticated, service_role;
grant execute on function public.support_intent_code(text) to anon, authenticated, service_role;

-- The month's received total in São Paulo's calendar, for '/apoie' when the newsroom shows its progress.
create function private.support_month_total() returns bigint
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(sum(i.amount_cents), 0)::bigint
    from public.support_intents i
   where i.status = 'recebido'
     and i.received_at >= (pg_catalog.date_trunc('month', private.clock_now() at time zone 'America/Sao_Paulo') at time zone 'America/Sao_Paulo')
$$;
revoke all on function private.support_month_total() from public, anon, authenticated, service_role;
grant execute on function private.support_month_total() to anon, authenticated, service_role;

create function public.support_month_progress() returns bigint
language sql
stable
security invoker
set search_path = ''
as $$
  select private.support_month_total() where exists (select 1 from public.support_settings s where s.show_progress)
$$;
comment on function public.support_month_progress() is
  'This month''s received support in centavos when the newsroom shows its progress, else null. Runs as its caller.';
revoke all on function public.support_month_progress() from public, anon, authenticated, service_role;
grant execute on function public.support_month_progress() to anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------------------------------
-- Staff mark a received payment; a monthly supporter's reminder starts then.

create function private.support_mark_received(intent_id uuid) returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  clock constant timestamptz := private.clock_now();
  intent public.support_intents%rowtype;
begin
  if not private.is_editor() then
    raise exception 'support_staff_only' using errcode = '42501';
  end if;
  update public.support_intents i
     set status = 'recebido', received_at = clock, received_by = auth.uid()
   where i.id = intent_id and i.status <> 'recebido'
  returning * into intent;
  if not found then
    return false;
  end if;
  if intent.monthly and intent.supporter_email is not null and intent.reminder_id is null then
    insert into public.support_reminders (email, supporter_name, amount_cents, consent_text, created_at, next_at)
    values (intent.supporter_email, intent.supporter_name, intent.amount_cents, intent.consent_text, clock, clock + interval '1 month')
    on conflict (email) do update set amount_cents = excluded.amount_cents, supporter_name = excluded.supporter_name,
      consent_text = excluded.consent_text;
  end if;
  perform private.record_audit('support_received', 'support_intent', intent.id::text,
    'Apoio recebido: ' || intent.txid || ' (R$ ' || pg_catalog.to_char(intent.amount_cents / 100.0, 'FM999990.00') || ')',
    pg_catalog.jsonb_build_object('txid', intent.txid, 'amount_cents', intent.amount_cents));
  return true;
end;
$$;
revoke all on function private.support_mark_received(uuid) from public, anon, authenticated, service_role;
grant execute on function private.support_mark_received(uuid) to authenticated;

create function public.support_intent_mark_received(intent_id uuid) returns boolean
language plpgsql
security invoker
set search_path = ''
as $$
begin
  if not private.is_editor() then
    raise exception 'support_staff_only' using errcode = '42501';
  end if;
  return private.support_mark_received(intent_id);
end;
$$;
comment on function public.support_intent_mark_received(uuid) is
  'An editor or administrator marks a pending or expired intent received (true; false when it already was). Runs as its caller.';
revoke all on function public.support_intent_mark_received(uuid) from public, anon, authenticated, service_role;
grant execute on function public.support_intent_mark_received(uuid) to authenticated;

-- ---------------------------------------------------------------------------------------------------------------
-- Stopping the monthly reminder: the e-mailed link's token, one click.

create function private.support_reminder_stop(token uuid) returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  gone integer;
begin
  delete from public.support_reminders r where r.stop_token = token;
  get diagnostics gone = row_count;
  return gone > 0;
end;
$$;
revoke all on function private.support_reminder_stop(uuid) from public, anon, authenticated, service_role;
grant execute on function private.support_reminder_stop(uuid) to anon, authenticated, service_role;

create function public.support_reminder_stop(token uuid) returns boolean
language plpgsql
security invoker
set search_path = ''
as $$
begin
  if token is null then
    return false;
  end if;
  return private.support_reminder_stop(token);
end;
$$;
comment on function public.support_reminder_stop(uuid) is
  'Deletes the monthly reminder of a stop token; true when one was deleted. Runs as its caller.';
revoke all on function public.support_reminder_stop(uuid) from public, anon, authenticated, service_role;
grant execute on function public.support_reminder_stop(uuid) to anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------------------------------
-- The host's jobs (service_role only: owner-run, since the tests' clock, private.clock_now, is not the service key's).

-- Received intents with an address whose thank-you has not gone: claimed for 2 minutes, oldest first.
create function public.support_claim_thanks(max_count integer default 20) returns table (
  intent_id uuid, email text, supporter_name text, amount_cents integer, txid text
)
language sql
volatile
security definer
set search_path = ''
as $$
  update public.support_intents i
     set thanks_claimed_at = private.clock_now()
   where i.id in (select due.id from public.support_intents due
                   where due.status = 'recebido' and due.thanked_at is null and due.supporter_email is not null
                     and (due.thanks_claimed_at is null or due.thanks_claimed_at < private.clock_now() - interval '2 minutes')
                   order by due.received_at limit least(greatest(coalesce(max_count, 20), 1), 100)
                   for update skip locked)
  returning i.id, i.supporter_email, i.supporter_name, i.amount_cents, i.txid
$$;
revoke all on function public.support_claim_thanks(integer) from public, anon, authenticated, service_role;
grant execute on function public.support_claim_thanks(integer) to service_role;

create function public.support_mark_thanked(intent_id uuid) returns void
language sql
volatile
security definer
set search_path = ''
as $$
  update public.support_intents i set thanked_at = private.clock_now() where i.id = support_mark_thanked.intent_id
$$;
revoke all on function public.support_mark_thanked(uuid) from public, anon, authenticated, service_role;
grant execute on function public.support_mark_thanked(uuid) to service_role;

-- Monthly reminders whose time has come: each gets a fresh pending intent (a new transaction id) for its amount and
-- its next month; the host e-mails the code. Claimed reminders move a month on at once, so a failed e-mail is not
-- sent twice in a month (the next one carries a fresh code anyway). Nothing when support is not open.
create function public.support_claim_due_reminders(max_count integer default 20) returns table (
  reminder_id uuid, email text, supporter_name text, amount_cents integer, txid text, stop_token uuid
)
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  clock constant timestamptz := private.clock_now();
  settings public.support_settings%rowtype;
  due public.support_reminders%rowtype;
  fresh text;
begin
  select * into settings from public.support_settings;
  if settings.pix_key is null or settings.receiver_name = '' or settings.receiver_city = '' then
    return;
  end if;
  for due in
    select * from public.support_reminders r where r.next_at <= clock
     order by r.next_at limit least(greatest(coalesce(max_count, 20), 1), 100) for update skip locked
  loop
    fresh := private.support_new_txid();
    insert into public.support_intents (txid, amount_cents, supporter_name, supporter_email, consent_text, monthly, reminder_id, created_at)
    values (fresh, due.amount_cents, due.supporter_name, due.email, due.consent_text, true, due.id, clock);
    update public.support_reminders r
       set next_at = greatest(r.next_at + interval '1 month', clock + interval '20 days'), last_sent_at = clock, claimed_at = clock
     where r.id = due.id;
    reminder_id := due.id;
    email := due.email;
    supporter_name := due.supporter_name;
    amount_cents := due.amount_cents;
    txid := fresh;
    stop_token := due.stop_token;
    return next;
  end loop;
end;
$$;
revoke all on function public.support_claim_due_reminders(integer) from public, anon, authenticated, service_role;
grant execute on function public.support_claim_due_reminders(integer) to service_role;

-- Expiry and retention, at most hourly: pending intents older than 7 days expire; expired ones go after 30 days; the
-- name and e-mail of a received intent go 12 months after it was received (its amount, id and date stay for the
-- newsroom's accounts); a reminder nobody stopped is kept while it runs.
create function public.support_upkeep() returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  clock constant timestamptz := private.clock_now();
  n_expired integer;
  n_deleted integer;
  n_anonymised integer;
begin
  with changed as (
    update public.support_intents i set status = 'expirado'
     where i.id in (select due.id from public.support_intents due
                     where due.status = 'pendente' and due.created_at <= clock - interval '7 days'
                     order by due.created_at limit 1000)
    returning 1)
  select count(*) into n_expired from changed;
  with gone as (
    delete from public.support_intents i
     where i.id in (select due.id from public.support_intents due
                     where due.status = 'expirado' and due.created_at <= clock - interval '37 days'
                     order by due.created_at limit 1000)
    returning 1)
  select count(*) into n_deleted from gone;
  with changed as (
    update public.support_intents i set supporter_name = null, supporter_email = null, consent_text = null
     where i.id in (select due.id from public.support_intents due
                     where due.status = 'recebido' and due.received_at <= clock - interval '12 months'
                       and (due.supporter_name is not null or due.supporter_email is not null)
                     order by due.received_at limit 1000)
    returning 1)
  select count(*) into n_anonymised from changed;
  return pg_catalog.jsonb_build_object('expirados', n_expired, 'apagados', n_deleted, 'anonimizados', n_anonymised);
end;
$$;
revoke all on function public.support_upkeep() from public, anon, authenticated, service_role;
grant execute on function public.support_upkeep() to service_role;

-- ---------------------------------------------------------------------------------------------------------------
-- Data rights: supporters in the lookup, the export and the erasure of an address (decision 0039).

create or replace function private.data_subject_report(address text) returns jsonb
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
               order by n.created_at desc limit 100) t), '[]'::jsonb),
    'support_intents', coalesce((
      select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('id', i.id, 'txid', i.txid, 'amount_cents', i.amount_cents,
               'supporter_name', i.supporter_name, 'supporter_email', i.supporter_email, 'consent_text', i.consent_text,
               'monthly', i.monthly, 'status', i.status, 'created_at', i.created_at, 'received_at', i.received_at)
               order by i.created_at desc)
        from (select * from public.support_intents s where pg_catalog.lower(s.supporter_email) = address
               order by s.created_at desc limit 100) i), '[]'::jsonb),
    'support_reminder', (
      select pg_catalog.jsonb_build_object('id', r.id, 'email', r.email, 'supporter_name', r.supporter_name,
               'amount_cents', r.amount_cents, 'consent_text', r.consent_text, 'created_at', r.created_at,
               'next_at', r.next_at, 'last_sent_at', r.last_sent_at)
        from public.support_reminders r where r.email = address));
end;
$$;

create or replace function private.data_subject_counts(report jsonb) returns jsonb
language sql
immutable
set search_path = ''
as $$
  select pg_catalog.jsonb_build_object(
    'account', (report -> 'account') is not null and pg_catalog.jsonb_typeof(report -> 'account') = 'object',
    'media_kit_requests', pg_catalog.jsonb_array_length(report -> 'media_kit_requests'),
    'newsletter_subscription', pg_catalog.jsonb_typeof(report -> 'newsletter_subscription') = 'object',
    'news_tips', pg_catalog.jsonb_array_length(report -> 'news_tips'),
    'support_intents', pg_catalog.jsonb_array_length(coalesce(report -> 'support_intents', '[]'::jsonb)),
    'support_reminder', pg_catalog.jsonb_typeof(report -> 'support_reminder') = 'object')
$$;

-- Erasing an address's support: the name, e-mail and consent go from its intents (the amount, id and date stay for
-- the accounts, as retention keeps them), and its monthly reminder is deleted. Owner-run: staff may not write intents.
create function private.support_forget_address(address text) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  n_intents integer;
  n_reminders integer;
begin
  if not private.is_admin() then
    raise exception 'data_rights_admin_only' using errcode = '42501';
  end if;
  update public.support_intents i set supporter_name = null, supporter_email = null, consent_text = null, monthly = false
   where pg_catalog.lower(i.supporter_email) = address;
  get diagnostics n_intents = row_count;
  delete from public.support_reminders r where r.email = address;
  get diagnostics n_reminders = row_count;
  return pg_catalog.jsonb_build_object('support_intents', n_intents, 'support_reminder', n_reminders > 0);
end;
$$;
revoke all on function private.support_forget_address(text) from public, anon, authenticated, service_role;
grant execute on function private.support_forget_address(text) to authenticated;

-- The erasure of 20261129120000, with the support data beside the rest.
create or replace function public.data_subject_erase(email text) returns jsonb
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
  support jsonb;
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
  support := private.support_forget_address(address);

  counts := pg_catalog.jsonb_build_object('media_kit_requests', n_media_kit, 'newsletter_subscription', n_newsletter > 0,
    'news_tips', n_tips, 'account', account_id is not null) || support;
  perform private.audit_data_right('data_erasure', address, 'Eliminação de dados pessoais: ' || address, counts);
  if account_id is not null then
    account_erased := private.erase_account(account_id);
  end if;
  return counts || pg_catalog.jsonb_build_object('account', account_erased);
end;
$$;
