// Campaigns serving in every banner space while the pages are measured (the budgets hold with campaigns
// active). Made as the newsroom makes them: signed in as the local administrator, the creatives uploaded to the 'ads'
// bucket at their spaces' sizes, one campaign per space, running from yesterday to next week.
import sharp from 'sharp';
import { AD_SPACE_SIZES, AD_SPACES, createAdvertiser, saveCampaign } from '../../src/services/ad-campaigns.ts';
import { createSupabaseClient, type Client } from '../../src/services/client.ts';
import type { AdSpace } from '../../src/types/database.ts';

export interface CampaignSite {
  baseUrl: string;
  anonKey: string;
  admin: { email: string; password: string };
}

/** A creative of about a real one's weight: a gradient with shapes, as JPEG. */
function creative(width: number, height: number, hue: number): Promise<Buffer> {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},70%,45%)"/>` +
    `<stop offset="1" stop-color="hsl(${(hue + 60) % 360},70%,30%)"/></linearGradient></defs>` +
    `<rect width="100%" height="100%" fill="url(#g)"/>` +
    `<circle cx="${width * 0.8}" cy="${height * 0.5}" r="${Math.min(width, height) * 0.35}" fill="rgba(255,255,255,0.25)"/>` +
    `<rect x="${width * 0.06}" y="${height * 0.3}" width="${width * 0.45}" height="${height * 0.16}" rx="6" fill="#fff"/>` +
    `<rect x="${width * 0.06}" y="${height * 0.56}" width="${width * 0.3}" height="${height * 0.12}" rx="6" fill="rgba(255,255,255,0.7)"/>` +
    `</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer();
}

async function upload(client: Client, name: string, bytes: Buffer): Promise<string> {
  const { error } = await client.storage.from('ads').upload(name, bytes, { contentType: 'image/jpeg', upsert: true });
  if (error) throw new Error(`uploading the creative ${name} failed: ${error.message}`);
  return client.storage.from('ads').getPublicUrl(name).data.publicUrl;
}

const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

async function campaignFor(client: Client, advertiserId: string, space: AdSpace, hue: number): Promise<void> {
  const size = AD_SPACE_SIZES[space];
  const image_url = await upload(client, `perf/${space}.jpg`, await creative(size.width, size.height, hue));
  const phone = size.phone && {
    mobile_image_url: await upload(client, `perf/${space}-phone.jpg`, await creative(size.phone.width, size.phone.height, hue)),
    mobile_image_width: size.phone.width,
    mobile_image_height: size.phone.height,
  };
  await saveCampaign(client, {
    advertiser_id: advertiserId,
    space,
    image_url,
    image_width: size.width,
    image_height: size.height,
    ...phone,
    alt_text: `Anúncio de teste de desempenho: ${space}`,
    target_url: 'https://example.com.br/oferta',
    starts_on: isoDay(-1),
    ends_on: isoDay(7),
  });
}

/** One active campaign in each space; the pages measured then show a creative where the placeholder was. */
export async function activateCampaigns(site: CampaignSite): Promise<void> {
  const client = createSupabaseClient(site.baseUrl, site.anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
  const { error } = await client.auth.signInWithPassword(site.admin);
  if (error) throw new Error(`signing in as the local administrator failed: ${error.message}`);
  const advertiser = await createAdvertiser(client, 'Anunciante de teste', 'perf@example.com.br');
  await Promise.all(AD_SPACES.map((space, index) => campaignFor(client, advertiser.id, space, 20 + index * 110)));
  await client.auth.signOut();
}
