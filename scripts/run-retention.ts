import { readEnv } from '../local-supabase/src/env.ts';
import { serviceRoleKeyFor } from '../local-supabase/src/jwt.ts';
import { NEWSLETTER_API } from '../src/services/newsletter/api-paths.ts';

// `npm run retention`: the retention job now (docs/decisions/0039), through the running site, which runs it hourly
// anyway. Development's site by default; another with SITE_URL and the key of its project: SUPABASE_SERVICE_ROLE_KEY
// (hosted) or LOCAL_SUPABASE_JWT_SECRET (the embedded backend's own secret).

const site = (process.env.SITE_URL?.trim() || 'http://127.0.0.1:5173').replace(/\/+$/, '');
const key = process.env.SUPABASE_SERVICE_ROLE_KEY?.trim() || (await serviceRoleKeyFor(readEnv().jwtSecret));

let response: Response;
try {
  response = await fetch(`${site}${NEWSLETTER_API.retention}`, { method: 'POST', headers: { Authorization: `Bearer ${key}` } });
} catch (error) {
  console.error(`npm run retention: ${site} did not answer (${error instanceof Error ? error.message : String(error)}): start it with npm run dev, or set SITE_URL`);
  process.exit(1);
}
const answer = (await response.json().catch(() => ({}))) as { error?: string } & Record<string, unknown>;
if (!response.ok) {
  console.error(`npm run retention: ${site} answered ${response.status} (${answer.error ?? 'no detail'})`);
  process.exit(1);
}
console.info(`Retention done: ${JSON.stringify(answer)}`);
