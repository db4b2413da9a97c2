-- Newsroom roles (issue 26 §6, decision 0037): who may do what, and the log of who did it.
--
-- 20261129090000_roles_and_audit_log.sql added the roles and the log; this migration gives each role its rules:
--
-- * Administrador ('admin'): everything, accounts and settings (the newsletter: its subscribers' personal data, its
--   send time and history), the audit log. Policies that stay private.is_admin(): profiles, newsletter_*, audit_log.
-- * Editor ('editor', and every admin): publishes, schedules, corrects and deletes every story; manages topics,
--   obituaries, jobs, advertisers and campaigns, media-kit requests and readers' tips; every image.
-- * Repórter ('reporter'): reads live stories and its own; writes its own drafts (never published, scheduled, lead,
--   urgent or sponsored), deletes its own drafts, sends a draft for review ('Enviar para revisão'); uploads images
--   into the stories' bucket and replaces or deletes only its own.
-- * The review state lives on the story: review_requested_at (in the queue since, by the database's clock) and
--   review_note (why an editor returned it: 'Devolver ao repórter'). Publishing clears both.
-- * Owner-run triggers write the log: publish, schedule, unpublish and delete of stories, obituaries, jobs and
--   campaigns; review_request and review_return; account_rejected. Only writes made through the API are logged (a
--   request carries a role claim); the database owner's own sessions (migrations, the demo seed) are not.
-- One permissive policy per role and command, as before: each rule below replaces the administrators' one.

-- ---------------------------------------------------------------------------------------------------------------
-- Content the Editor manages: the same rules with private.is_editor() (admins included).

drop policy "Admins can create topics" on public.topics;
drop policy "Admins can update topics" on public.topics;
drop policy "Admins can delete topics" on public.topics;
create policy "Editors can create topics" on public.topics for insert to authenticated
  with check ((select private.is_editor()));
create policy "Editors can update topics" on public.topics for update to authenticated
  using ((select private.is_editor())) with check ((select private.is_editor()));
create policy "Editors can delete topics" on public.topics for delete to authenticated
  using ((select private.is_editor()));

drop policy "Signed-in users read published obituaries, admins all" on public.obituaries;
drop policy "Admins can create obituaries" on public.obituaries;
drop policy "Admins can update obituaries" on public.obituaries;
drop policy "Admins can delete obituaries" on public.obituaries;
create policy "Signed-in users read published obituaries, editors all" on public.obituaries for select to authenticated
  using (published or (select private.is_editor()));
create policy "Editors can create obituaries" on public.obituaries for insert to authenticated
  with check ((select private.is_editor()));
create policy "Editors can update obituaries" on public.obituaries for update to authenticated
  using ((select private.is_editor())) with check ((select private.is_editor()));
create policy "Editors can delete obituaries" on public.obituaries for delete to authenticated
  using ((select private.is_editor()));

drop policy "Signed-in users read published open jobs, admins all" on public.jobs;
drop policy "Admins can create jobs" on public.jobs;
drop policy "Admins can update jobs" on public.jobs;
drop policy "Admins can delete jobs" on public.jobs;
create policy "Signed-in users read published open jobs, editors all" on public.jobs for select to authenticated
  using ((published and (expires_at is null or expires_at >= (select private.sao_paulo_date(now()))))
         or (select private.is_editor()));
create policy "Editors can create jobs" on public.jobs for insert to authenticated
  with check ((select private.is_editor()));
create policy "Editors can update jobs" on public.jobs for update to authenticated
  using ((select private.is_editor())) with check ((select private.is_editor()));
create policy "Editors can delete jobs" on public.jobs for delete to authenticated
  using ((select private.is_editor()));

drop policy "Admins can read media kit requests" on public.media_kit_requests;
drop policy "Admins can mark media kit requests handled" on public.media_kit_requests;
drop policy "Admins can delete media kit requests" on public.media_kit_requests;
create policy "Editors can read media kit requests" on public.media_kit_requests for select to authenticated
  using ((select private.is_editor()));
create policy "Editors can mark media kit requests handled" on public.media_kit_requests for update to authenticated
  using ((select private.is_editor())) with check ((select private.is_editor()));
create policy "Editors can delete media kit requests" on public.media_kit_requests for delete to authenticated
  using ((select private.is_editor()));

drop policy "Admins can read news tips" on public.news_tips;
drop policy "Admins can mark news tips" on public.news_tips;
drop policy "Admins can delete news tips" on public.news_tips;
create policy "Editors can read news tips" on public.news_tips for select to authenticated
  using ((select private.is_editor()));
create policy "Editors can mark news tips" on public.news_tips for update to authenticated
  using ((select private.is_editor())) with check ((select private.is_editor()));
create policy "Editors can delete news tips" on public.news_tips for delete to authenticated
  using ((select private.is_editor()));

drop policy "Admins manage advertisers" on public.advertisers;
create policy "Editors manage advertisers" on public.advertisers for all to authenticated
  using ((select private.is_editor())) with check ((select private.is_editor()));

drop policy "Accounts read serving campaigns, administrators every one" on public.ad_campaigns;
drop policy "Admins create campaigns" on public.ad_campaigns;
drop policy "Admins change campaigns" on public.ad_campaigns;
drop policy "Admins delete campaigns" on public.ad_campaigns;
create policy "Accounts read serving campaigns, editors every one" on public.ad_campaigns for select to authenticated
  using ((state = 'ativa'
          and starts_on <= (select private.sao_paulo_date(private.clock_now()))
          and ends_on >= (select private.sao_paulo_date(private.clock_now())))
         or (select private.is_editor()));
create policy "Editors create campaigns" on public.ad_campaigns for insert to authenticated
  with check ((select private.is_editor()));
create policy "Editors change campaigns" on public.ad_campaigns for update to authenticated
  using ((select private.is_editor())) with check ((select private.is_editor()));
create policy "Editors delete campaigns" on public.ad_campaigns for delete to authenticated
  using ((select private.is_editor()));

drop policy "Admins read campaign figures" on public.ad_campaign_days;
create policy "Editors read campaign figures" on public.ad_campaign_days for select to authenticated
  using ((select private.is_editor()));

drop policy "Admins manage report links" on public.ad_report_links;
create policy "Editors manage report links" on public.ad_report_links for all to authenticated
  using ((select private.is_editor())) with check ((select private.is_editor()));

-- ---------------------------------------------------------------------------------------------------------------
-- Stories. The review state first, then the policies that read it.

alter table public.publications
  add column review_requested_at timestamptz,
  add column review_requested_by text check (char_length(review_requested_by) <= 254),
  add column review_note text check (char_length(review_note) <= 1000);

comment on column public.publications.review_requested_at is
  'Sent for review (''Enviar para revisão'') at this instant, by the database''s clock; null when not in the queue.';
comment on column public.publications.review_requested_by is
  'Who sent it for review (their name, else e-mail), written by the database: the queue says whose story it is.';
comment on column public.publications.review_note is
  'Why an editor returned the story to its reporter (''Devolver ao repórter''); cleared when it is sent again or published.';

grant insert (review_requested_at), update (review_requested_at, review_note) on table public.publications to authenticated;

-- The review queue ('Revisão'), oldest request first, and nothing else: the index holds only stories in review.
create index publications_review_queue_idx on public.publications (review_requested_at, id)
  where review_requested_at is not null;

drop policy "Signed-in users read publications whose time has come, admins all" on public.publications;
drop policy "Admins can create publications" on public.publications;
drop policy "Admins can update publications" on public.publications;
drop policy "Admins can delete publications" on public.publications;

create policy "Signed-in users read live stories, reporters their own, editors all" on public.publications
  for select to authenticated
  using ((published and published_at <= (select private.clock_now()))
         or (select private.is_editor())
         or (author_id = (select auth.uid()) and (select private.is_staff())));

-- A reporter's row is its own draft and carries none of the editors' marks. published_at needs no condition: a
-- draft's is always null (publications_before_write).
create policy "Editors create stories, reporters their own drafts" on public.publications
  for insert to authenticated
  with check ((select private.is_editor())
              or (author_id = (select auth.uid()) and (select private.is_staff())
                  and not published and not is_lead and urgent_until is null and sponsor_name is null));

create policy "Editors change stories, reporters their own drafts" on public.publications
  for update to authenticated
  using ((select private.is_editor())
         or (author_id = (select auth.uid()) and not published and (select private.is_staff())))
  with check ((select private.is_editor())
              or (author_id = (select auth.uid()) and (select private.is_staff())
                  and not published and not is_lead and urgent_until is null and sponsor_name is null));

create policy "Editors delete stories, reporters their own drafts" on public.publications
  for delete to authenticated
  using ((select private.is_editor())
         or (author_id = (select auth.uid()) and not published and (select private.is_staff())));

-- The review state's rules as a row is written (after publications_before_write has settled `published`; triggers
-- fire in name order). Security invoker: it reads only the caller's role and the caller's own profile (for the
-- sender's name). review_requested_by has no grant: only this trigger writes it.
--   42501 'only editors can return a story with a note'   a non-editor wrote review_note
create function private.publications_review_rules() returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
declare
  -- The API's accounts are judged by their role; the owner and service_role (scripts, imports) are trusted.
  editor boolean := current_user not in ('anon', 'authenticated') or private.is_editor();
begin
  if new.published then
    -- Published (or scheduled): it has left the queue, and a returned story's note has served its purpose.
    new.review_requested_at := null;
    new.review_requested_by := null;
    new.review_note := null;
    return new;
  end if;
  if new.review_requested_at is not null
     and (tg_op = 'INSERT' or old.review_requested_at is null) then
    -- Sent now: the database's clock says when (never the browser's), and the previous note is answered.
    new.review_requested_at := private.clock_now();
    new.review_note := null;
    select left(coalesce(nullif(pg_catalog.btrim(p.name), ''), p.email), 254) into new.review_requested_by
      from public.profiles p where p.id = auth.uid();
  elsif tg_op = 'UPDATE' and new.review_requested_at is not null then
    -- Still in the queue: it keeps its place and its sender.
    new.review_requested_at := old.review_requested_at;
    new.review_requested_by := old.review_requested_by;
  else
    new.review_requested_by := null;
  end if;
  if new.review_note is not null
     and (tg_op = 'INSERT' or new.review_note is distinct from old.review_note)
     and not editor then
    raise exception 'only editors can return a story with a note' using errcode = '42501';
  end if;
  return new;
