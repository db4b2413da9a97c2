-- Campaigns are the staff's (issue 36, decision 0037): a signed-in account that does not manage campaigns reads none.
--
-- 20261127090000_ad_campaigns.sql granted `authenticated` select on every column of ad_campaigns and let every
-- signed-in account read the serving campaigns, so a pending account registered a minute ago read who bought which
-- space, until when, its state and the media-kit request it came from. Column privileges are per database role, and
-- the Editor shares `authenticated` with every other account, so the rows are what must differ: `authenticated`
-- reads campaigns only when private.is_editor() (Editor and Administrador). Nothing signed in needs a banner: reader
-- pages read them with the anonymous key (src/services/reader-data-client.ts in the browser, the edge handler's
-- client on the server), whose column grant stays the banner's columns and whose policy stays "serving now".
-- count_ad_event and ad_campaign_report run as the owner and are untouched. Advertisers, figures and report links
-- already answered staff only (20261129100000_newsroom_roles.sql).

drop policy "Accounts read serving campaigns, editors every one" on public.ad_campaigns;
create policy "Editors read campaigns" on public.ad_campaigns for select to authenticated
  using ((select private.is_editor()));

comment on table public.ad_campaigns is
  'A campaign in one banner space. Anonymous readers read only a serving one (ativa, today within its days), only its banner columns; signed-in accounts read campaigns only as Editor or Administrador.';
