-- Every list query is backed by an index. Topics are listed by name (navigation and admin screen) and accounts by
-- sign-up date (admin users screen); nothing lists topics by creation date.
create index topics_name_idx on public.topics (name);
create index profiles_created_at_idx on public.profiles (created_at);
drop index if exists public.topics_created_at_idx;