end;
$$;

comment on function private.publications_review_rules() is
  'Trigger: stamps a review request with the database clock, keeps its place, clears it on publishing; notes are editors''.';
revoke all on function private.publications_review_rules() from public, anon, authenticated, service_role;

create trigger publications_review_rules
  before insert or update on public.publications
  for each row execute function private.publications_review_rules();

-- ---------------------------------------------------------------------------------------------------------------
-- Images. Any staff account uploads into the stories' bucket; replacing or deleting an image there is its
-- uploader's (storage.objects.owner_id, the JWT's sub as Storage writes it) or an editor's. Obituary photos, ad
-- creatives and tips' photos stay the editors'.

drop policy "Admins can list the site's images and tips' photos" on storage.objects;
drop policy "Admins can upload the site's images, anyone a tip's photo" on storage.objects;
drop policy "Admins can update the site's images" on storage.objects;
drop policy "Admins can delete the site's images and tips' photos" on storage.objects;

-- Listing: the upload dialog's upsert needs it (decision 0015); public buckets' files are read by URL anyway.
create policy "Staff list story images, editors every image and tips' photos" on storage.objects
  for select to authenticated
  using ((bucket_id in ('publications', 'obituaries', 'ads', 'news-tips') and (select private.is_editor()))
         or (bucket_id = 'publications' and (select private.is_staff())));

