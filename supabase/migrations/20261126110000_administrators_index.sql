-- The accounts screen offers 'Revogar acesso' only while another administrator would remain, so it asks the whole
-- table whether more than one exists, whatever page or search it shows (countAdministrators in
-- src/services/profiles.ts: at most two rows). A partial index answers that from the administrators alone;
-- set_profile_role's own count of administrators (PF002) uses it too.
create index profiles_administrators_idx on public.profiles (id) where role = 'admin';
