import { execFileSync } from 'node:child_process';
import { loadEnv, type Plugin } from 'vite';
import { BUILD_INFO_FILE, BUILD_TARGET_FILE, buildTargetFor, type BuildTarget } from './build-target.ts';

// The build's side of server/build-target.ts: `vite build` writes down which backend the bundle talks to and the
// commit it was built from. A module of its own, so that npm start never loads Vite.

/** BUILD_COMMIT if set (a CI's checkout), else the repository's HEAD, else null (a copy without git). */
function commitFor(vars: Readonly<Record<string, string | undefined>>, root: string): string | null {
  const given = vars.BUILD_COMMIT?.trim();
  if (given) return /^[0-9a-f]{7,40}$/i.test(given) ? given.toLowerCase() : null;
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() || null;
  } catch {
    return null;
  }
}

/** Writes the build's target into dist/ (the browser build only; the server's render reads no backend itself). */
export function buildTargetPlugin(): Plugin {
  let target: BuildTarget | null = null;
  let commit: string | null = null;
  return {
    name: 'build-target',
    apply: 'build',
    async config(config, { mode, isSsrBuild }) {
      if (isSsrBuild) return;
      const envDir = typeof config.envDir === 'string' ? config.envDir : (config.root ?? process.cwd());
      // The .env files the build reads, the environment winning, as for the bundle's own VITE_* values.
      target = await buildTargetFor(loadEnv(mode, envDir, ['VITE_', 'LOCAL_SUPABASE_']));
      commit = commitFor(loadEnv(mode, envDir, ['BUILD_']), envDir);
    },
    generateBundle() {
      if (target) this.emitFile({ type: 'asset', fileName: BUILD_TARGET_FILE, source: `${JSON.stringify(target, null, 2)}\n` });
      if (target) this.emitFile({ type: 'asset', fileName: BUILD_INFO_FILE, source: `${JSON.stringify({ commit }, null, 2)}\n` });
    },
  };
}
