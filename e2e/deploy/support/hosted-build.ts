import { baseEnv, runToEnd } from './child-process.ts';

/**
 * What the README's Deploy section has a newsroom type, in the copy at `siteDir`:
 * `VITE_SUPABASE_URL=<project> VITE_SUPABASE_ANON_KEY=<key> npm run build:app` (build:app, not build: CI has already
 * type-checked and measured the bundle). The build lands in `<siteDir>/dist`.
 */
export async function buildForHostedProject(siteDir: string, project: { url: string; anonKey: string }): Promise<void> {
  await runToEnd('npm', ['run', 'build:app'], {
    cwd: siteDir,
    name: 'npm run build:app (hosted)',
    env: { ...baseEnv(), VITE_SUPABASE_URL: project.url, VITE_SUPABASE_ANON_KEY: project.anonKey },
  });
}
