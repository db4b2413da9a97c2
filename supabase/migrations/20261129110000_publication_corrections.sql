-- Corrections in the open (issue 26 §5, decision 0038).
--
-- * public.publication_corrections: what a published story got wrong, what is right, and when it was corrected.
--   Readers read the corrections of the stories they can read; editors add them; nobody changes or removes one (a
--   correction of a correction is another correction). The story's page lists them, /correcoes lists the newest.
-- * public.publication_minor_edits: a typo or a formatting fix, who made it and when, for the newsroom only.
-- * publications.corrected_at: the newest correction's time, which readers see as 'Atualizado em', the story's
--   JSON-LD dateModified and its feed entry's atom:updated. A minor edit does not change it.
-- * The rule, in the database: once a story is published and its time has come, an UPDATE that changes its title,
--   description or content and leaves it live is refused unless public.revise_publication makes it, which records a correction or a
--   minor edit in the same transaction. Every other change of a live story (image, topic, lead story, 'Plantão',
--   sponsor, unpublishing) stays a plain update.

alter table public.publications add column corrected_at timestamptz;

comment on column public.publications.corrected_at is
  'When the newest correction of the story was made (publication_corrections), null without one: the page''s ''Atualizado em''.';

-- ---------------------------------------------------------------------------------------------------------------
-- Corrections.

create table public.publication_corrections (
  id uuid primary key default gen_random_uuid(),
  publication_id uuid not null references public.publications (id) on delete cascade,
  wrong text not null constraint publication_corrections_wrong_length check (char_length(btrim(wrong)) between 1 and 1000),
  correct text not null constraint publication_corrections_correct_length check (char_length(btrim(correct)) between 1 and 1000),
  corrected_at timestamptz not null default private.clock_now(),
  corrected_by uuid references auth.users (id) on delete set null,
  -- Who it was, kept when the account goes; the newsroom sees it, readers do not (column privileges).
  corrected_by_name text not null default '' check (char_length(corrected_by_name) <= 254),
  created_at timestamptz not null default private.clock_now()
);

comment on table public.publication_corrections is
  'Corrections of published stories: what was wrong, what is right, when. Public for stories readers can read; added by editors; never changed.';

-- The story's own corrections (its page), the newest across the site (/correcoes, keyset on (corrected_at, id)).
create index publication_corrections_publication_idx on public.publication_corrections (publication_id, corrected_at desc);
create index publication_corrections_recent_idx on public.publication_corrections (corrected_at desc, id desc);
create index publication_corrections_corrected_by_idx on public.publication_corrections (corrected_by);

alter table public.publication_corrections enable row level security;

revoke all on table public.publication_corrections from anon, authenticated;
-- Readers get what the page prints; the newsroom also who made it.
grant select (id, publication_id, wrong, correct, corrected_at) on table public.publication_corrections to anon;
grant select on table public.publication_corrections to authenticated;
grant insert (publication_id, wrong, correct, corrected_at) on table public.publication_corrections to authenticated;
grant all on table public.publication_corrections to service_role;

create policy "Readers read corrections of stories whose time has come"
  on public.publication_corrections for select
  to anon
  using (exists (
    select 1 from public.publications p
    where p.id = publication_id and p.published and p.published_at <= (select private.clock_now())
  ));

create policy "Signed-in users read corrections of stories whose time has come, staff all"
  on public.publication_corrections for select
  to authenticated
  using (
    exists (
      select 1 from public.publications p
      where p.id = publication_id and p.published and p.published_at <= (select private.clock_now())
    )
    or (select private.is_staff())
  );

create policy "Editors add corrections"
  on public.publication_corrections for insert
  to authenticated
  with check ((select private.is_editor()));

-- A story carries at most this many corrections, so its page's list is bounded by the table itself.
create function private.publication_corrections_before_insert() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  clock timestamptz := private.clock_now();
  story record;
  existing integer;
