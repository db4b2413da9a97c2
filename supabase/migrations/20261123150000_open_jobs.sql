-- Jobs past their expiry date leave the readers' view (docs/product.md §19.1).
--
-- A job's expires_at is a calendar date: the last day it is open, by São Paulo's calendar, whatever the time zone of
-- the server or of the reader. A job expiring today is still shown today and gone tomorrow at 00:00 in São Paulo.
-- The rule lives in the read policy, so every reader query (the home card, /vagas, a job's page, the edge handler's
-- link previews) obeys it without repeating it; the administrators' own policy still shows them every job.

-- São Paulo's calendar date at an instant. Its own function so the rule is written once and tests can check it at
-- any instant (late evening in São Paulo is already tomorrow in UTC).
create function public.sao_paulo_date(instant timestamptz) returns date
language sql
immutable
parallel safe
set search_path = ''
as $$
  select (instant at time zone 'America/Sao_Paulo')::date
$$;

grant execute on function public.sao_paulo_date(timestamptz) to anon, authenticated;

drop policy "Anyone can read published jobs" on public.jobs;

-- `(select ...)` makes today's date an init plan: computed once per statement, not once per row.
create policy "Anyone can read published open jobs"
  on public.jobs for select
  to anon, authenticated
  using (published and (expires_at is null or expires_at >= (select public.sao_paulo_date(now()))));

-- No new index: the readers' list (/vagas and the home card) walks (published, created_at desc, id desc), indexed by
-- 20261123100000_search_and_paging.sql, and skips the expired rows it meets (a plain index scan checks the expiry on
-- the row in any case, so carrying expires_at in the index would save nothing). A job's page is its primary key.
