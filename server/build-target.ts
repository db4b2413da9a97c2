import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { readEnv } from '../local-supabase/src/env.ts';
import { anonKeyFor } from '../local-supabase/src/jwt.ts';

// Which backend a build's browser bundle talks to. The bundle carries it inlined (VITE_SUPABASE_URL and its key, or
// the embedded backend's anon key, signed with LOCAL_SUPABASE_JWT_SECRET), so a server started with other values
// would serve pages whose every API call fails. The build writes it down (build-target-plugin.ts); `npm start`
// compares before serving. No Vite here: npm start reads this module, and Vite with its bundler is 34 MB of memory
// a production server has no use for (docs/decisions/0051).

/** Beside Vite's manifest: build metadata, never served (server/static-policy.ts isPrivateBuildPath). */
export const BUILD_TARGET_FILE = '.vite/backend-target.json';

/** The build's version facts for the 'Sistema' screen (docs/decisions/0042): the commit it was built from. */
export const BUILD_INFO_FILE = '.vite/build-info.json';

export interface BuildTarget {
  /** The hosted project's URL, or null: the embedded backend on the site's own origin. */
  supabaseUrl: string | null;
  /** The anon key inlined in the bundle. */
  anonKey: string;
}

/** What the build environment makes the bundle talk to (the same reading as src/config/env.ts and the local plugin). */
export async function buildTargetFor(vars: Readonly<Record<string, string | undefined>>): Promise<BuildTarget> {
  const hostedUrl = vars.VITE_SUPABASE_URL?.trim().replace(/\/+$/, '');
  if (hostedUrl) return { supabaseUrl: hostedUrl, anonKey: vars.VITE_SUPABASE_ANON_KEY?.trim() ?? '' };
  return { supabaseUrl: null, anonKey: await anonKeyFor(readEnv(vars).jwtSecret) };
}

/** The target recorded in a build, or null for a build made before it was recorded (or not by `vite build`). */
export async function readBuildTarget(distDir: string): Promise<BuildTarget | null> {
  const text = await readFile(resolve(distDir, BUILD_TARGET_FILE), 'utf8').catch(() => null);
  if (text === null) return null;
  const parsed: unknown = JSON.parse(text);
  if (parsed === null || typeof parsed !== 'object') return null;
  const { supabaseUrl, anonKey } = parsed as Record<string, unknown>;
  if ((supabaseUrl !== null && typeof supabaseUrl !== 'string') || typeof anonKey !== 'string') return null;
  return { supabaseUrl, anonKey };
}
