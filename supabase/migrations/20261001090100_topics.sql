-- Topics (docs/product.md §16): the sections of the site. The slug is derived from the name by the app and must be URL-safe.

create table public.topics (
  id uuid primary key default gen_random_uuid(),
  name text not null check (char_length(btrim(name)) between 1 and 80),
  slug text not null unique
    check (char_length(slug) <= 80 and slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  created_at timestamptz not null default now()
);

create index topics_created_at_idx on public.topics (created_at desc);

alter table public.topics enable row level security;

revoke all on table public.topics from anon, authenticated;
grant select on table public.topics to anon, authenticated;
grant insert, update, delete on table public.topics to authenticated;
grant all on table public.topics to service_role;

create policy "Anyone can read topics"
  on public.topics for select
  to anon, authenticated
  using (true);

create policy "Admins can create topics"
  on public.topics for insert
  to authenticated
  with check ((select public.is_admin()));

create policy "Admins can update topics"
  on public.topics for update
  to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));

create policy "Admins can delete topics"
  on public.topics for delete
  to authenticated
  using ((select public.is_admin()));
