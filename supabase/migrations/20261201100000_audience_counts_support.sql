-- The audience counts '/apoie' (reader support, 20261201090000) like the other reader pages; a Pix code's page and a
-- reminder's stop page are secret addresses and, like the other token pages, count nothing (src/lib/audience.ts,
-- which tests/audience-sql.test.ts keeps equal to this list).

create or replace function private.audience_page_types() returns text[]
language sql
immutable
parallel safe
set search_path = ''
as $$
  select array['home', 'topic', 'external-article', 'article', 'obituaries', 'obituary', 'jobs', 'job', 'search',
               'advertising', 'tip-line', 'privacy', 'accessibility', 'corrections', 'support']
$$;

create or replace function private.audience_page(address text, type_id text, story uuid, clock timestamptz) returns text
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  uuid_re constant text := '([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})';
  fixed constant jsonb := '{"home": "/", "external-article": "/noticia/externa", "obituaries": "/obituarios",
    "jobs": "/vagas", "search": "/busca", "advertising": "/anuncie", "tip-line": "/envie-sua-noticia",
    "privacy": "/privacidade", "accessibility": "/acessibilidade", "corrections": "/correcoes", "support": "/apoie"}';
  found_id text;
begin
  if address is null or type_id is null or (type_id <> 'article' and story is not null) then
    return null;
  end if;
  if fixed ? type_id then
    return case when address = fixed ->> type_id then address end;
  end if;
  if type_id = 'topic' then
    found_id := pg_catalog.substring(address, '^/topic/([a-z0-9]+(?:-[a-z0-9]+)*)$');
    if found_id is not null and exists (select 1 from public.topics t where t.slug = found_id) then
      return address;
    end if;
  elsif type_id = 'article' then
    found_id := pg_catalog.substring(address, '^/noticia/' || uuid_re || '(?:/[a-z0-9-]{1,200})?$');
    if found_id is not null and found_id = story::text
       and exists (select 1 from public.publications p where p.id = story and p.published and p.published_at <= clock) then
      return '/noticia/' || found_id;
    end if;
  elsif type_id = 'obituary' then
    found_id := pg_catalog.substring(address, '^/obituarios/' || uuid_re || '(?:/[a-z0-9-]{1,200})?$');
    if found_id is not null and exists (select 1 from public.obituaries o where o.id = found_id::uuid and o.published) then
      return '/obituarios/' || found_id;
    end if;
  elsif type_id = 'job' then
    found_id := pg_catalog.substring(address, '^/vagas/' || uuid_re || '(?:/[a-z0-9-]{1,200})?$');
    if found_id is not null and exists (select 1 from public.jobs j where j.id = found_id::uuid and j.published) then
      return '/vagas/' || found_id;
    end if;
  end if;
  return null;
end;
$$;
