-- Rejecting a sign-up (docs/decisions/0013): an admin deletes an account that is still waiting for approval. The
-- auth user goes, and with it (on delete cascade) its profile, sessions and tokens; publications it wrote keep
-- their text with author_id set to null. Runs as the function's owner, who may delete from auth.users; every name
-- is qualified and search_path is empty. Errors the app maps (SQLSTATE, message):
--   42501 'only administrators can reject accounts'          caller is not an admin (anon or pending)
--   PF005 'administrators cannot reject their own account'   the target is the caller
--   PF003 'profile not found'                                target_id has no profile (already gone)
--   PF004 'only pending accounts can be rejected'            the target is an admin (revoke first)
create function public.reject_pending_account(target_id uuid) returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  role_of_target text;
begin
  if not public.is_admin() then
    raise exception 'only administrators can reject accounts' using errcode = '42501';
  end if;
  if target_id = auth.uid() then
    raise exception 'administrators cannot reject their own account' using errcode = 'PF005';
  end if;

  -- Locked, so an approval racing this rejection waits and then finds no row, rather than approving a ghost.
  select role into role_of_target from public.profiles where id = target_id for update;
  if not found then
    raise exception 'profile not found' using errcode = 'PF003';
  end if;
  if role_of_target <> 'pending' then
    raise exception 'only pending accounts can be rejected' using errcode = 'PF004';
  end if;

  delete from auth.users where id = target_id;
end;
$$;

revoke execute on function public.reject_pending_account(uuid) from public, anon;
grant execute on function public.reject_pending_account(uuid) to authenticated, service_role;
