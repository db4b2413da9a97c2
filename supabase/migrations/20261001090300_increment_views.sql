-- Counts a read (docs/product.md §19.2: article open, most-read click). Security definer so readers need no UPDATE privilege;
-- it adds exactly one, and only to a published publication (a draft or an unknown id is left as it is).

create function public.increment_views(publication_id uuid) returns void
language sql
volatile
security definer
set search_path = ''
as $$
  update public.publications
     set views = views + 1
   where id = increment_views.publication_id
     and published;
$$;

revoke execute on function public.increment_views(uuid) from public;
grant execute on function public.increment_views(uuid) to anon, authenticated, service_role;
