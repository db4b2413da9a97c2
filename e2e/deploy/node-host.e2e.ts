import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freePort } from '../../scripts/free-port.ts';
import { useBrowser } from '../support/browser.ts';
import { baseEnv, startChild, waitForHttp, type Child } from './support/child-process.ts';
import { hosted } from './support/hosted.ts';
import { readStory, runNewsroomJourney } from './support/newsroom-journey.ts';

// The README's Node host against a hosted Supabase project, on the build the README's command made (global setup):
// `PORT=<port> SITE_URL=<address> VITE_SUPABASE_URL=<project> VITE_SUPABASE_ANON_KEY=<key> npm start`.

/** The process running server/start.ts among the descendants of `pid` (npm, its shell, node). */
function serverProcessUnder(pid: number): number {
  const table = execFileSync('ps', ['-e', '-o', 'pid=,ppid=,args='], { encoding: 'utf8' })
    .split('\n')
    .map((line) => /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => ({ pid: Number(match[1]), ppid: Number(match[2]), args: match[3] ?? '' }));
  const family = new Set([pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const entry of table) {
      if (family.has(entry.ppid) && !family.has(entry.pid)) {
        family.add(entry.pid);
        grew = true;
      }
    }
  }
  // The deepest: npm's shell names the script too (`sh -c "node … server/start.ts"`), the node below it runs it.
  const running = table.filter((entry) => family.has(entry.pid) && entry.args.includes('server/start.ts'));
  const found = running.find((entry) => !running.some((other) => other.ppid === entry.pid));
  if (!found) throw new Error(`no server/start.ts process under ${pid}`);
  return found.pid;
}

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

  it('sends the home page compressed and rendered with its data', async () => {
    const home = await fetch(`${siteUrl}/`, { headers: { 'Accept-Encoding': 'br' } });
    expect(home.status).toBe(200);
    expect(home.headers.get('content-encoding')).toBe('br');
    // The build's server render (dist/.server/, decision 0048), with React Router's hydration data for the browser.
    const html = await home.text();
    expect(html).toContain('data-prerendered="server"');
    expect(html).toContain('<script>window.__staticRouterHydrationData = JSON.parse(');
  });

  it('never runs the embedded backend: its paths are not answered by the site', async () => {
    const response = await fetch(`${siteUrl}/auth/v1/settings`);
    expect(response.status).toBe(404);
    const mailbox = await fetch(`${siteUrl}/__mailbox/messages`);
    expect(mailbox.status).toBe(404);
  });

  it('answers an uptime monitor as the README shows, and logs each request as one JSON line with its X-Request-Id', async () => {
    const health = await fetch(`${siteUrl}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${siteUrl}/readyz`);
    expect(ready.status).toBe(200);
    expect(ready.headers.get('cache-control')).toBe('no-store');
    expect(await ready.json()).toEqual({ status: 'ready', checks: { project: 'ok' } });
    const id = ready.headers.get('x-request-id');
    const lineOf = (reqId: string | null) =>
      (server?.output() ?? '')
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .find((line) => line.msg === 'request' && line.reqId === reqId);
    await vi.waitFor(() => expect(lineOf(id)).toBeDefined());
    expect(lineOf(id)).toMatchObject({ level: 'info', method: 'GET', path: '/readyz', status: 200, cache: false });
    // The start line is a log line naming the port, never an address.
    expect(server?.output()).toMatch(/"msg":"Porto Ferreira Notícias listening on port \d+ for /);
    expect(server?.output()).not.toContain('127.0.0.1');
  });

  it('stops cleanly on SIGTERM: the server finishes and exits 0, and so does npm', async () => {
    if (!server) throw new Error('npm start did not start');
    // The node server npm runs (npm's own exit on a signal sent to it is npm's business, not the server's).
    const node = serverProcessUnder(server.pid);
    process.kill(node, 'SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('SIGTERM: finishing the requests under way, then stopping');
  });
});
