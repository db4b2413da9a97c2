-- The tip line 'Envie sua notícia' (docs/product.md §8a, docs/decisions/0035-tip-line.md): a reader tells the
-- newsroom what happened and where, optionally with a name, a contact and up to 3 photos; the newsroom reads the
-- tips in the admin, marks them read or used, and deletes them.
--
-- * Readers send a tip by a plain insert (no RETURNING, so no SELECT is needed), as the media-kit request is sent:
--   column privileges choose what a sender writes, a policy checks the row is new, and a BEFORE INSERT trigger
--   limits each client (3 tips an hour, PT429 'news_tip_rate_limited') and checks the photos it names.
-- * Photos go first to the private bucket 'news-tips', into a folder named by a fresh random uuid, as `1.<ext>`,
--   `2.<ext>`, `3.<ext>`: the names allow 3 per folder, and a name is never overwritten (no UPDATE policy), so a
--   folder holds at most 3. Anyone may upload there, at most 9 photos a client an hour, never into a folder a tip
--   already claimed; nobody but an administrator may read, list or delete them (the admin's signed URLs).
-- * A tip names at most 3 photos, all in its own folder, all already stored; no two tips share a folder.
--
-- Errors the app can map (SQLSTATE, message):
--   PT429 'news_tip_rate_limited'   too many tips from this client (HTTP 429)
--   23514 'news_tip_photos_invalid' a photo outside the tip's folder, not stored, or a folder another tip claimed

-- ---------------------------------------------------------------------------------------------------------------
-- The photos' bucket: private (no public URL), the site's upload rules (raster images only, 10 MB).

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('news-tips', 'news-tips', false, 10485760, array['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/avif'])
on conflict do nothing;

-- ---------------------------------------------------------------------------------------------------------------
-- The tips.

create table public.news_tips (
  id uuid primary key default gen_random_uuid(),
  what_happened text not null check (char_length(btrim(what_happened)) between 1 and 4000),
  place text not null check (char_length(btrim(place)) between 1 and 200),
  sender_name text check (char_length(btrim(sender_name)) between 1 and 120),
  sender_contact text check (char_length(btrim(sender_contact)) between 1 and 160),
  -- The consent line the reader ticked, word for word, and when.
  consent_text text not null check (char_length(btrim(consent_text)) between 1 and 500),
  consented_at timestamptz not null default now(),
  -- The folder of its photos in 'news-tips' (null: no photos) and their object names, `<folder>/<n>.<ext>`.
  photo_folder uuid unique,
  photo_paths text[] not null default '{}',
  status text not null default 'new' check (status in ('new', 'read', 'used')),
  created_at timestamptz not null default now(),
  constraint news_tips_at_most_three_photos check (cardinality(photo_paths) <= 3),
  constraint news_tips_photos_have_their_folder check ((photo_folder is null) = (cardinality(photo_paths) = 0))
);
comment on table public.news_tips is
  'Tips readers sent through ''Envie sua notícia''. Anyone may send one; only administrators read, mark or delete them.';

-- The admin's list: newest first, all or one status.
create index news_tips_created_idx on public.news_tips (created_at desc, id desc);
create index news_tips_status_created_idx on public.news_tips (status, created_at desc, id desc);

alter table public.news_tips enable row level security;

-- Senders choose only the form's fields. Anon has no SELECT (reading tips back is refused outright); signed-in
-- accounts keep it for the administrators' policy. Administrators may change the status only.
revoke all on table public.news_tips from anon, authenticated;
grant insert (what_happened, place, sender_name, sender_contact, consent_text, photo_folder, photo_paths)
  on table public.news_tips to anon, authenticated;
grant select, update (status), delete on table public.news_tips to authenticated;
grant all on table public.news_tips to service_role;

create policy "Anyone can send a new news tip"
  on public.news_tips for insert
  to anon, authenticated
  with check (status = 'new' and created_at = pg_catalog.now() and consented_at = pg_catalog.now());

create policy "Admins can read news tips"
  on public.news_tips for select
  to authenticated
  using ((select private.is_admin()));

create policy "Admins can mark news tips"
  on public.news_tips for update
  to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

create policy "Admins can delete news tips"
  on public.news_tips for delete
  to authenticated
  using ((select private.is_admin()));

-- ---------------------------------------------------------------------------------------------------------------
-- Sending: at most 3 tips per client per hour, and photos only from the tip's own folder.

create table private.news_tip_submissions (
  id bigint generated always as identity primary key,
  client_key text not null,
  submitted_at timestamptz not null
);
comment on table private.news_tip_submissions is
  'Recent tips by salted hash of the client, for the rate limit. Written by its trigger only.';
create index news_tip_submissions_client_idx on private.news_tip_submissions (client_key, submitted_at);
create index news_tip_submissions_submitted_at_idx on private.news_tip_submissions (submitted_at);
revoke all on table private.news_tip_submissions from public, anon, authenticated, service_role;

-- An object name a tip photo may have: `<uuid>/<1-3>.<extension of an allowed type>`.
create function private.is_news_tip_photo_name(object_name text) returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  select object_name ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/[1-3]\.(png|jpg|webp|gif|avif)$'
$$;
revoke all on function private.is_news_tip_photo_name(text) from public, anon, authenticated, service_role;

create function private.check_news_tip() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  clock constant timestamptz := private.clock_now();
  client text;
  path text;
begin
  -- The photos, whoever inserts: each in the tip's folder, named as uploads must be, once, and already stored.
  if new.photo_folder is not null then
    if exists (select 1 from public.news_tips t where t.photo_folder = new.photo_folder) then
      raise exception 'news_tip_photos_invalid' using errcode = '23514', hint = 'This photo folder belongs to another tip.';
    end if;
    foreach path in array new.photo_paths loop
      if path is null
         or pg_catalog.split_part(path, '/', 1) <> new.photo_folder::text
         or not private.is_news_tip_photo_name(path)
         or not exists (select 1 from storage.objects o where o.bucket_id = 'news-tips' and o.name = path) then
        raise exception 'news_tip_photos_invalid' using errcode = '23514', hint = 'A photo must be stored in the tip''s own folder.';
      end if;
    end loop;
    if (select count(distinct p) from pg_catalog.unnest(new.photo_paths) as p) <> pg_catalog.cardinality(new.photo_paths) then
      raise exception 'news_tip_photos_invalid' using errcode = '23514', hint = 'A photo is named twice.';
    end if;
  end if;

  -- The role the request runs under (SET ROLE survives into a security definer function): the database owner's own
  -- inserts (maintenance, tests' fixtures) are not limited.
  if pg_catalog.current_setting('role', true) not in ('anon', 'authenticated') then
    return new;
  end if;
  client := private.client_key();
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('news_tip_client:' || client));
  if (select count(*) from private.news_tip_submissions s
       where s.client_key = client and s.submitted_at > clock - interval '1 hour') >= 3 then
    raise exception 'news_tip_rate_limited' using errcode = 'PT429', hint = 'At most 3 tips per client per hour.';
  end if;
  insert into private.news_tip_submissions (client_key, submitted_at) values (client, clock);
  delete from private.news_tip_submissions s
   where s.id in (select expired.id from private.news_tip_submissions expired
                   where expired.submitted_at <= clock - interval '1 hour'
                   order by expired.submitted_at limit 100 for update skip locked);
  return new;
end;
$$;
revoke all on function private.check_news_tip() from public, anon, authenticated, service_role;

create trigger news_tips_check
  before insert on public.news_tips
  for each row execute function private.check_news_tip();

-- ---------------------------------------------------------------------------------------------------------------
-- Uploading a photo: the storage policies below call this for every upload into 'news-tips'.

create table private.news_tip_photo_uploads (
  id bigint generated always as identity primary key,
  client_key text not null,
  uploaded_at timestamptz not null
);
comment on table private.news_tip_photo_uploads is
  'Recent tip photo uploads by salted hash of the client, for the upload limit. Written by private.may_upload_news_tip_photo only.';
create index news_tip_photo_uploads_client_idx on private.news_tip_photo_uploads (client_key, uploaded_at);
create index news_tip_photo_uploads_uploaded_at_idx on private.news_tip_photo_uploads (uploaded_at);
revoke all on table private.news_tip_photo_uploads from public, anon, authenticated, service_role;

-- Whether an upload into 'news-tips' may go ahead: a photo's name, in a folder no tip has claimed, and fewer than 9
-- photos from this client in the last hour (3 tips of 3 photos). It counts the upload when it allows it: the count
-- is rolled back with the upload if the insert fails afterwards (a name already taken). Any other bucket: false, so
-- the policies that call it beside the administrators' rule never count an administrator's image.
create function private.may_upload_news_tip_photo(bucket text, object_name text) returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  clock constant timestamptz := private.clock_now();
  client text;
begin
  if bucket is distinct from 'news-tips' or not coalesce(private.is_news_tip_photo_name(object_name), false) then
    return false;
  end if;
  if exists (select 1 from public.news_tips t where t.photo_folder::text = pg_catalog.split_part(object_name, '/', 1)) then
    return false;
  end if;
  client := private.client_key();
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('news_tip_photo_client:' || client));
  if (select count(*) from private.news_tip_photo_uploads u
       where u.client_key = client and u.uploaded_at > clock - interval '1 hour') >= 9 then
    return false;
  end if;
  insert into private.news_tip_photo_uploads (client_key, uploaded_at) values (client, clock);
  delete from private.news_tip_photo_uploads u
   where u.id in (select expired.id from private.news_tip_photo_uploads expired
                   where expired.uploaded_at <= clock - interval '1 hour'
                   order by expired.uploaded_at limit 100 for update skip locked);
  return true;
