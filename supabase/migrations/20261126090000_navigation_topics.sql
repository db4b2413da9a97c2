-- The site's structure, not demo content: the eight topics its navigation and home page link to by slug
-- (src/lib/paths.ts topicNavigation; private.reserved_topic_slugs() keeps those slugs from changing). Without them
-- a site made by `supabase db push` alone has an empty navigation, and an administrator who creates 'Porto
-- Ferreira' gets the slug 'porto-ferreira', which the home page's local section never reads.
--
-- The ids, names and slugs are the ones supabase/seed.sql used to insert, so a database that already has them (from
-- the seed) is left as it is, and the seed's demo stories keep pointing at them.

insert into public.topics (id, name, slug, created_at) values
  ('11111111-1111-4111-8111-000000000001', 'Porto Ferreira', 'local',      '2026-10-01 08:00:00-03'),
  ('11111111-1111-4111-8111-000000000002', 'Política',       'politica',   '2026-10-01 08:01:00-03'),
  ('11111111-1111-4111-8111-000000000003', 'Economia',       'economia',   '2026-10-01 08:02:00-03'),
  ('11111111-1111-4111-8111-000000000004', 'Saúde',          'saude',      '2026-10-01 08:03:00-03'),
  ('11111111-1111-4111-8111-000000000005', 'Esportes',       'esportes',   '2026-10-01 08:04:00-03'),
  ('11111111-1111-4111-8111-000000000006', 'Cultura',        'cultura',    '2026-10-01 08:05:00-03'),
  ('11111111-1111-4111-8111-000000000007', 'Educação',       'educacao',   '2026-10-01 08:06:00-03'),
  ('11111111-1111-4111-8111-000000000008', 'Tecnologia',     'tecnologia', '2026-10-01 08:07:00-03')
on conflict do nothing;
