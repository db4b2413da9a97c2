import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PageRenderer, PageRenderSources } from '../src/render/server-rendered.ts';
import type { EdgeHost } from '../edge/types.ts';

/**
 * Where `npm run build` puts the server's render of the reader's pages (`vite build --ssr`, decision 0048),
 * below dist/: a dot folder, which no host serves (server/static-policy.ts), beside the build it renders for.
 */
export const PAGE_RENDERER_FILE = '.server/render-request.js';

/** What the render module exports (src/render/render-request.tsx). */
export interface PageRendererModule {
  createPageRenderer(sources: PageRenderSources): PageRenderer;
}

/** The Node hosts' page renderer: the build's, loaded once; none for a build without it (plain `vite build`). */
export function builtPageRenderer(distDir: string): NonNullable<EdgeHost['pageRenderer']> {
  return async (sources) => {
    const file = resolve(distDir, PAGE_RENDERER_FILE);
    if (!existsSync(file)) return null;
    const module = (await import(pathToFileURL(file).href)) as PageRendererModule;
    return module.createPageRenderer(sources);
  };
}