begin
  select p.id, p.title, p.published, p.published_at into story
    from public.publications p where p.id = new.publication_id for update;
  if not found or not (story.published and story.published_at <= clock) then
    raise exception 'only a published story whose time has come can be corrected'
      using errcode = 'check_violation', hint = 'publication_correction_not_live';
  end if;
  new.corrected_at := coalesce(new.corrected_at, clock);
  -- A correction is dated between the story's publication and now (a minute's grace for the browser's clock).
  if new.corrected_at > clock + interval '1 minute' or new.corrected_at < story.published_at then
    raise exception 'a correction is dated between the story''s publication and now'
      using errcode = 'check_violation', hint = 'publication_correction_date';
  end if;
  select pg_catalog.count(*)::integer into existing from public.publication_corrections c where c.publication_id = new.publication_id;
  if existing >= 50 then
    raise exception 'a story carries at most 50 corrections'
      using errcode = 'check_violation', hint = 'publication_corrections_limit';
  end if;

  new.wrong := pg_catalog.btrim(new.wrong);
  new.correct := pg_catalog.btrim(new.correct);
  new.corrected_by := auth.uid();
  new.created_at := clock;
  select coalesce(nullif(pg_catalog.btrim(pr.name), ''), pr.email, '') into new.corrected_by_name
    from public.profiles pr where pr.id = new.corrected_by;
  new.corrected_by_name := pg_catalog.left(coalesce(new.corrected_by_name, ''), 254);

  update public.publications p
    set corrected_at = greatest(coalesce(p.corrected_at, new.corrected_at), new.corrected_at)
    where p.id = new.publication_id;
  perform private.record_audit('correction', 'publication', new.publication_id::text, pg_catalog.left(story.title, 200),
    jsonb_build_object('correction_id', new.id, 'corrected_at', new.corrected_at));
  return new;
end;
$$;

revoke all on function private.publication_corrections_before_insert() from public, anon, authenticated, service_role;

create trigger publication_corrections_before_insert
  before insert on public.publication_corrections
  for each row execute function private.publication_corrections_before_insert();

-- ---------------------------------------------------------------------------------------------------------------
-- Minor edits: the newsroom's record of a typo or formatting fix to a live story's text.

create table public.publication_minor_edits (
  id uuid primary key default gen_random_uuid(),
  publication_id uuid not null references public.publications (id) on delete cascade,
  note text constraint publication_minor_edits_note_length check (char_length(note) <= 300),
  edited_at timestamptz not null default private.clock_now(),
  edited_by uuid references auth.users (id) on delete set null,
  edited_by_name text not null default '' check (char_length(edited_by_name) <= 254)
);

comment on table public.publication_minor_edits is
  'Minor edits (typos, formatting) of published stories: who and when. Read by the newsroom only.';

create index publication_minor_edits_publication_idx on public.publication_minor_edits (publication_id, edited_at desc);
create index publication_minor_edits_edited_by_idx on public.publication_minor_edits (edited_by);

alter table public.publication_minor_edits enable row level security;

revoke all on table public.publication_minor_edits from anon, authenticated;
grant select on table public.publication_minor_edits to authenticated;
grant insert (publication_id, note) on table public.publication_minor_edits to authenticated;
grant all on table public.publication_minor_edits to service_role;

create policy "Staff read minor edits"
  on public.publication_minor_edits for select
  to authenticated
  using ((select private.is_staff()));

create policy "Editors record minor edits"
  on public.publication_minor_edits for insert
  to authenticated
  with check ((select private.is_editor()));

create function private.publication_minor_edits_before_insert() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  story_title text;
begin
  select p.title into story_title from public.publications p where p.id = new.publication_id;
  if not found then
    raise exception 'publication not found' using errcode = 'P0002';
  end if;
  new.note := nullif(pg_catalog.btrim(new.note), '');
  new.edited_at := private.clock_now();
  new.edited_by := auth.uid();
  select coalesce(nullif(pg_catalog.btrim(pr.name), ''), pr.email, '') into new.edited_by_name
    from public.profiles pr where pr.id = new.edited_by;
  new.edited_by_name := pg_catalog.left(coalesce(new.edited_by_name, ''), 254);
  perform private.record_audit('minor_edit', 'publication', new.publication_id::text, pg_catalog.left(story_title, 200),
    jsonb_build_object('minor_edit_id', new.id, 'note', new.note));
  return new;