create policy "Staff upload story images, editors every image, anyone a tip's photo" on storage.objects
  for insert to authenticated
  with check ((bucket_id in ('publications', 'obituaries', 'ads') and (select private.is_editor()))
              or (bucket_id = 'publications' and (select private.is_staff()))
              or (bucket_id = 'news-tips' and private.may_upload_news_tip_photo(bucket_id, name)));

create policy "Editors replace every image, staff their own story images" on storage.objects
  for update to authenticated
  using ((bucket_id in ('publications', 'obituaries', 'ads') and (select private.is_editor()))
         or (bucket_id = 'publications' and owner_id = (select auth.uid())::text and (select private.is_staff())))
  with check ((bucket_id in ('publications', 'obituaries', 'ads') and (select private.is_editor()))
              or (bucket_id = 'publications' and owner_id = (select auth.uid())::text and (select private.is_staff())));

create policy "Editors delete every image and tips' photos, staff their own story images" on storage.objects
  for delete to authenticated
  using ((bucket_id in ('publications', 'obituaries', 'ads', 'news-tips') and (select private.is_editor()))
         or (bucket_id = 'publications' and owner_id = (select auth.uid())::text and (select private.is_staff())));

-- ---------------------------------------------------------------------------------------------------------------
-- The log's triggers. Owner-run (private.record_audit is EXECUTE for nobody), in `private`, callable by nobody.

