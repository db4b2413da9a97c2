-- Job listings (docs/product.md §16). Readers see published listings only; admins manage all.

create table public.jobs (
  id uuid primary key default gen_random_uuid(),
  title text not null check (char_length(btrim(title)) between 1 and 160),
  company text not null check (char_length(btrim(company)) between 1 and 160),
  contract_type text not null default 'CLT'
    check (contract_type in ('CLT', 'PJ', 'Estágio', 'Temporário', 'Freelancer')),
  description text check (char_length(description) <= 5000),
  location text not null check (char_length(btrim(location)) between 1 and 160),
  published boolean not null default false,
  expires_at date,
  created_at timestamptz not null default now()
);

create index jobs_published_created_at_idx on public.jobs (published, created_at desc);
create index jobs_created_at_idx on public.jobs (created_at desc);

alter table public.jobs enable row level security;

revoke all on table public.jobs from anon, authenticated;
grant select on table public.jobs to anon, authenticated;
grant insert, update, delete on table public.jobs to authenticated;
grant all on table public.jobs to service_role;

create policy "Anyone can read published jobs"
  on public.jobs for select
  to anon, authenticated
  using (published);

create policy "Admins can read all jobs"
  on public.jobs for select
  to authenticated
  using ((select public.is_admin()));

create policy "Admins can create jobs"
  on public.jobs for insert
  to authenticated
  with check ((select public.is_admin()));

create policy "Admins can update jobs"
  on public.jobs for update
  to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));

create policy "Admins can delete jobs"
  on public.jobs for delete
  to authenticated
  using ((select public.is_admin()));
