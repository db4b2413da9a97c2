-- Scheduled jobs that run and show (docs/decisions/0042): every run the hosts make of a scheduled job is recorded,
-- administrators read the record (the 'Sistema' screen and the panel's warning), and the campaigns' daily closing.
--
-- * public.job_runs: one row per recorded run (job, start, end, outcome, counts, error). Written by the hosts with
--   the service key; read by administrators alone (row-level security and column grants: a pending account, a
--   Repórter and an Editor read no row). A run that found nothing to do is not recorded (the each-minute jobs would
--   flood it); a failure always is. Bounded by a trigger: per job and outcome the newest 100 rows, none older than
--   30 days, except the newest of each, which stays whatever its age (the screen's 'last success').
-- * public.scheduled_job_status(): what the screen and the warning read (per job: last success, last failure, whether
--   the two newest runs failed) and the database's size; administrators only (42501 'admin_only' otherwise).
-- * public.close_ad_campaign_days(force): the campaigns' daily job. Impressions and clicks are counted live
--   (public.count_ad_event); what a day needs besides is closing: a campaign past its last day is marked 'encerrada'
--   (the panel's list then says what the site already does, not serving it), and yesterday gets a row of zeros for
--   each campaign that served and was never seen, so the advertiser's report shows the day instead of skipping it.
--   At most once per São Paulo day unless `force`; service_role only.

-- ---------------------------------------------------------------------------------------------------------------
-- The runs.

create table public.job_runs (
  id bigint generated always as identity primary key,
  job text not null check (job ~ '^[a-z][a-z0-9_]{0,39}$'),
  started_at timestamptz not null,
  finished_at timestamptz not null,
  outcome text not null check (outcome in ('sucesso', 'falha')),
  counts jsonb not null default '{}'::jsonb check (pg_catalog.jsonb_typeof(counts) = 'object'),
  error text check (error is null or char_length(error) <= 1000),
  constraint job_runs_in_order check (finished_at >= started_at),
  constraint job_runs_failure_says_why check ((outcome = 'falha') = (error is not null))
);
comment on table public.job_runs is
  'Each recorded run of a scheduled job (docs/decisions/0042). Written by the hosts with the service key; administrators read it.';
create index job_runs_job_started_idx on public.job_runs (job, started_at desc);

alter table public.job_runs enable row level security;
revoke all on table public.job_runs from anon, authenticated;
grant select (id, job, started_at, finished_at, outcome, counts, error) on table public.job_runs to authenticated;
grant all on table public.job_runs to service_role;

create policy "Admins read job runs"
  on public.job_runs for select
  to authenticated
  using ((select private.is_admin()));

-- Keeps the record bounded after each insert, for the inserted row's job.
create function private.prune_job_runs() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from public.job_runs r
   where r.job = new.job
     and r.id in (select ranked.id
                    from (select j.id, j.started_at,
                                 pg_catalog.row_number() over (partition by j.outcome order by j.started_at desc, j.id desc) as position
                            from public.job_runs j
                           where j.job = new.job) ranked
                   where ranked.position > 100
                      or (ranked.position > 1 and ranked.started_at < pg_catalog.now() - interval '30 days'));
  return null;
end;
$$;
revoke all on function private.prune_job_runs() from public, anon, authenticated, service_role;

create trigger job_runs_prune
  after insert on public.job_runs
  for each row execute function private.prune_job_runs();

-- ---------------------------------------------------------------------------------------------------------------
-- What the panel reads.

create function public.scheduled_job_status() returns jsonb
language plpgsql
stable
set search_path = ''
as $$
begin
  if not coalesce((select private.is_admin()), false) then
    raise exception 'admin_only' using errcode = '42501';
  end if;
  return pg_catalog.jsonb_build_object(
    'database_bytes', pg_catalog.pg_database_size(pg_catalog.current_database()),
    'jobs', coalesce((
      select pg_catalog.jsonb_object_agg(names.job, pg_catalog.jsonb_build_object(
        'last_success', (select pg_catalog.to_jsonb(s) - 'id' - 'job' - 'error'
                           from public.job_runs s
                          where s.job = names.job and s.outcome = 'sucesso'
                          order by s.started_at desc limit 1),
        'last_failure', (select pg_catalog.to_jsonb(f) - 'id' - 'job'
                           from public.job_runs f
                          where f.job = names.job and f.outcome = 'falha'
                          order by f.started_at desc limit 1),
        'failed_twice', (select count(*) = 2 and bool_and(l.outcome = 'falha')
                           from (select r.outcome from public.job_runs r
                                  where r.job = names.job
                                  order by r.started_at desc limit 2) l)))
        from (select distinct j.job from public.job_runs j) names), '{}'::jsonb));
end;
$$;
comment on function public.scheduled_job_status() is
  'Per job the last success, the last failure and whether the two newest runs failed, and the database''s size. Administrators only.';
revoke all on function public.scheduled_job_status() from public, anon, authenticated, service_role;
grant execute on function public.scheduled_job_status() to authenticated;

-- ---------------------------------------------------------------------------------------------------------------
-- The campaigns' daily closing.

create table private.ad_closing_runs (
  only_row boolean primary key default true check (only_row),
  last_day date
);
comment on table private.ad_closing_runs is 'The São Paulo day the campaigns were last closed: once a day, whichever host asks.';
insert into private.ad_closing_runs (only_row) values (true);
revoke all on table private.ad_closing_runs from public, anon, authenticated, service_role;

-- Null when it already ran today (São Paulo); else the counts.
create function public.close_ad_campaign_days(force boolean default false) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  today constant date := private.sao_paulo_date(private.clock_now());
  yesterday constant date := private.sao_paulo_date(private.clock_now()) - 1;
  last_day date;
  n_days integer;
  n_ended integer;
begin
  select r.last_day into last_day from private.ad_closing_runs r for update;
  if not coalesce(force, false) and last_day is not null and last_day >= today then
    return null;
  end if;
  update private.ad_closing_runs set last_day = today;

  -- First the zero rows (a campaign ending yesterday served yesterday), then the closing.
  with filled as (
    insert into public.ad_campaign_days (campaign_id, day)
    select c.id, yesterday
      from public.ad_campaigns c
     where c.state = 'ativa' and c.starts_on <= yesterday and c.ends_on >= yesterday
    on conflict (campaign_id, day) do nothing
    returning 1)
  select count(*) into n_days from filled;

  with ended as (
    update public.ad_campaigns c set state = 'encerrada'
     where c.state = 'ativa' and c.ends_on < today
    returning 1)
  select count(*) into n_ended from ended;

  return pg_catalog.jsonb_build_object('campanhas_encerradas', n_ended, 'dias_sem_exibicao', n_days);
end;
$$;
comment on function public.close_ad_campaign_days(boolean) is
  'The campaigns'' daily job: yesterday''s zero rows and the closing of campaigns past their last day; once a day unless forced. The hosts'' service key only.';
revoke all on function public.close_ad_campaign_days(boolean) from public, anon, authenticated, service_role;
grant execute on function public.close_ad_campaign_days(boolean) to service_role;
