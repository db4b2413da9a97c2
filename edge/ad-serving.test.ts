// The banner spaces as the server renders them (decision 0030), through the edge handler against the real local
// backend and the app's own render: a serving campaign's creative is in the page's HTML, at its space's size, labelled
// and linked as an advert; a paused or future one never shows; a story takes its 'Banner em Matéria' after its
// second paragraph; the advertiser's report page is private, and gone once its link is revoked.
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPageRenderer } from '../src/render/render-request.tsx';
import { routerLoaderData } from '../tests/support/router-hydration.ts';
import { renewReportLink, revokeReportLink, saveCampaign, createAdvertiser, type CampaignInput } from '../src/services/ad-campaigns.ts';
import { paths } from '../src/lib/paths.ts';
import { startTestBackend, type TestBackend, type TestUser } from '../tests/support/test-backend.ts';
import { createEdgeHandler } from './handler.ts';
import type { EdgeHandler } from './types.ts';
import { UNHURRIED_RENDER_MS } from '../tests/support/unhurried-render.ts';

interface Node {
  getAttribute(name: string): string | null;
  querySelector(selector: string): Node | null;
  querySelectorAll(selector: string): ArrayLike<Node>;
  previousElementSibling: Node | null;
  textContent: string | null;
  innerHTML: string;
}
// jsdom ships no types of its own here; it is only the parser these tests check the markup with.
const { JSDOM } = createRequire(import.meta.url)('jsdom') as { JSDOM: new (markup: string) => { window: { document: Node } } };
const parse = (markup: string) => new JSDOM(markup).window.document;

const built = (file: string) =>
  `<!doctype html><html lang="pt-BR"><head><meta charset="UTF-8"><title>Porto Ferreira Notícias</title>` +
  `<script type="module" crossorigin src="/assets/index.js"></script></head>` +
  `<body><div id="root" data-prerendered="${file === 'prerendered/shell.html' ? 'shell' : 'page'}"><p>${file}</p></div>\n</body></html>`;

const creative = (name: string) => `/storage/v1/object/public/ads/teste/${name}`;
const plusDays = (day: string, days: number) => new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

let backend: TestBackend;
let admin: TestUser;
let handler: EdgeHandler;
let today = '';
let storyId = '';
const ids: Record<'principal' | 'lateral' | 'materia' | 'paused' | 'future', string> = { principal: '', lateral: '', materia: '', paused: '', future: '' };

async function get(path: string): Promise<Response> {
  const response = await handler(new Request(`http://127.0.0.1:5173${path}`));
  if (!response) throw new Error(`the handler left ${path} to the host`);
  return response;
}

const campaign = (advertiserId: string, fields: Partial<CampaignInput> & Pick<CampaignInput, 'space' | 'alt_text'>): CampaignInput => ({
  advertiser_id: advertiserId,
  image_url: creative('desktop.png'),
  image_width: 970,
  image_height: 250,
  target_url: 'https://loja-do-centro.com.br/ofertas',
  starts_on: plusDays(today, -2),
  ends_on: plusDays(today, 5),
  ...fields,
});

