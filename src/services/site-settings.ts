import type { Row } from '../types/database';
import type { DataClient } from './client';
import { ServiceError, unwrap, unwrapOptional } from './errors';

// The site's privacy settings (public.site_settings, docs/decisions/0039): who answers for the readers' data and how
// long each kind is kept. Anyone reads them (the privacy page prints them); administrators change them.

export type SiteSettings = Omit<Row<'site_settings'>, 'only_row'>;
export type SiteSettingsInput = Omit<SiteSettings, 'updated_at'>;

const COLUMNS =
  'controller_name,controller_address,privacy_email,media_kit_retention_months,news_tip_retention_months,unconfirmed_newsletter_days,updated_at';

/** What the migration ships: empty names (production invents no controller) and the default periods. */
export const DEFAULT_SITE_SETTINGS: SiteSettings = {
  controller_name: '',
  controller_address: '',
  privacy_email: '',
  media_kit_retention_months: 12,
  news_tip_retention_months: 12,
  unconfirmed_newsletter_days: 7,
  updated_at: '',
};

/** The limits the database checks, for the form's messages. */
export const RETENTION_LIMITS = {
  media_kit_retention_months: { min: 1, max: 120 },
  news_tip_retention_months: { min: 1, max: 120 },
  unconfirmed_newsletter_days: { min: 1, max: 30 },
} as const;

export async function getSiteSettings(client: DataClient): Promise<SiteSettings> {
  return unwrapOptional(await client.from('site_settings').select(COLUMNS).maybeSingle()) ?? DEFAULT_SITE_SETTINGS;
}

/** Saves the settings (administrators only: the policy). Anyone else changes nothing and hears 42501. */
export async function saveSiteSettings(client: DataClient, input: SiteSettingsInput): Promise<SiteSettings> {
  const rows = unwrap(
    await client
      .from('site_settings')
      .update({
        controller_name: input.controller_name.trim(),
        controller_address: input.controller_address.trim(),
        privacy_email: input.privacy_email.trim().toLowerCase(),
        media_kit_retention_months: input.media_kit_retention_months,
        news_tip_retention_months: input.news_tip_retention_months,
        unconfirmed_newsletter_days: input.unconfirmed_newsletter_days,
      })
      .eq('only_row', true)
      .select(COLUMNS),
  );
  const saved = rows[0];
  if (!saved) throw new ServiceError('only administrators can change the site settings', { code: '42501', status: 403 });
  return saved;
}
