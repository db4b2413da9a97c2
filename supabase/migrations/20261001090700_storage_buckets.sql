-- Image buckets (docs/product.md §16): public read, images only (never SVG or HTML, which could carry scripts),
-- 10 MB per file. Only admins upload, replace or remove. storage.objects already has row level security.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values
  ('publications', 'publications', true, 10485760,
   array['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/avif']),
  ('obituaries', 'obituaries', true, 10485760,
   array['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/avif'])
on conflict do nothing;

create policy "Anyone can read publication and obituary images"
  on storage.objects for select
  to anon, authenticated
  using (bucket_id in ('publications', 'obituaries'));

create policy "Admins can upload publication and obituary images"
  on storage.objects for insert
  to authenticated
  with check (bucket_id in ('publications', 'obituaries') and (select public.is_admin()));

create policy "Admins can update publication and obituary images"
  on storage.objects for update
  to authenticated
  using (bucket_id in ('publications', 'obituaries') and (select public.is_admin()))
  with check (bucket_id in ('publications', 'obituaries') and (select public.is_admin()));

create policy "Admins can delete publication and obituary images"
  on storage.objects for delete
  to authenticated
  using (bucket_id in ('publications', 'obituaries') and (select public.is_admin()));
