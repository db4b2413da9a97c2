// Attacks on advertising (supabase/migrations/20261127090000_ad_campaigns.sql, 20261130090000_campaigns_for_staff.sql),
// through real supabase-js against the local backend: anonymous readers see a campaign only while it serves, and only
// its banner; a signed-in account that does not manage campaigns (pending, Repórter) sees none at all; nobody but an
// Editor or the Administrador writes or reads campaigns, advertisers, figures or report links; counting and the
// advertiser's report go through their one function each, which can change or reveal nothing else.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ATTACK_PASSWORD,
  expectNoRowMatched,
  expectRefused,
  idOf,
  ownerCount,
  ownerRow,
  permissionDenied,
  startAttackers,
  type Actor,
  type Attackers,
  type Client,
} from './support/attackers.ts';

let attackers: Attackers;
let advertiserId = '';
const campaign = { serving: '', paused: '', future: '', ended: '' };
let reportToken = '';

const CREATIVE = '/storage/v1/object/public/ads/2026/lateral.webp';

/** A campaign row in Banner Lateral (no phone creative needed), as the database owner writes it. */
async function insertCampaign(state: string, startsInDays: number, endsInDays: number): Promise<string> {
  const { rows } = await attackers.db.query<{ id: string }>(
    `insert into public.ad_campaigns (advertiser_id, space, image_url, image_width, image_height, alt_text, target_url, starts_on, ends_on, state)
     values ($1, 'banner-lateral', $2, 300, 600, 'Padaria Central: pão quente', 'https://padaria-central.com.br',
             private.sao_paulo_date(now()) + $3::int, private.sao_paulo_date(now()) + $4::int, $5)
     returning id`,
    [advertiserId, CREATIVE, startsInDays, endsInDays, state],
  );
  return rows[0]!.id;
}

beforeAll(async () => {
  attackers = await startAttackers();
  const { rows } = await attackers.db.query<{ id: string }>(
    `insert into public.advertisers (name, contact) values ('Padaria Central', 'compras@padaria-central.com.br') returning id`,
  );
  advertiserId = rows[0]!.id;
  campaign.serving = await insertCampaign('ativa', -1, 5);
  campaign.paused = await insertCampaign('pausada', -1, 5);
  campaign.future = await insertCampaign('ativa', 2, 9);
  campaign.ended = await insertCampaign('encerrada', -9, -2);
  const link = await attackers.db.query<{ token: string }>(
    `insert into public.ad_report_links (campaign_id) values ($1) returning token`,
    [campaign.serving],
  );
  reportToken = link.rows[0]!.token;
  await attackers.db.query(`insert into public.ad_campaign_days (campaign_id, day, impressions, clicks) values ($1, '2026-11-20', 120, 3)`, [
    campaign.serving,
  ]);
});
afterAll(() => attackers?.stop());

const clientOf = (actor: Actor): Client => attackers[actor];
const readers: Exclude<Actor, 'admin'>[] = ['anon', 'pending'];

const figuresOf = async (id: string) =>
  (await attackers.db.query<{ impressions: number; clicks: number }>(
    `select coalesce(sum(impressions), 0)::int as impressions, coalesce(sum(clicks), 0)::int as clicks
       from public.ad_campaign_days where campaign_id = $1 and day = private.sao_paulo_date(now())`,
    [id],
  )).rows[0]!;

