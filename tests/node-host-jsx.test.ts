// `npm start` runs the server's TypeScript with tsx's loader (package.json), which compiles JSX by the tsconfig that
// includes a file, and by React's classic runtime (a global `React`) for a file no tsconfig includes: the root one
// includes none (it only references the projects). The components the edge handler renders into a page served as
// built (decision 0034's Plantão banner, 0014's lead story) failed there with 'React is not defined', so under
// npm start '/envie-sua-noticia', '/anuncie' and '/acessibilidade' went out without the banner (issue 36) while
// the tests, compiled by Vite, passed. This renders them as npm start does.
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import packageJson from '../package.json' with { type: 'json' };

const run = promisify(execFile);

describe("the edge handler's fragments under npm start's loader", () => {
  it('renders the Plantão banner and the lead story with React, not a global', async () => {
    // The loader as package.json's start script names it, so a change there is tested too.
    expect(packageJson.scripts.start).toContain('--import tsx');
    const { stdout } = await run(process.execPath, ['--import', 'tsx', resolve(import.meta.dirname, 'support/edge-fragments-under-node.ts')], {
      cwd: resolve(import.meta.dirname, '..'),
    });
    const { banner, hero } = JSON.parse(stdout.trim().split('\n').at(-1)!) as { banner: string; hero: string };
    expect(banner).toContain('<div data-breaking-news=""><section aria-label="Plantão"');
    expect(banner).toContain('Ponte interditada');
    expect(hero).toMatch(/<article data-lead-story=""[^>]*>[\s\S]*Festa do Peão começa sexta/);
  });
});
