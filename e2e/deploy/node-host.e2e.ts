import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/free-port.ts';
import { useBrowser } from '../support/browser.ts';
import { baseEnv, startChild, waitForHttp, type Child } from './support/child-process.ts';
import { hosted } from './support/hosted.ts';
import { readStory, runNewsroomJourney } from './support/newsroom-journey.ts';

// The README's Node host against a hosted Supabase project, on the build the README's command made (global setup):
// `PORT=<port> SITE_URL=<address> VITE_SUPABASE_URL=<project> VITE_SUPABASE_ANON_KEY=<key> npm start`.

describe('npm start against a hosted Supabase project', () => {
  const browser = useBrowser();
  let server: Child | undefined;
  let siteUrl = '';

  beforeAll(async () => {
    const project = hosted();
    const port = await freePort();
    siteUrl = `http://127.0.0.1:${port}`;
    server = startChild('npm', ['start'], {
      cwd: project.siteDir,
      name: 'npm start (hosted)',
      env: {
        ...baseEnv(),
        PORT: String(port),
        SITE_URL: siteUrl,
        VITE_SUPABASE_URL: project.url,
        VITE_SUPABASE_ANON_KEY: project.anonKey,
      },
    });
    await waitForHttp(server, `${siteUrl}/robots.txt`, 'npm start');
  });

  afterAll(async () => {
    await server?.stop();
  });

  it('an editor signs in and publishes; readers at 390 and 1280 px read it; crawlers, feeds and sitemaps name it on SITE_URL', async () => {
    const { admin } = hosted();
    const adminPage = await browser.newPage('desktop', { baseUrl: siteUrl });
    const phone = await browser.newPage('phone', { baseUrl: siteUrl });
    const desktop = await browser.newPage('desktop', { baseUrl: siteUrl });
    const story = await runNewsroomJourney({ baseUrl: siteUrl, siteUrl, admin, adminPage, readerPages: [phone, desktop] });

    // The page policy names the hosted project: the browser reaches it for the data and the picture.
    const page = await fetch(`${siteUrl}${story.path}`);
    const policy = page.headers.get('content-security-policy') ?? '';
    expect(policy).toMatch(new RegExp(`connect-src [^;]*${hosted().url.replace(/[.:/]/g, '\\$&')}`));
    // The reader's app on a phone, after a reload, still reads it from the hosted project.
    await phone.reload();
    await readStory(phone, story);
  });

  it('never runs the embedded backend: its paths are not answered by the site', async () => {
    const response = await fetch(`${siteUrl}/auth/v1/settings`);
    expect(response.status).toBe(404);
    const mailbox = await fetch(`${siteUrl}/__mailbox/messages`);
    expect(mailbox.status).toBe(404);
  });
});