describe.each(readers)('as %s', (actor) => {
  it(`${actor} reads the serving campaign's banner if anonymous, no campaign at all if signed in`, async () => {
    const { data, error } = await clientOf(actor).from('ad_campaigns').select('id, space, image_url, alt_text, target_url');
    expect(error).toBeNull();
    // Reader pages read banners with the anonymous key (reader-data-client.ts, the edge handler): a signed-in
    // account needs none, and a pending one must not learn which advertisers buy which space.
    expect(data).toEqual(
      actor === 'anon'
        ? [{ id: campaign.serving, space: 'banner-lateral', image_url: CREATIVE, alt_text: 'Padaria Central: pão quente', target_url: 'https://padaria-central.com.br' }]
        : [],
    );
    for (const hidden of [campaign.paused, campaign.future, campaign.ended]) {
      const one = await clientOf(actor).from('ad_campaigns').select('id').eq('id', hidden);
      expect(one.data).toEqual([]);
    }
  });

  it(`${actor} reads no advertiser, figure or report link`, async () => {
    for (const table of ['advertisers', 'ad_campaign_days', 'ad_report_links']) {
      const result = await clientOf(actor).from(table).select('*');
      if (actor === 'anon') expectRefused(result, permissionDenied(actor));
      else expect(result.data, table).toEqual([]);
    }
  });

  it(`${actor} cannot create, change or delete a campaign, an advertiser or a figure`, async () => {
    const client = clientOf(actor);
    const before = await ownerRow(attackers.db, 'ad_campaigns', campaign.serving);

    const inserted = await client.from('ad_campaigns').insert({
      advertiser_id: advertiserId,
      space: 'banner-lateral',
      image_url: CREATIVE,
      image_width: 300,
      image_height: 600,
      alt_text: 'Invasão',
      target_url: 'https://invasor.example',
      starts_on: '2026-01-01',
      ends_on: '2030-01-01',
    });
    expectRefused(inserted, permissionDenied(actor));
    expect(await ownerCount(attackers.db, `select count(*) from public.ad_campaigns where alt_text = 'Invasão'`)).toBe(0);

    const redirected = await client.from('ad_campaigns').update({ target_url: 'https://invasor.example' }).eq('id', campaign.serving).select();
    if (actor === 'anon') expectRefused(redirected, permissionDenied(actor));
    else expectNoRowMatched(redirected);

    const removed = await client.from('ad_campaigns').delete().eq('id', campaign.serving).select();
    if (actor === 'anon') expectRefused(removed, permissionDenied(actor));
    else expectNoRowMatched(removed);
    expect(await ownerRow(attackers.db, 'ad_campaigns', campaign.serving)).toEqual(before);

    expectRefused(await client.from('advertisers').insert({ name: 'Invasor', contact: 'x@invasor.example' }), permissionDenied(actor));
    expectRefused(
      await client.from('ad_campaign_days').insert({ campaign_id: campaign.serving, day: '2026-11-21', impressions: 999_999 }),
      permissionDenied(actor),
    );
    expectRefused(await client.from('ad_report_links').insert({ campaign_id: campaign.paused }), permissionDenied(actor));
    expect(await ownerCount(attackers.db, `select count(*) from public.ad_report_links`)).toBe(1);
  });
});

describe('an anonymous reader', () => {
  it("cannot read a serving campaign's advertiser, state or days: only the banner's columns are granted", async () => {
    for (const column of ['advertiser_id', 'state', 'starts_on', 'media_kit_request_id']) {
      const result = await attackers.anon.from('ad_campaigns').select(column);
      expectRefused(result, permissionDenied('anon'));
    }
  });
});

