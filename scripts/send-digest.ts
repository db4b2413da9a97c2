import { readEnv } from '../local-supabase/src/env.ts';
import { serviceRoleKeyFor } from '../local-supabase/src/jwt.ts';
import { NEWSLETTER_API } from '../src/services/newsletter/api-paths.ts';

// `npm run digest`: the daily digest now, of whatever was published since the last one, through the running site
// (it holds the mailer). Development's site by default; another with SITE_URL and the key of its project:
// SUPABASE_SERVICE_ROLE_KEY (hosted) or LOCAL_SUPABASE_JWT_SECRET (the embedded backend's own secret).

const site = (process.env.SITE_URL?.trim() || 'http://127.0.0.1:5173').replace(/\/+$/, '');
const key = process.env.SUPABASE_SERVICE_ROLE_KEY?.trim() || (await serviceRoleKeyFor(readEnv().jwtSecret));

interface DigestAnswer {
  state?: string;
  sent?: number;
  failed?: number;
  error?: string;
}

let response: Response;
try {
  response = await fetch(`${site}${NEWSLETTER_API.digest}`, { method: 'POST', headers: { Authorization: `Bearer ${key}` } });
} catch (error) {
  console.error(`npm run digest: ${site} did not answer (${error instanceof Error ? error.message : String(error)}): start it with npm run dev, or set SITE_URL`);
  process.exit(1);
}
const answer = (await response.json().catch(() => ({}))) as DigestAnswer;
if (!response.ok) {
  console.error(`npm run digest: ${site} answered ${response.status} (${answer.error ?? 'no detail'})`);
  process.exit(1);
}
if (answer.state === 'nada_novo') {
  console.info('Nothing to send: no story published since the last digest, or a digest is being sent right now.');
} else {
  const retries = answer.state === 'enviado' ? '' : ' (the failed ones are retried in a few minutes)';
  console.info(`Digest sent: ${answer.sent ?? 0} e-mail(s), ${answer.failed ?? 0} failed${retries}.`);
}
