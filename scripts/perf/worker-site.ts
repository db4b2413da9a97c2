// `npm run perf -- --worker`: the reader pages under the Cloudflare Worker, as the README's "Cloudflare Workers" deploy
// has a newsroom run it: a build made for a hosted project (here the embedded backend on a port of its own, as the
// deploy suite's stand-in), served by adapters/cloudflare/worker.ts under `wrangler dev` (workerd, on a Node LTS:
// LTS_NODE_DIR). The deploy suite's helpers start each part, so perf measures the Worker the suite proves works.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildForHostedProject } from '../../e2e/deploy/support/hosted-build.ts';
import { copyWorkingTree } from '../../e2e/deploy/support/site-copy.ts';
import { startStandInProject } from '../../e2e/deploy/support/stand-in-project.ts';
import { startWorker } from '../../e2e/deploy/support/wrangler-server.ts';
import { startWeatherStandIn } from '../../tests/support/weather-stand-in.ts';
import { writeBaselinePage } from './baseline-page.ts';
import type { MeasuredSite } from './measured-site.ts';

/**
 * Starts the stand-in project, builds a clean copy of the working tree for it (with the baseline page among its files)
 * and serves that copy's dist/ with `wrangler dev`. Everything started is stopped by `stop`, also when a step fails.
 */
export async function startWorkerSite(log: (message: string) => void): Promise<MeasuredSite> {
  const folder = mkdtempSync(join(tmpdir(), 'perf-worker-'));
  const stops: (() => void | Promise<void>)[] = [() => rmSync(folder, { recursive: true, force: true })];
  const stop = async () => {
    for (let next = stops.pop(); next; next = stops.pop()) await next();
  };
  try {
    const siteDir = join(folder, 'site');
    copyWorkingTree(siteDir);
    const project = await startStandInProject(siteDir, join(folder, 'data'));
    stops.push(() => project.process.stop());
    log(`stand-in project at ${project.url}; building the site for it (npm run build:app)`);
    await buildForHostedProject(siteDir, project);
    writeBaselinePage(join(siteDir, 'dist'));
    const weather = await startWeatherStandIn();
    stops.push(() => weather.stop());
    const worker = await startWorker({
      siteDir,
      vars: (port) => ({
        SITE_URL: `http://127.0.0.1:${port}`,
        VITE_SUPABASE_URL: project.url,
        VITE_SUPABASE_ANON_KEY: project.anonKey,
        WEATHER_API_URL: weather.url,
      }),
    });
    stops.push(() => worker.stop());
    return {
      pagesUrl: worker.baseUrl,
      api: { baseUrl: project.url, anonKey: project.anonKey, admin: { email: project.adminEmail, password: project.adminPassword } },
      host: 'wrangler dev (adapters/cloudflare/worker.ts)',
      // Until the Worker renders pages with their data (issue 37), a shell is what it serves: measured, and said.
      requiresServerRender: false,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