// Column by column, role by role (issue 36): what a banner needs is public; everything else about a campaign (who
// bought it, when it runs, its state, the request it came from) only the staff who manage campaigns read (decision
// 0037: Editor and Administrador). Pending accounts and Repórteres are signed in but see no campaign row at all.
describe('the campaign columns, for every role', () => {
  const BANNER_COLUMNS = ['id', 'space', 'image_url', 'image_width', 'image_height', 'mobile_image_url', 'mobile_image_width', 'mobile_image_height', 'alt_text', 'target_url'];
  const STAFF_COLUMNS = ['advertiser_id', 'starts_on', 'ends_on', 'state', 'media_kit_request_id', 'created_at', 'updated_at'];
  type Role = 'anonymous' | 'pending' | 'Repórter' | 'Editor' | 'Administrador';
  const roles: Role[] = ['anonymous', 'pending', 'Repórter', 'Editor', 'Administrador'];
  const clients = new Map<Role, Client>();

  /** A fresh account the administrator approves with `role`, signed in again so its token carries the role. */
  async function approved(address: string, role: 'editor' | 'reporter'): Promise<Client> {
    const account = await attackers.signUpAt(address, { name: `Conta ${role}`, role: 'admin' });
    const { error } = await attackers.admin.rpc('set_profile_role', { target_id: account.id, new_role: role });
    if (error) throw new Error(`approval failed: ${error.message}`);
    const signIn = await account.client.auth.signInWithPassword({ email: account.email, password: ATTACK_PASSWORD });
    if (signIn.error) throw new Error(`sign-in failed: ${signIn.error.message}`);
    return account.client;
  }

  beforeAll(async () => {
    clients.set('anonymous', attackers.anon);
    clients.set('pending', attackers.pending);
    clients.set('Repórter', await approved('127.0.3.1', 'reporter'));
    clients.set('Editor', await approved('127.0.3.2', 'editor'));
    clients.set('Administrador', attackers.admin);
  });
  const as = (role: Role): Client => clients.get(role)!;
  const isStaff = (role: Role) => role === 'Editor' || role === 'Administrador';
  const everyCampaign = () => Object.values(campaign).sort();
  /** Each campaign's value of a column, as the database owner reads it. */
  const ownerValues = async (column: string) =>
    (await attackers.db.query<Record<string, unknown>>(`select id, ${column} as value from public.ad_campaigns order by id`)).rows.map((row) => ({
      id: row.id,
      value: row.value,
    }));

  it('names every column of ad_campaigns either a banner column or a staff column', async () => {
    const { rows } = await attackers.db.query<{ column_name: string }>(
      `select column_name from information_schema.columns where table_schema = 'public' and table_name = 'ad_campaigns'`,
    );
    expect(rows.map((row) => row.column_name).sort()).toEqual([...BANNER_COLUMNS, ...STAFF_COLUMNS].sort());
  });

  it.each(roles)('%s: each banner column', async (role) => {
    for (const column of BANNER_COLUMNS) {
      const { data, error } = await as(role).from('ad_campaigns').select(column === 'id' ? 'id' : `id, ${column}`);
      expect(error, column).toBeNull();
      const ids = (data ?? []).map((row) => idOf(row)).sort();
      if (role === 'anonymous') expect(ids, column).toEqual([campaign.serving]);
      else if (isStaff(role)) expect(ids, column).toEqual(everyCampaign());
      else expect(ids, column).toEqual([]);
    }
  });

  it.each(roles)('%s: each staff column', async (role) => {
    for (const column of STAFF_COLUMNS) {
      const result = await as(role).from('ad_campaigns').select(`id, ${column}`).order('id');
      if (role === 'anonymous') {
        expectRefused(result, permissionDenied('anon'));
        continue;
      }
      expect(result.error, column).toBeNull();
      const rows = (result.data ?? []) as unknown as Record<string, unknown>[];
      if (!isStaff(role)) {
        expect(rows, column).toEqual([]);
        continue;
      }
      const got = rows.map((row) => ({ id: row.id, value: row[column] }));
      const expected = await ownerValues(column);
      expect(got.map((row) => row.id), column).toEqual(expected.map((row) => row.id));
      for (const [index, row] of got.entries()) {
        const want = expected[index]!.value;
        // Dates and instants come back as text over the API.
        if (want instanceof Date) expect(Date.parse(String(row.value)), column).toBe(want.getTime());
        else expect(String(row.value), column).toBe(String(want));
      }
    }
  });

  it.each(roles)("%s: a filter on a staff column tells nothing about a campaign it cannot read", async (role) => {
    // A filter is a read of its column: without the grant it is refused; without the rows it matches nothing.
    const result = await as(role).from('ad_campaigns').select('id').eq('advertiser_id', advertiserId).eq('state', 'pausada');
    if (role === 'anonymous') expectRefused(result, permissionDenied('anon'));
    else expect((result.data ?? []).map((row) => idOf(row)), String(result.error?.message)).toEqual(isStaff(role) ? [campaign.paused] : []);
  });

  it.each(roles)('%s: advertisers, figures and report links', async (role) => {
    const tables: [string, string][] = [
      ['advertisers', 'id, name, contact, created_at'],
      ['ad_campaign_days', 'campaign_id, day, impressions, clicks'],
      ['ad_report_links', 'campaign_id, token, created_at'],
    ];
    for (const [table, columns] of tables) {
      const result = await as(role).from(table).select(columns);
      if (role === 'anonymous') {
        expectRefused(result, permissionDenied('anon'));
        continue;
      }
      expect(result.error, table).toBeNull();
      const owned = await ownerCount(attackers.db, `select count(*) from public.${table}`);
      expect(result.data?.length, table).toBe(isStaff(role) ? owned : 0);
    }
    if (isStaff(role)) {
      const { data } = await as(role).from('advertisers').select('contact').eq('id', advertiserId);
      expect(data).toEqual([{ contact: 'compras@padaria-central.com.br' }]);
    }
  });
});

