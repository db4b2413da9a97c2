-- Media kit requests sent from the advertising page (docs/product.md §8, §16). Anyone may send one; nobody but an admin
-- reads them back (DESIGN §4, §5). The request is inserted without RETURNING rows (PostgREST's default), so the
-- missing SELECT policy for readers does not stop the insert.

create table public.media_kit_requests (
  id uuid primary key default gen_random_uuid(),
  name text not null check (char_length(btrim(name)) between 1 and 160),
  company text not null check (char_length(btrim(company)) between 1 and 160),
  email text not null check (char_length(email) <= 254 and email ~ '^[^@\s]+@[^@\s]+$'),
  phone text not null check (char_length(btrim(phone)) between 1 and 40),
  interest text not null default 'banner-principal'
    check (interest in ('banner-principal', 'banner-lateral', 'banner-materia', 'outros')),
  message text check (char_length(message) <= 5000),
  created_at timestamptz not null default now()
);

create index media_kit_requests_created_at_idx on public.media_kit_requests (created_at desc);

alter table public.media_kit_requests enable row level security;

-- Senders choose only the form's fields (not id or created_at). SELECT is granted so that policies, not a
-- missing privilege, decide what comes back: readers get zero rows.
revoke all on table public.media_kit_requests from anon, authenticated;
grant select on table public.media_kit_requests to anon, authenticated;
grant insert (name, company, email, phone, interest, message)
  on table public.media_kit_requests to anon, authenticated;
grant delete on table public.media_kit_requests to authenticated;
grant all on table public.media_kit_requests to service_role;

create policy "Anyone can send a media kit request"
  on public.media_kit_requests for insert
  to anon, authenticated
  with check (true);

create policy "Admins can read media kit requests"
  on public.media_kit_requests for select
  to authenticated
  using ((select public.is_admin()));

create policy "Admins can delete media kit requests"
  on public.media_kit_requests for delete
  to authenticated
  using ((select public.is_admin()));
