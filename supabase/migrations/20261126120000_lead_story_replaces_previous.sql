-- Choosing a new lead story ('Manchete') replaces the current one in one step, as editors expect, instead of failing
-- on publications_one_lead_idx until the old mark is removed by hand.
--
-- A BEFORE trigger clears the other story's mark in the same statement, so the partial unique index still holds (and
-- still guards any path that would skip the trigger). It fires after publications_before_write (same timing, triggers
-- fire in name order), which has already refused a mark on a draft or a scheduled story: a refused mark clears
-- nothing.
--
-- SECURITY INVOKER (docs/decisions/0020): the clearing runs under the caller's grants and row-level security, so it
-- moves the mark for no one who could not move it by hand. An administrator may update every story; anyone else's
-- statement is refused by the same policies, and the whole statement rolls back with it.
--
-- Two editors choosing different leads at once: an advisory transaction lock makes the second wait for the first to
-- commit; its UPDATE then takes a fresh snapshot (a volatile function's statements each do), sees the first one's
-- lead and clears it. Without the lock the second would fail on the unique index.

create function private.publications_lead_replaces_previous() returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  if new.is_lead and (tg_op = 'INSERT' or not old.is_lead) then
    perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('public.publications: the lead story'));
    update public.publications set is_lead = false where is_lead and id <> new.id;
  end if;
  return new;
end;
$$;

comment on function private.publications_lead_replaces_previous() is
  'Trigger: a story marked lead takes the mark from the current lead, under the caller''s privileges.';
-- A trigger function needs no EXECUTE grant to fire; nobody may call it.
revoke all on function private.publications_lead_replaces_previous() from public, anon, authenticated, service_role;

create trigger publications_lead_replaces_previous
  before insert or update of is_lead on public.publications
  for each row execute function private.publications_lead_replaces_previous();
