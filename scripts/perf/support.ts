// Reader support open while '/apoie' is measured (decision 0054): the form, the month's progress and the goal are
// what a reader loads, not the "not open yet" line. Set as the newsroom sets it, signed in as the local administrator.
import { createSupabaseClient } from '../../src/services/client.ts';
import { saveSupportSettings } from '../../src/services/support/support-admin.ts';
import type { CampaignSite } from './campaigns.ts';

export async function openSupport(site: CampaignSite): Promise<void> {
  const client = createSupabaseClient(site.baseUrl, site.anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
  const { error } = await client.auth.signInWithPassword(site.admin);
  if (error) throw new Error(`perf: signing in to open reader support failed: ${error.message}`);
  // A CNPJ with valid check digits that is nobody's account: the code is measured, never paid.
  await saveSupportSettings(client, {
    pixKey: '11222333000181',
    receiverName: 'Porto Ferreira Noticias',
    receiverCity: 'Porto Ferreira',
    pageText: '',
    monthlyGoalCents: 300_000,
    showProgress: true,
  });
  await client.auth.signOut();
}