describe('the administrator', () => {
  it('creates, changes, reads and deletes campaigns, and reads every one with its figures', async () => {
    const admin = attackers.admin;
    const all = await admin.from('ad_campaigns').select('id, state');
    expect(all.error).toBeNull();
    expect((all.data ?? []).map((row) => row.id).sort()).toEqual(Object.values(campaign).sort());

    const created = await admin
      .from('ad_campaigns')
      .insert({
        advertiser_id: advertiserId,
        space: 'banner-principal',
        image_url: '/storage/v1/object/public/ads/2026/principal.webp',
        image_width: 970,
        image_height: 250,
        mobile_image_url: '/storage/v1/object/public/ads/2026/principal-celular.webp',
        mobile_image_width: 320,
        mobile_image_height: 100,
        alt_text: 'Loja de Tintas',
        target_url: 'https://tintas.example.com.br',
        starts_on: '2026-12-01',
        ends_on: '2026-12-31',
      })
      .select('id, state')
      .single();
    expect(created.error).toBeNull();
    expect(created.data?.state).toBe('ativa');
    const id = String(created.data?.id);

    const paused = await admin.from('ad_campaigns').update({ state: 'pausada' }).eq('id', id).select('state');
    expect(paused.data).toEqual([{ state: 'pausada' }]);
    const figures = await admin.from('ad_campaign_days').select('impressions, clicks').eq('campaign_id', campaign.serving).eq('day', '2026-11-20');
    expect(figures.data).toEqual([{ impressions: 120, clicks: 3 }]);

    const deleted = await admin.from('ad_campaigns').delete().eq('id', id).select('id');
    expect(deleted.data).toEqual([{ id }]);
  });

  it("is refused a creative that is not the space's size, a Banner Principal without its phone creative, and an http link", async () => {
    const base = {
      advertiser_id: advertiserId,
      space: 'banner-principal',
      image_url: '/storage/v1/object/public/ads/p.webp',
      image_width: 970,
      image_height: 250,
      mobile_image_url: '/storage/v1/object/public/ads/p-celular.webp',
      mobile_image_width: 320,
      mobile_image_height: 100,
      alt_text: 'Anúncio',
      target_url: 'https://loja.example.com.br',
      starts_on: '2026-12-01',
      ends_on: '2026-12-31',
    };
    const refusals: Record<string, unknown>[] = [
      { ...base, image_width: 728, image_height: 90 },
      { ...base, mobile_image_url: null, mobile_image_width: null, mobile_image_height: null },
      { ...base, target_url: 'http://loja.example.com.br' },
      { ...base, image_url: 'https://outro-host.example/banner.webp' },
      { ...base, ends_on: '2026-11-30' },
      { ...base, alt_text: '   ' },
    ];
    for (const row of refusals) {
      const { error } = await attackers.admin.from('ad_campaigns').insert(row);
      expect(error?.code, JSON.stringify(row)).toBe('23514');
    }
    expect(await ownerCount(attackers.db, `select count(*) from public.ad_campaigns where alt_text = 'Anúncio'`)).toBe(0);
  });
});

