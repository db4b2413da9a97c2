-- Images inside the body and the main image's alternative text and credit (docs/product.md §19.3; decision 0007).
--
-- The body is HTML sanitised by the client with the rich-text allow-list (src/lib/rich-text/allow-list.ts), which
-- keeps an <img> only when its src is the project's own `publications` bucket. Anyone can post to the API directly,
-- so the database refuses such a body too: defence in depth, the render-time sanitiser still runs for readers.

-- The public object URL of the publications bucket: hosted (https://<ref>.supabase.co), the embedded local backend
-- on a loopback origin (development and tests; the database cannot know any other origin of it), or a relative
-- path. Object names are safe segments only: no `..`, no query, no fragment, no entity.
create function public.is_own_storage_image_url(url text)
returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  select url ~ '^(https://[a-z0-9-]+\.supabase\.co|https?://(localhost|127\.0\.0\.1|\[::1\])(:[0-9]{1,5})?)?/storage/v1/object/public/publications/[A-Za-z0-9_-][A-Za-z0-9._-]*(/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$'
$$;

-- True when every <img> (and <image>, which HTML parsers turn into <img>) of a body is exactly what the sanitiser
-- writes: double-quoted src, alt, width and height only (no srcset, no event handler, no unquoted or entity-encoded
-- source), numeric dimensions, and a src on the project's own storage.
create function public.body_images_are_own_storage(body text)
returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  select body is null or not exists (
    select 1
    from regexp_matches(body, '<(?:img|image)(?=[\s/>]|$)((?:[^>"'']|"[^"]*"|''[^'']*'')*)', 'gi') as tag(parts)
    where tag.parts[1] !~ '^(\s+(src|alt)="[^"]*"|\s+(width|height)="[0-9]{1,5}")*\s*/?$'
       or not coalesce(public.is_own_storage_image_url(substring(tag.parts[1] from '\ssrc="([^"]*)"')), false)
  )
$$;

alter table public.publications
  add constraint publications_content_images_own_storage check (public.body_images_are_own_storage(content)),
  -- The main image's description for screen readers and link previews, and who took it ('Foto: <crédito>').
  -- Not required here: rows saved before these columns have an image and no text; the form asks for it (§19.7).
  add column image_alt text constraint publications_image_alt_length check (char_length(btrim(image_alt)) between 1 and 300),
  add column image_credit text constraint publications_image_credit_length check (char_length(btrim(image_credit)) between 1 and 120);

grant insert (image_alt, image_credit), update (image_alt, image_credit) on table public.publications to authenticated;
