-- Obituary notices (docs/product.md §16). Readers see published notices only; admins manage all.

create table public.obituaries (
  id uuid primary key default gen_random_uuid(),
  name text not null check (char_length(btrim(name)) between 1 and 160),
  age integer not null check (age between 0 and 150),
  death_date date not null,
  biography text check (char_length(biography) <= 5000),
  family text check (char_length(family) <= 2000),
  funeral_location text not null check (char_length(btrim(funeral_location)) between 1 and 200),
  funeral_time text not null check (char_length(btrim(funeral_time)) between 1 and 100),
  photo_url text check (char_length(photo_url) <= 2048 and photo_url ~ '^((https?://|/)[^\s]*)?$'),
  published boolean not null default false,
  created_at timestamptz not null default now()
);

create index obituaries_published_death_date_idx on public.obituaries (published, death_date desc);
create index obituaries_death_date_idx on public.obituaries (death_date desc);
create index obituaries_created_at_idx on public.obituaries (created_at desc);

alter table public.obituaries enable row level security;

revoke all on table public.obituaries from anon, authenticated;
grant select on table public.obituaries to anon, authenticated;
grant insert, update, delete on table public.obituaries to authenticated;
grant all on table public.obituaries to service_role;

create policy "Anyone can read published obituaries"
  on public.obituaries for select
  to anon, authenticated
  using (published);

create policy "Admins can read all obituaries"
  on public.obituaries for select
  to authenticated
  using ((select public.is_admin()));

create policy "Admins can create obituaries"
  on public.obituaries for insert
  to authenticated
  with check ((select public.is_admin()));

create policy "Admins can update obituaries"
  on public.obituaries for update
  to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));

create policy "Admins can delete obituaries"
  on public.obituaries for delete
  to authenticated
  using ((select public.is_admin()));