end;
$$;

revoke all on function private.publication_minor_edits_before_insert() from public, anon, authenticated, service_role;

create trigger publication_minor_edits_before_insert
  before insert on public.publication_minor_edits
  for each row execute function private.publication_minor_edits_before_insert();

-- ---------------------------------------------------------------------------------------------------------------
-- The rule. public.revise_publication sets a transaction-local flag naming the story, updates its text, clears the
-- flag and records the correction or the minor edit: all one transaction, so the text never changes without its
-- record. No API role can set the flag otherwise: PostgREST exposes only the functions of the API's schemas, and
-- pg_catalog.set_config is none of them (tests/security/attack-corrections.test.ts asks for it).

create function private.guard_published_text() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  -- new.published_at is already the saved one (publications_before_write runs first, by name): a story that leaves
  -- readers (unpublished, or rescheduled for later) may change; it is a new publication when it comes back.
  if old.published and old.published_at <= private.clock_now()
     and new.published and new.published_at <= private.clock_now()
     and (new.title is distinct from old.title or new.description is distinct from old.description
          or new.content is distinct from old.content)
     and coalesce(pg_catalog.current_setting('app.publication_revision', true), '') <> old.id::text then
    raise exception 'the text of a published story changes only with a correction or a minor edit'
      using errcode = 'check_violation', hint = 'publication_revision_required';
  end if;
  return new;
end;
$$;

revoke all on function private.guard_published_text() from public, anon, authenticated, service_role;

create trigger publications_guard_published_text
  before update of title, description, content on public.publications
  for each row execute function private.guard_published_text();

-- An empty description or content is none (null), as the publication form's save stores it. Errors:
--   42501 'only editors can revise published stories'   the caller is not an editor or administrator
--   22023 'invalid revision kind: <kind>'                kind is neither 'correction' nor 'minor_edit'
--   P0002 'publication not found'                       no story the caller may update has this id
--   23514 (hints publication_correction_*)               the correction's own rules (above)
create function public.revise_publication(
  story_id uuid,
  new_title text,
  new_description text,
  new_content text,
  kind text,
  wrong text default null,
  correct text default null,
  corrected_at timestamptz default null,
  note text default null
) returns void
language plpgsql
security invoker
set search_path = ''
as $$
begin
  if not (select private.is_editor()) then
    raise exception 'only editors can revise published stories' using errcode = '42501';
  end if;
  if kind is null or kind not in ('correction', 'minor_edit') then
    raise exception 'invalid revision kind: %', coalesce(kind, 'null') using errcode = '22023';
  end if;

  perform pg_catalog.set_config('app.publication_revision', story_id::text, true);
  update public.publications p
    set title = revise_publication.new_title,
        description = nullif(revise_publication.new_description, ''),
        content = nullif(revise_publication.new_content, ''),
        updated_at = pg_catalog.now()
    where p.id = revise_publication.story_id;
  if not found then
    raise exception 'publication not found' using errcode = 'P0002';
  end if;
  perform pg_catalog.set_config('app.publication_revision', '', true);

  if kind = 'correction' then
    insert into public.publication_corrections (publication_id, wrong, correct, corrected_at)
    values (revise_publication.story_id, revise_publication.wrong, revise_publication.correct, revise_publication.corrected_at);
  else
    insert into public.publication_minor_edits (publication_id, note)
    values (revise_publication.story_id, revise_publication.note);
  end if;
end;
$$;

revoke all on function public.revise_publication(uuid, text, text, text, text, text, text, timestamptz, text)
  from public, anon, authenticated, service_role;
grant execute on function public.revise_publication(uuid, text, text, text, text, text, text, timestamptz, text)
  to authenticated, service_role;
