-- Topic addresses are stable. The site links to some topics by slug in code (the navigation of docs/product.md §3, the home
-- page's 'local' section): those slugs never change, whatever a client sends. Any other topic may change its slug,
-- and its old slug keeps leading to it through public.topic_slug_redirects, which only the triggers below write.
-- Errors the app can map (SQLSTATE, message):
--   PF004 'topic slug "<slug>" is reserved: the site links to it'   an update tried to change a reserved slug

-- The slugs the app links to by name: src/lib/paths.ts's topicNavigation (which includes 'local'); a test keeps the
-- two lists equal. A function rather than a table: the list changes only with the code that links to it.
create function public.reserved_topic_slugs() returns text[]
language sql
immutable
set search_path = ''
as $$
  select array['local', 'politica', 'economia', 'saude', 'esportes', 'cultura', 'educacao', 'tecnologia']::text[];
$$;

revoke execute on function public.reserved_topic_slugs() from public;
grant execute on function public.reserved_topic_slugs() to anon, authenticated, service_role;

-- Refuses rather than ignores: a client that asked for a new slug learns that it did not get one.
create function public.keep_reserved_topic_slug() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if old.slug = any (public.reserved_topic_slugs()) then
    raise exception 'topic slug "%" is reserved: the site links to it', old.slug
      using errcode = 'PF004', hint = 'Rename the topic without changing its slug.';
  end if;
  return new;
end;
$$;

revoke execute on function public.keep_reserved_topic_slug() from public, anon, authenticated;

create trigger topics_keep_reserved_slug
  before update of slug on public.topics
  for each row
  when (old.slug is distinct from new.slug)
  execute function public.keep_reserved_topic_slug();

-- Old slugs of renamed topics. The topic's current slug always wins: a slug taken again by a topic leaves this table.
create table public.topic_slug_redirects (
  old_slug text primary key,
  topic_id uuid not null references public.topics (id) on delete cascade,
  created_at timestamptz not null default now()
);

comment on table public.topic_slug_redirects is 'Old slugs of renamed topics; written only by triggers on public.topics.';

-- The foreign key's index: deleting a topic removes its old slugs.
create index topic_slug_redirects_topic_id_idx on public.topic_slug_redirects (topic_id);

alter table public.topic_slug_redirects enable row level security;

-- Readers resolve old addresses; no client role may write (the trigger function below runs as the table owner).
revoke all on table public.topic_slug_redirects from anon, authenticated;
grant select on table public.topic_slug_redirects to anon, authenticated;
grant all on table public.topic_slug_redirects to service_role;

create policy "Anyone can read topic slug redirects"
  on public.topic_slug_redirects for select
  to anon, authenticated
  using (true);

-- Security definer so that admins need no write privilege on the redirects; search_path is empty so every name is
-- qualified.
create function public.record_topic_slug() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from public.topic_slug_redirects where old_slug = new.slug;
  if tg_op = 'UPDATE' then
    insert into public.topic_slug_redirects (old_slug, topic_id)
    values (old.slug, new.id)
    on conflict (old_slug) do update set topic_id = excluded.topic_id, created_at = now();
  end if;
  return null;
end;
$$;

revoke execute on function public.record_topic_slug() from public, anon, authenticated;

create trigger topics_record_new_slug
  after insert on public.topics
  for each row
  execute function public.record_topic_slug();

create trigger topics_record_changed_slug
  after update of slug on public.topics
  for each row
  when (old.slug is distinct from new.slug)
  execute function public.record_topic_slug();
