-- A story keeps the time it was published when the newsroom edits it (docs/product.md §19, decision 0032).
--
-- Before: saving a published story with 'Publicar imediatamente' ticked set published_at to now on every save, so a
-- corrected typo dated the story anew, moved it to the top of every list and the feeds, and no reader could tell a
-- story had changed. Now, on an UPDATE of a story that is published and whose time has come, a save that sends no
-- time of its own keeps the one it has; publishing a draft (or a scheduled story, at once) still stamps the clock.
--
-- updated_at is the time of the newsroom's last save, by the database's clock like published_at (a browser's clock
-- may run ahead: decision 0014): a save is a write that changes updated_at (the service sends its own); the view
-- counter's writes leave it alone, as the byline's rule already assumes. A row inserted already published (a seed, an
-- import) takes its publication time as its last change.

-- Under the old rule every save of a published story stamped published_at anew, so no story published so far has been
-- changed after its publication: where updated_at is later (a browser's clock ahead of the database's, which stamped
-- published_at), it is that publication's save. Done before the new trigger, which would stamp this write as a save.
update public.publications set updated_at = published_at where published and updated_at > published_at;

create or replace function public.publications_before_write() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  clock timestamptz := private.clock_now();
  saved boolean := tg_op = 'INSERT' or new.updated_at is distinct from old.updated_at;
begin
  if not new.published then
    new.published_at := null;
  elsif new.published_at is null then
    if tg_op = 'UPDATE' and old.published and old.published_at <= clock then
      new.published_at := old.published_at;
    else
      new.published_at := clock;
    end if;
  end if;

  -- A row written already published (a seed, an import) was not changed after publication.
  if tg_op = 'INSERT' then
    new.updated_at := case when new.published and new.published_at <= clock then new.published_at else clock end;
  elsif saved then
    new.updated_at := clock;
  end if;

  if new.is_lead and not (new.published and new.published_at <= clock) then
    if tg_op = 'UPDATE' and old.is_lead and not (new.is_lead is distinct from old.is_lead) then
      -- Unpublished or rescheduled: it stops being the lead story rather than blocking the change.
      new.is_lead := false;
    else
      raise exception 'only a published story whose time has come can be the lead story'
        using errcode = 'check_violation', hint = 'publications_lead_not_visible';
    end if;
  end if;

  -- The byline follows the newsroom's saves, not every write (increment_views updates the row on every read).
  if not new.signed then
    new.byline := null;
  elsif saved or not old.signed or new.author_id is distinct from old.author_id then
    select nullif(pg_catalog.btrim(pr.name), '') into new.byline from public.profiles pr where pr.id = new.author_id;
  end if;
  return new;
end;
$$;

revoke all on function public.publications_before_write() from public, anon, authenticated, service_role;
