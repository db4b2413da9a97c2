import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../../src/lib/paths.ts';
import { adminApiClient, publishLocalStory, type AdminClient, type PublishedStory } from '../support/api.ts';
import { app } from '../support/browser.ts';

// Breaking news ('Plantão', decision 0034) in the HTML the server answers for EVERY page with the reader's layout, one
// test per page: rendered with its data, served as built with the banner written in by the edge handler, or a
// reader's page that says 'not found'. The banner is there before any script runs, so nothing on the page shifts
// when the app starts (issue 36: '/envie-sua-noticia' went out without it).

let client: AdminClient;
let story: PublishedStory;
let obituaryId = '';
let jobId = '';
const unknownToken = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  client = await adminApiClient();
  story = await publishLocalStory(client, 'Plantão em todas as páginas: ponte interditada', {
    description: 'A Defesa Civil pede que se evite a ponte.',
    content: '<p>A ponte está interditada.</p>',
  });
  // An hour is far more than this file needs, and the mark goes in afterAll whatever happens.
  const { error } = await client.from('publications').update({ urgent_until: new Date(Date.now() + 3_600_000).toISOString() }).eq('id', story.id);
  if (error) throw error;
  const obituary = await client
    .from('obituaries')
    .insert({ name: 'Maria Plantão', age: 90, death_date: '2026-11-01', funeral_location: 'Cemitério Municipal', funeral_time: '10h', published: true })
    .select('id')
    .single();
  if (obituary.error) throw obituary.error;
  obituaryId = obituary.data.id;
  const job = await client.from('jobs').insert({ title: 'Vaga de plantão', company: 'Padaria Central', location: 'Centro', published: true }).select('id').single();
  if (job.error) throw job.error;
  jobId = job.data.id;
});

afterAll(async () => {
  await client?.from('publications').delete().eq('id', story.id);
  await client?.from('obituaries').delete().eq('id', obituaryId);
  await client?.from('jobs').delete().eq('id', jobId);
});

/** The banner's region in the served HTML, or null. */
function bannerIn(html: string): string | null {
  return /<div data-breaking-news="">(<section aria-label="Plantão"[\s\S]*?<\/section>)<\/div>/.exec(html)?.[1] ?? null;
}

/** Every reader page of the route table, at an address that opens it (route-table.ts: ReaderPageId). */
const readerPages = (): [string, string, number][] => [
  ['home', paths.home(), 200],
  ['topic', paths.topic('local'), 200],
  ['article', story.path, 200],
  ['external-article', paths.externalArticle(), 200],
  ['obituaries', paths.obituaries(), 200],
  ['obituary', paths.obituary(obituaryId), 200],
  ['jobs', paths.jobs(), 200],
  ['job', paths.job(jobId), 200],
  ['search', paths.search('ponte'), 200],
  ['advertising', paths.advertising(), 200],
  ['tip-line', paths.tipLine(), 200],
  ['privacy', paths.privacy(), 200],
  ['accessibility', paths.accessibility(), 200],
  ['corrections', paths.corrections(), 200],
  ['support', paths.support(), 200],
  // A code nobody was given is a 404 and a stop link's page takes any token: each says so in the site's layout.
  ['support-code', paths.supportCode('0123456789ABCDEF012345678'), 404],
  ['support-stop', paths.supportReminderStop(unknownToken), 200],
  ['ad-report', paths.adReport(unknownToken), 404],
  ['newsletter-confirm', paths.newsletterConfirm(unknownToken), 200],
  ['newsletter-unsubscribe', paths.newsletterUnsubscribe(unknownToken), 200],
  ['not-found', '/esta-pagina-nao-existe', 404],
];

describe('an urgent story: the banner in the served HTML of every reader page', () => {
  // The list needs the story's address, known once beforeAll ran: the names are fixed, the addresses looked up.
  const names = ['home', 'topic', 'article', 'external-article', 'obituaries', 'obituary', 'jobs', 'job', 'search', 'advertising', 'tip-line', 'privacy', 'accessibility', 'corrections', 'support', 'support-code', 'support-stop', 'ad-report', 'newsletter-confirm', 'newsletter-unsubscribe', 'not-found'];

  it.each(names)('%s', async (name) => {
    const [, path, status] = readerPages().find(([page]) => page === name)!;
    const response = await fetch(new URL(path, app().baseUrl));
    expect([response.status, response.headers.get('content-type')], path).toEqual([status, 'text/html; charset=utf-8']);
    const banner = bannerIn(await response.text());
    expect(banner, path).not.toBeNull();
    expect(banner, path).toContain(`href="${story.path}"`);
  });

  it('covers every reader page of the route table', async () => {
    const { ROUTE_TABLE } = await import('../../src/app/route-table.ts');
    const reader = ROUTE_TABLE.find((route) => route.id === 'reader');
    const ids = JSON.stringify(reader).match(/"id":"[^"]+"/g)!.map((id) => id.slice(6, -1)).filter((id) => id !== 'reader' && id !== 'reader-pages');
    expect([...ids].sort()).toEqual([...names].sort());
  });
});
