-- Breaking news ('Plantão', docs/product.md §3 and §12, decision 0034): an editor marks a published story 'Urgente'
-- until an end time; until then every reader page carries a banner linking to it, and it ends by itself.
--
-- * publications.urgent_until: null, or the instant the story stops being urgent. One column on the story rather than
--   a table of its own: the mark has no life apart from its story (a deleted story takes it with it), and the read
--   policies that decide who sees a story decide who sees its mark.
-- * At most one urgent story (a partial unique index, which also serves the reader's query: it holds one row at
--   most). Marking a story takes the mark from any other, in the same statement (as the lead story does, decision
--   0025): a newsroom has one breaking story at a time, and the newest one is the news.
-- * A new mark must end in the future and at most 24 hours ahead (a breaking story that still matters tomorrow is a
--   story, not a banner, and a forgotten or mistyped mark cannot hang over the site for days); only a visible story
--   (published, its time come) may be marked. A story that stops being visible (unpublished, rescheduled) loses its
--   mark, rather than the change being refused. An expired mark is left as it is: it shows nowhere, and the next mark
--   clears it.
-- * Readers ask public.current_breaking_news(): the mark still running by the database's clock (private.clock_now,
--   decision 0014; PostgREST cannot call it in a filter), read under the caller's own policies (security invoker,
--   decision 0020), so a draft can never be shown. Writes are a column grant to authenticated; the admin policies
--   decide who among them.

alter table public.publications
  add column urgent_until timestamptz;

comment on column public.publications.urgent_until is
  'Breaking news (''Plantão''): the story is urgent, with a banner on every reader page, until this instant; null when it is not.';

grant update (urgent_until) on table public.publications to authenticated;

create unique index publications_one_urgent_idx on public.publications ((true)) where urgent_until is not null;

-- ---------------------------------------------------------------------------------------------------------------
-- The rules of the mark as a row is written. Fires after publications_before_write (triggers fire in name order),
-- which has settled published_at. Security invoker: clearing the previous mark runs under the caller's grants and
-- row-level security, so it moves the mark for no one who could not move it by hand.

create function private.publications_urgent_rules() returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
declare
  clock timestamptz := private.clock_now();
  visible boolean := new.published and new.published_at <= clock;
  marked boolean := new.urgent_until is not null
    and (tg_op = 'INSERT' or new.urgent_until is distinct from old.urgent_until);
begin
  if marked then
    if not visible then
      raise exception 'only a published story whose time has come can be urgent'
        using errcode = 'check_violation', hint = 'publications_urgent_not_visible';
    end if;
    if new.urgent_until <= clock then
      raise exception 'an urgent story must end in the future'
        using errcode = 'check_violation', hint = 'publications_urgent_until_past';
    end if;
    if new.urgent_until > clock + interval '24 hours' then
      raise exception 'an urgent story ends at most 24 hours ahead'
        using errcode = 'check_violation', hint = 'publications_urgent_until_too_far';
    end if;
    -- Two editors marking at once: the second waits for the first to commit, then clears its mark.
    perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('public.publications: the urgent story'));
    update public.publications set urgent_until = null where urgent_until is not null and id <> new.id;
  elsif new.urgent_until is not null and not visible then
    -- Unpublished or rescheduled: the banner goes rather than the change being refused.
    new.urgent_until := null;
  end if;
  return new;
end;
$$;

comment on function private.publications_urgent_rules() is
  'Trigger: an urgent mark only on a visible story, ending within 24 hours; it takes the mark from any other story.';
revoke all on function private.publications_urgent_rules() from public, anon, authenticated, service_role;

create trigger publications_urgent_rules
  before insert or update on public.publications
  for each row execute function private.publications_urgent_rules();

-- ---------------------------------------------------------------------------------------------------------------
-- The readers' question: which story is urgent now? At most one row, through publications_one_urgent_idx.

create function public.current_breaking_news()
returns table (id uuid, title text, urgent_until timestamptz)
language sql
stable
security invoker
set search_path = ''
as $$
  select p.id, p.title, p.urgent_until
    from public.publications p
   where p.urgent_until is not null
     and p.urgent_until > private.clock_now()
   limit 1
$$;

comment on function public.current_breaking_news() is
  'The story urgent now (Plantão), as the caller may read it: at most one row. Security invoker.';

revoke all on function public.current_breaking_news() from public, anon, authenticated, service_role;
grant execute on function public.current_breaking_news() to anon, authenticated, service_role;
