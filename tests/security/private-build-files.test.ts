import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseEnv, startChild, waitForHttp, type Child } from '../../e2e/deploy/support/child-process.ts';
import { freePort } from '../../scripts/free-port.ts';
import { builtPageRenderer } from '../../server/built-page-renderer.ts';
import { distHtmlReader, localSite } from '../../server/local-edge.ts';
import { createNodeServer, type NodeServer } from '../../server/node-server.ts';

// Decision 0012: the build's private files (the server's render in .server/, Vite's manifest, the HTML templates the
// handler fills in per address) are never served under their own address, by any host, nor what a static host reads
// (_headers, _redirects). Each file below carries its own marker; a host that answers with it, under any status, has
// served that file.

const REPOSITORY = resolve(import.meta.dirname, '../..');
const HOSTED = { VITE_SUPABASE_URL: 'http://127.0.0.1:9', VITE_SUPABASE_ANON_KEY: 'anon-key-of-no-project' };
const SITE_URL = 'https://portoferreiranoticias.com.br';

const PRIVATE_FILES: Record<string, string> = {
  // A renderer that renders nothing, as the build's would for an address that is no page.
  '/.server/render-request.js': 'export const createPageRenderer = () => async () => null; // private-marker: the server render\n',
  '/.vite/manifest.json': '{"note": "private-marker: the manifest"}\n',
  '/prerendered/shell.html': '<!doctype html><html><head></head><body><div id="root"></div><!-- private-marker: shell --></body></html>',
  '/prerendered/obituarios.html': '<!doctype html><html><head></head><body><div id="root"></div><!-- private-marker: raw page --></body></html>',
  '/app.html': '<!doctype html><html><head></head><body><div id="root"></div><!-- private-marker: app template --></body></html>',
  '/index.html': '<!doctype html><html><head></head><body><div id="root"></div><!-- private-marker: home template --></body></html>',
  '/404.html': '<!doctype html><html><head></head><body><div id="root"></div><!-- private-marker: static host 404 --></body></html>',
  '/_headers': '# private-marker: static host headers\n/*\n  X-Frame-Options: DENY\n',
  '/_redirects': '# private-marker: static host rules\n/admin/* /app 200\n',
};

let workDir: string;
let distDir: string;

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'private-build-files-'));
  distDir = join(workDir, 'dist');
  for (const [path, content] of Object.entries(PRIVATE_FILES)) {
    const file = join(distDir, path);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, content);
  }
  // A public file, so a host that refuses everything would not pass.
  await mkdir(join(distDir, 'assets'), { recursive: true });
  await writeFile(join(distDir, 'assets', 'app-abc123.js'), 'console.log("public");\n');
});

afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

async function expectNotServed(baseUrl: string): Promise<void> {
  for (const [path, content] of Object.entries(PRIVATE_FILES)) {
    const response = await fetch(`${baseUrl}${path}`, { redirect: 'manual' });
    const body = await response.text();
    // Each file's own marker: an address that is no file may still get a page the handler renders from a template.
    const marker = /private-marker: [^"\n<>-]+/.exec(content)?.[0].trim();
    if (!marker) throw new Error(`${path}: its content carries no marker`);
    expect(body, path).not.toContain(marker);
  }
  const asset = await fetch(`${baseUrl}/assets/app-abc123.js`);
  expect(asset.status).toBe(200);
  expect(await asset.text()).toContain('public');
}

describe('npm run preview (vite preview with server/edge-plugin.ts)', () => {
  let preview: Child | undefined;
  let baseUrl = '';

  beforeAll(async () => {
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    // Against a hosted project, so no local backend starts: what is served from dist/ is the same either way.
    preview = startChild(resolve(REPOSITORY, 'node_modules/.bin/vite'), ['preview', '--outDir', distDir, '--port', String(port), '--strictPort'], {
      cwd: REPOSITORY,
      name: 'vite preview',
      env: { ...baseEnv(), ...HOSTED, SITE_URL },
    });
    await waitForHttp(preview, `${baseUrl}/assets/app-abc123.js`, 'vite preview');
  }, 60_000);

  afterAll(async () => {
    await preview?.stop();
  });

  it('answers no private build file', async () => {
    await expectNotServed(baseUrl);
  });
});

describe("npm start's Node server (server/node-server.ts with the edge handler)", () => {
  let node: NodeServer | undefined;
  let baseUrl = '';

  beforeAll(async () => {
    const { handler } = await localSite({ ...HOSTED, SITE_URL }, null, distHtmlReader(distDir), builtPageRenderer(distDir));
    node = createNodeServer({ distDir, handler, supabaseUrl: HOSTED.VITE_SUPABASE_URL, siteUrl: SITE_URL });
    await new Promise<void>((listening) => node!.server.listen(0, '127.0.0.1', listening));
    baseUrl = `http://127.0.0.1:${(node.server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await node?.close();
  });

  it('answers no private build file', async () => {
    await expectNotServed(baseUrl);
  });
});