describe('count_ad_event', () => {
  it("counts a reader's impression and click of a serving campaign once per hour from one browser, and each browser", async () => {
    const before = await figuresOf(campaign.serving);
    const reader = attackers.browserAt('127.0.2.1');
    for (let i = 0; i < 3; i++) {
      expect((await reader.rpc('count_ad_event', { campaign_id: campaign.serving, kind: 'impression' })).error).toBeNull();
    }
    await reader.rpc('count_ad_event', { campaign_id: campaign.serving, kind: 'click' });
    await attackers.browserAt('127.0.2.2').rpc('count_ad_event', { campaign_id: campaign.serving, kind: 'impression' });
    expect(await figuresOf(campaign.serving)).toEqual({ impressions: before.impressions + 2, clicks: before.clicks + 1 });
  });

  it('counts nothing for a paused, future or ended campaign, an unknown kind, a crawler or a headless browser', async () => {
    const reader = attackers.browserAt('127.0.2.3');
    for (const id of [campaign.paused, campaign.future, campaign.ended]) {
      expect((await reader.rpc('count_ad_event', { campaign_id: id, kind: 'impression' })).error).toBeNull();
      expect(await figuresOf(id)).toEqual({ impressions: 0, clicks: 0 });
    }
    const before = await figuresOf(campaign.serving);
    await reader.rpc('count_ad_event', { campaign_id: campaign.serving, kind: 'view' });
    const agents = [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
      'WhatsApp/2.23.20.0',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36',
    ];
    for (const [index, agent] of agents.entries()) {
      await attackers.browserAt(`127.0.2.${10 + index}`, agent).rpc('count_ad_event', { campaign_id: campaign.serving, kind: 'impression' });
    }
    // No User-Agent a browser would send: Node's own fetch.
    await attackers.anonAt('127.0.2.20').rpc('count_ad_event', { campaign_id: campaign.serving, kind: 'impression' });
    expect(await figuresOf(campaign.serving)).toEqual(before);
  });

  it('changes no other table, whatever it is given', async () => {
    const snapshot = async () =>
      (await attackers.db.query(`select id, state, target_url, updated_at from public.ad_campaigns order by id`)).rows;
    const before = await snapshot();
    const attempts: Record<string, unknown>[] = [
      { campaign_id: campaign.serving, kind: "impression'; update public.ad_campaigns set state = 'ativa'; --" },
      { campaign_id: 'not-a-uuid', kind: 'click' },
      { campaign_id: null, kind: 'click' },
    ];
    for (const args of attempts) await attackers.browserAt('127.0.2.30').rpc('count_ad_event', args);
    expect(await snapshot()).toEqual(before);
  });
});

describe('ad_campaign_report', () => {
  it("gives the link's campaign and its figures to anyone with the token, and nothing for any other value", async () => {
    const { data, error } = await attackers.anon.rpc('ad_campaign_report', { token: reportToken });
    expect(error).toBeNull();
    expect(data).toMatchObject({
      advertiser: 'Padaria Central',
      space: 'banner-lateral',
      state: 'ativa',
      days: expect.arrayContaining([{ day: '2026-11-20', impressions: 120, clicks: 3 }]) as unknown,
    });
    expect(JSON.stringify(data)).not.toContain('compras@padaria-central.com.br');

    const unknown = await attackers.anon.rpc('ad_campaign_report', { token: crypto.randomUUID() });
    expect(unknown.error).toBeNull();
    expect(unknown.data).toBeNull();
  });

  it('gives nothing once the administrator has revoked the link', async () => {
    const revoked = await attackers.admin.from('ad_report_links').delete().eq('campaign_id', campaign.serving).select('campaign_id');
    expect(revoked.data).toEqual([{ campaign_id: campaign.serving }]);
    const { data } = await attackers.anon.rpc('ad_campaign_report', { token: reportToken });
    expect(data).toBeNull();
  });
});