beforeAll(async () => {
  backend = await startTestBackend();
  admin = await backend.admin();
  const { rows } = await backend.db.query<{ today: string }>(`select private.sao_paulo_date(now())::text as today`);
  today = rows[0]!.today;
  // The seed's banner spaces are empty; these are the only campaigns.
  const shop = await createAdvertiser(admin.client, 'Loja do Centro', 'vendas@loja-do-centro.com.br');
  ids.principal = await saveCampaign(
    admin.client,
    campaign(shop.id, {
      space: 'banner-principal',
      alt_text: 'Loja do Centro: ofertas de Natal',
      mobile_image_url: creative('phone.png'),
      mobile_image_width: 320,
      mobile_image_height: 100,
    }),
  );
  ids.lateral = await saveCampaign(
    admin.client,
    campaign(shop.id, { space: 'banner-lateral', alt_text: 'Loja do Centro: cartão fidelidade', image_url: creative('lateral.png'), image_width: 300, image_height: 600 }),
  );
  ids.materia = await saveCampaign(
    admin.client,
    campaign(shop.id, {
      space: 'banner-materia',
      alt_text: 'Loja do Centro: entrega grátis',
      image_width: 728,
      image_height: 90,
      mobile_image_url: creative('phone-materia.png'),
      mobile_image_width: 320,
      mobile_image_height: 50,
    }),
  );
  ids.paused = await saveCampaign(
    admin.client,
    campaign(shop.id, {
      space: 'banner-principal',
      alt_text: 'Campanha pausada',
      state: 'pausada',
      mobile_image_url: creative('phone.png'),
      mobile_image_width: 320,
      mobile_image_height: 100,
    }),
  );
  ids.future = await saveCampaign(
    admin.client,
    campaign(shop.id, {
      space: 'banner-lateral',
      alt_text: 'Campanha futura',
      image_width: 300,
      image_height: 600,
      starts_on: plusDays(today, 1),
      ends_on: plusDays(today, 9),
    }),
  );

  const { data: topic } = await admin.client.from('topics').select('id').eq('slug', 'local').single();
  const { data, error } = await admin.client
    .from('publications')
    .insert({
      title: 'Feira de cerâmica reúne artesãos na praça',
      description: 'Resumo',
      content: '<p>Primeiro parágrafo.</p><h2>Intertítulo</h2><p>Segundo parágrafo.</p><p>Terceiro parágrafo.</p>',
      published: true,
      published_at: new Date().toISOString(),
      topic_id: topic!.id,
    })
    .select('id')
    .single();
  if (error) throw new Error(error.message);
  storyId = data.id;

  handler = createEdgeHandler(
    { siteUrl: null, supabaseUrl: backend.url, supabaseAnonKey: backend.anonKey, newsApiKey: null, newsApiUrl: 'http://127.0.0.1:9/v2', weatherApiUrl: 'http://127.0.0.1:9/v1', siteName: 'Porto Ferreira Notícias' },
    { readHtml: (file) => Promise.resolve(built(file)), fetch: (input, init) => globalThis.fetch(input, init), pageRenderer: (sources) => Promise.resolve(createPageRenderer(sources)), renderTimeoutMs: UNHURRIED_RENDER_MS },
  );
});

afterAll(async () => {
  await backend?.stop();
});