end;
$$;
revoke all on function private.may_upload_news_tip_photo(text, text) from public, anon, authenticated, service_role;
grant execute on function private.may_upload_news_tip_photo(text, text) to anon, authenticated;

-- ---------------------------------------------------------------------------------------------------------------
-- storage.objects: one permissive policy per role and command (the linter's rule), so the administrators' SELECT,
-- INSERT and DELETE policies take in the tips' bucket; UPDATE does not (a tip photo is never replaced).

drop policy "Admins can list the site's images" on storage.objects;
drop policy "Admins can upload the site's images" on storage.objects;
drop policy "Admins can delete the site's images" on storage.objects;

create policy "Admins can list the site's images and tips' photos"
  on storage.objects for select
  to authenticated
  using (bucket_id in ('publications', 'obituaries', 'ads', 'news-tips') and (select private.is_admin()));

create policy "Admins can upload the site's images, anyone a tip's photo"
  on storage.objects for insert
  to authenticated
  with check ((bucket_id in ('publications', 'obituaries', 'ads') and (select private.is_admin()))
              or (bucket_id = 'news-tips' and private.may_upload_news_tip_photo(bucket_id, name)));

create policy "Anyone can upload a tip's photo into a fresh folder"
  on storage.objects for insert
  to anon
  with check (bucket_id = 'news-tips' and private.may_upload_news_tip_photo(bucket_id, name));

create policy "Admins can delete the site's images and tips' photos"
  on storage.objects for delete
  to authenticated
  using (bucket_id in ('publications', 'obituaries', 'ads', 'news-tips') and (select private.is_admin()));
