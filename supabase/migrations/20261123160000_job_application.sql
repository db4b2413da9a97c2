-- How to apply for a job: an e-mail, a phone number or a link, typed by the newsroom and shown on the job's page under
-- 'Como se candidatar' (addresses made links there: http, https and mailto only). Empty, the page keeps its generic text.
--
-- No grant of its own: jobs grants select to anon and authenticated and insert and update to authenticated on the
-- whole table (20261001090500_jobs.sql), so the new column is read and written like the others, under the same policies.

alter table public.jobs
  add column how_to_apply text constraint jobs_how_to_apply_length check (char_length(how_to_apply) <= 1000);