describe('the home page rendered by the server', () => {
  it('shows each banner space’s serving creative as a labelled, sponsored link at its size, and nothing paused or future', async () => {
    const html = await (await get('/')).text();
    const doc = parse(html);
    const root = doc.querySelector('#root')!;
    expect(root.getAttribute('data-prerendered')).toBe('server');

    const principal = root.querySelector('[data-ad-space="banner-principal"]')!;
    expect(principal.getAttribute('aria-label')).toBe('Publicidade');
    expect(principal.textContent).toContain('Publicidade');
    const link = principal.querySelector('a')!;
    expect(link.getAttribute('href')).toBe('https://loja-do-centro.com.br/ofertas');
    expect(link.getAttribute('rel')).toBe('sponsored noopener');
    expect(link.getAttribute('data-ad-campaign')).toBe(ids.principal);
    const img = principal.querySelector('img')!;
    expect([img.getAttribute('src'), img.getAttribute('width'), img.getAttribute('height')]).toEqual([creative('desktop.png'), '970', '250']);
    expect(img.getAttribute('alt')).toBe('Loja do Centro: ofertas de Natal');
    const phone = principal.querySelector('source')!;
    expect([phone.getAttribute('srcset'), phone.getAttribute('width'), phone.getAttribute('height')]).toEqual([creative('phone.png'), '320', '100']);
    expect(phone.getAttribute('media')).toMatch(/max-width/);

    const lateral = root.querySelector('[data-ad-space="banner-lateral"]')!;
    expect(lateral.querySelector('img')?.getAttribute('alt')).toBe('Loja do Centro: cartão fidelidade');

    expect(root.textContent).not.toContain('Espaço Publicitário');
    expect(root.innerHTML).not.toContain('Campanha pausada');
    expect(root.innerHTML).not.toContain('Campanha futura');
    // Hydration shows the same creatives: the page's hydration data carries the pick.
    const data = (routerLoaderData(html) ?? {}) as Record<string, Record<string, { id: string } | null>>;
    expect(data.home?.adPrincipal?.id).toBe(ids.principal);
    expect(data.home?.adLateral?.id).toBe(ids.lateral);
  });

  it('rotates among the campaigns serving in a space, each getting its share', async () => {
    const shop = await createAdvertiser(admin.client, 'Farmácia Popular', 'contato@farmacia.com.br');
    const second = await saveCampaign(
      admin.client,
      campaign(shop.id, {
        space: 'banner-principal',
        alt_text: 'Farmácia Popular: vacinas',
        mobile_image_url: creative('phone.png'),
        mobile_image_width: 320,
        mobile_image_height: 100,
      }),
    );
    const seen = new Map<string, number>();
    for (let page = 0; page < 24; page += 1) {
      const doc = parse(await (await get('/')).text());
      const id = doc.querySelector('[data-ad-space="banner-principal"] a')?.getAttribute('data-ad-campaign') ?? 'none';
      seen.set(id, (seen.get(id) ?? 0) + 1);
    }
    // 24 pages, two campaigns each drawn with probability ½: both show (a miss has odds of 2 in 16 million).
    expect([...seen.keys()].sort()).toEqual([ids.principal, second].sort());
    await admin.client.from('ad_campaigns').delete().eq('id', second);
  });
});

describe('a story rendered by the server', () => {
  it('takes its Banner em Matéria after the second paragraph', async () => {
    const doc = parse(await (await get(paths.article(storyId, 'Feira de cerâmica reúne artesãos na praça'))).text());
    const space = doc.querySelector('#root [data-ad-space="banner-materia"]')!;
    expect(space.querySelector('img')?.getAttribute('alt')).toBe('Loja do Centro: entrega grátis');
    expect(space.previousElementSibling?.textContent).toBe('Primeiro parágrafo.IntertítuloSegundo parágrafo.');
    expect(space.querySelector('a')?.getAttribute('rel')).toBe('sponsored noopener');
    const after = doc.querySelector('#root [data-ad-space="banner-materia"] + div');
    expect(after?.textContent).toBe('Terceiro parágrafo.');
  });
});

describe('the advertiser’s report page', () => {
  it('shows the campaign’s figures at its secret address, privately, until the link is revoked', async () => {
    await backend.db.query(`insert into public.ad_campaign_days (campaign_id, day, impressions, clicks) values ($1, $2, 1200, 30), ($1, $3, 800, 10)`, [
      ids.principal,
      plusDays(today, -1),
      today,
    ]);
    const token = await renewReportLink(admin.client, ids.principal);
    const response = await get(paths.adReport(token));
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const doc = parse(await response.text());
    expect(doc.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex, nofollow');
    const root = doc.querySelector('#root')!;
    expect(root.getAttribute('data-prerendered')).toBe('server');
    expect(root.querySelector('h1')?.textContent).toBe('Loja do Centro');
    expect(root.textContent).toContain('Banner Principal');
    expect(root.textContent).toContain('2.000'); // impressions in total
    expect(root.textContent).toContain('40'); // clicks
    expect(root.textContent).toContain('2,00%'); // CTR

    await revokeReportLink(admin.client, ids.principal);
    const revoked = await get(paths.adReport(token));
    expect(revoked.status).toBe(404);
    expect(revoked.headers.get('cache-control')).toBe('private, no-store');
    expect(await revoked.text()).not.toContain('Loja do Centro');
  });

  it('answers a malformed token with not found, without asking the database', async () => {
    const response = await get(paths.adReport('nao-e-um-token'));
    expect(response.status).toBe(404);
  });
});
