-- Publications (docs/product.md §16): the newspaper's own stories. Readers see published rows only; admins manage all.
-- `views` is never written by a client: only public.increment_views (next migration) changes it.

create table public.publications (
  id uuid primary key default gen_random_uuid(),
  title text not null check (char_length(btrim(title)) between 1 and 200),
  description text check (char_length(description) <= 500),
  content text check (char_length(content) <= 200000),
  image_url text check (char_length(image_url) <= 2048 and image_url ~ '^((https?://|/)[^\s]*)?$'),
  youtube_url text check (char_length(youtube_url) <= 2048 and youtube_url ~ '^(https?://[^\s]*)?$'),
  published boolean not null default false,
  published_at timestamptz,
  views integer not null default 0 check (views >= 0),
  topic_id uuid references public.topics (id) on delete set null,
  author_id uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- One index per list query of docs/product.md §18.
create index publications_published_topic_published_at_idx
  on public.publications (published, topic_id, published_at desc);
create index publications_published_views_idx
  on public.publications (published, views desc);
create index publications_published_published_at_idx
  on public.publications (published, published_at desc);
create index publications_created_at_idx on public.publications (created_at desc);
create index publications_topic_id_idx on public.publications (topic_id);
create index publications_author_id_idx on public.publications (author_id);

alter table public.publications enable row level security;

-- Column privileges leave `views` out of INSERT and UPDATE for every client role, admins included.
revoke all on table public.publications from anon, authenticated;
grant select on table public.publications to anon, authenticated;
grant insert (id, title, description, content, image_url, youtube_url, published, published_at,
              topic_id, author_id, created_at, updated_at)
  on table public.publications to authenticated;
grant update (id, title, description, content, image_url, youtube_url, published, published_at,
              topic_id, author_id, created_at, updated_at)
  on table public.publications to authenticated;
grant delete on table public.publications to authenticated;
grant all on table public.publications to service_role;

create policy "Anyone can read published publications"
  on public.publications for select
  to anon, authenticated
  using (published);

create policy "Admins can read all publications"
  on public.publications for select
  to authenticated
  using ((select public.is_admin()));

create policy "Admins can create publications"
  on public.publications for insert
  to authenticated
  with check ((select public.is_admin()));

create policy "Admins can update publications"
  on public.publications for update
  to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));

create policy "Admins can delete publications"
  on public.publications for delete
  to authenticated
  using ((select public.is_admin()));
