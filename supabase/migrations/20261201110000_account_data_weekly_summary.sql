-- An account's data (its own export on 'Minha conta', an administrator's lookup and export of its address) names
-- whether it asked for the weekly audience summary (20261130140000's audience_summary_subscriptions): that choice is
-- personal data the site keeps about the account, so the account's copy of its data says so, and since when.

create or replace function private.account_data(account_id uuid) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if account_id is null or not (account_id = auth.uid() or private.is_admin()) then
    raise exception 'data_rights_admin_only' using errcode = '42501';
  end if;
  return pg_catalog.jsonb_build_object(
    'audit_entries', coalesce((
      select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('at', a.at, 'action', a.action, 'subject_type', a.subject_type,
               'subject_id', a.subject_id, 'summary', a.summary) order by a.at desc)
        from (select * from public.audit_log l where l.actor_id = account_id order by l.at desc limit 500) a), '[]'::jsonb),
    'authored_stories', coalesce((
      select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('id', p.id, 'title', p.title, 'published', p.published,
               'created_at', p.created_at) order by p.created_at desc)
        from (select * from public.publications s where s.author_id = account_id order by s.created_at desc limit 1000) p), '[]'::jsonb),
    'weekly_audience_summary', (
      select pg_catalog.jsonb_build_object('since', s.created_at)
        from public.audience_summary_subscriptions s where s.profile_id = account_id));
end;
$$;
revoke all on function private.account_data(uuid) from public, anon, authenticated, service_role;
grant execute on function private.account_data(uuid) to authenticated;
