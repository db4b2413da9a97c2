import { randomBytes } from 'node:crypto';
import { freePort } from '../../../scripts/free-port.ts';
import { baseEnv, startChild, waitForOutput, type Child } from './child-process.ts';

/** The stand-in for a newsroom's hosted Supabase project: `npm run backend` on its own port and data folder. */
export interface StandInProject {
  url: string;
  anonKey: string;
  jwtSecret: string;
  adminEmail: string;
  adminPassword: string;
  process: Child;
}

/** Letters and digits only, so a value passes through a shell line or a URL as it is. */
export function randomText(length: number): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  return [...randomBytes(length)].map((byte) => alphabet[byte % alphabet.length]).join('');
}

/**
 * Starts `npm run backend` in `siteDir` as a hosted project would be configured: its own JWT secret and
 * administrator (never the demo ones the README prints), its data in `dataDir`. Resolves once it prints its anon key.
 */
export async function startStandInProject(siteDir: string, dataDir: string): Promise<StandInProject> {
  const port = await freePort();
  const jwtSecret = randomText(48);
  const adminEmail = 'redacao.deploy@portoferreiranoticias.com.br';
  const adminPassword = `Deploy-${randomText(16)}`;
  const child = startChild('npm', ['run', 'backend'], {
    cwd: siteDir,
    name: 'npm run backend (stand-in hosted project)',
    env: {
      ...baseEnv(),
      LOCAL_SUPABASE_HOST: '127.0.0.1',
      LOCAL_SUPABASE_PORT: String(port),
      LOCAL_SUPABASE_DATA_DIR: dataDir,
      LOCAL_SUPABASE_JWT_SECRET: jwtSecret,
      LOCAL_ADMIN_EMAIL: adminEmail,
      LOCAL_ADMIN_PASSWORD: adminPassword,
    },
  });
  try {
    const [, anonKey] = await waitForOutput(child, /VITE_SUPABASE_ANON_KEY=(\S+)/, 'npm run backend');
    return { url: `http://127.0.0.1:${port}`, anonKey: anonKey!, jwtSecret, adminEmail, adminPassword, process: child };
  } catch (error) {
    await child.stop();
    throw error;
  }
}