-- Whether this write came through the API (PostgREST and Storage set the request's claims; a direct session of the
-- database owner, as migrations and the demo seed run, has none).
create function private.audit_through_api() returns boolean
language sql
stable
set search_path = ''
as $$
  select coalesce(auth.role(), '') <> ''
$$;

revoke all on function private.audit_through_api() from public, anon, authenticated, service_role;

-- Stories: publish (live now), schedule (live later), unpublish, delete, review_request, review_return.
create function private.audit_publication() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  clock timestamptz := private.clock_now();
  subject text;
  title text;
begin
  if not private.audit_through_api() then
    return null;
  end if;
  if tg_op = 'DELETE' then
    perform private.record_audit('delete', 'publication', old.id::text, left(old.title, 300),
      jsonb_build_object('published', old.published));
    return null;
  end if;
  subject := new.id::text;
  title := left(new.title, 300);
  if new.published and (tg_op = 'INSERT' or not old.published or new.published_at is distinct from old.published_at) then
    if new.published_at > clock then
      perform private.record_audit('schedule', 'publication', subject, title,
        jsonb_build_object('published_at', new.published_at));
    elsif tg_op = 'INSERT' or not old.published or old.published_at > clock then
      perform private.record_audit('publish', 'publication', subject, title, '{}'::jsonb);
    end if;
  elsif tg_op = 'UPDATE' and old.published and not new.published then
    perform private.record_audit('unpublish', 'publication', subject, title, '{}'::jsonb);
  end if;
  if new.review_requested_at is not null and (tg_op = 'INSERT' or old.review_requested_at is null) then
    perform private.record_audit('review_request', 'publication', subject, title, '{}'::jsonb);
  elsif tg_op = 'UPDATE' and old.review_requested_at is not null and new.review_requested_at is null
        and not new.published and new.review_note is not null then
    perform private.record_audit('review_return', 'publication', subject, title,
      jsonb_build_object('note', left(coalesce(new.review_note, ''), 1000)));
  end if;
  return null;
end;
$$;

revoke all on function private.audit_publication() from public, anon, authenticated, service_role;

create trigger audit_publication_insert
  after insert on public.publications
  for each row when (new.published or new.review_requested_at is not null)
  execute function private.audit_publication();
-- Not on the view counter's writes: only a change of state reaches the function.
create trigger audit_publication_update
  after update on public.publications
  for each row when (new.published is distinct from old.published
                     or new.published_at is distinct from old.published_at
                     or new.review_requested_at is distinct from old.review_requested_at)
  execute function private.audit_publication();
create trigger audit_publication_delete
  after delete on public.publications
  for each row execute function private.audit_publication();

-- Obituaries and jobs: published is their only state (no scheduling).
create function private.audit_published_row() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  subject_type text := case tg_table_name when 'obituaries' then 'obituary' else 'job' end;
  row_data jsonb;
  label text;
begin
  if not private.audit_through_api() then
    return null;
  end if;
  if tg_op = 'DELETE' then
    row_data := to_jsonb(old);
  else
    row_data := to_jsonb(new);
  end if;
  -- An obituary is named, a job titled.
  label := left(coalesce(row_data ->> 'name', row_data ->> 'title', ''), 300);
  if tg_op = 'DELETE' then
    perform private.record_audit('delete', subject_type, old.id::text, label,
      jsonb_build_object('published', old.published));
  elsif new.published and (tg_op = 'INSERT' or not old.published) then
    perform private.record_audit('publish', subject_type, new.id::text, label, '{}'::jsonb);
  elsif tg_op = 'UPDATE' and old.published and not new.published then
    perform private.record_audit('unpublish', subject_type, new.id::text, label, '{}'::jsonb);
  end if;
  return null;
end;
$$;

revoke all on function private.audit_published_row() from public, anon, authenticated, service_role;

create trigger audit_obituary_insert after insert on public.obituaries
  for each row when (new.published) execute function private.audit_published_row();
create trigger audit_obituary_update after update on public.obituaries
  for each row when (new.published is distinct from old.published) execute function private.audit_published_row();
create trigger audit_obituary_delete after delete on public.obituaries
  for each row execute function private.audit_published_row();
create trigger audit_job_insert after insert on public.jobs
  for each row when (new.published) execute function private.audit_published_row();
create trigger audit_job_update after update on public.jobs
  for each row when (new.published is distinct from old.published) execute function private.audit_published_row();
create trigger audit_job_delete after delete on public.jobs
  for each row execute function private.audit_published_row();

-- Campaigns: 'ativa' is published (serving on its days), 'pausada' and 'encerrada' unpublished.
create function private.audit_ad_campaign() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  campaign public.ad_campaigns;
  label text;
begin
  if not private.audit_through_api() then
    return null;
  end if;
  if tg_op = 'DELETE' then
    campaign := old;
  else
    campaign := new;
  end if;
  select left(a.name, 200) || ' · ' || campaign.space into label from public.advertisers a where a.id = campaign.advertiser_id;
  label := coalesce(label, campaign.space);
  if tg_op = 'DELETE' then
    perform private.record_audit('delete', 'ad_campaign', old.id::text, label, jsonb_build_object('state', old.state));
  elsif new.state = 'ativa' and (tg_op = 'INSERT' or old.state <> 'ativa') then
    perform private.record_audit('publish', 'ad_campaign', new.id::text, label, '{}'::jsonb);
  elsif tg_op = 'UPDATE' and old.state = 'ativa' and new.state <> 'ativa' then
    perform private.record_audit('unpublish', 'ad_campaign', new.id::text, label, jsonb_build_object('state', new.state));
  end if;
  return null;
end;
$$;

revoke all on function private.audit_ad_campaign() from public, anon, authenticated, service_role;

create trigger audit_ad_campaign_insert after insert on public.ad_campaigns
  for each row when (new.state = 'ativa') execute function private.audit_ad_campaign();
create trigger audit_ad_campaign_update after update on public.ad_campaigns
  for each row when (new.state is distinct from old.state) execute function private.audit_ad_campaign();
create trigger audit_ad_campaign_delete after delete on public.ad_campaigns
  for each row execute function private.audit_ad_campaign();

-- A refused sign-up ('Recusar', reject_pending_account): the pending profile goes, by someone else's hand. Not when
-- the account deletes itself, nor when the same transaction has already logged why the profile goes (an erasure of
-- personal data or an account's own deletion, which the privacy functions log first): one entry per act.
create function private.audit_account_rejected() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if private.audit_through_api() and auth.uid() is distinct from old.id
     and not exists (select 1 from public.audit_log a
                      where a.action in ('data_erasure', 'own_account_delete') and a.at = private.clock_now()
                        and a.actor_id is not distinct from auth.uid()) then
    perform private.record_audit('account_rejected', 'account', old.id::text,
      left(coalesce(nullif(btrim(old.name), ''), old.email, ''), 300), '{}'::jsonb);
  end if;
  return null;
end;
$$;

revoke all on function private.audit_account_rejected() from public, anon, authenticated, service_role;

create trigger audit_account_rejected
  after delete on public.profiles
  for each row when (old.role = 'pending')
  execute function private.audit_account_rejected();
