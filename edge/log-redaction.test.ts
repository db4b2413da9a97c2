import { describe, expect, it } from 'vitest';
import { paths } from '../src/lib/paths';
import { matchPage } from '../src/app/route-table';
import { looksSecret, REDACTED, redactTarget, scrubSecrets } from './log-redaction';

// What a log line may say about an address: every token route of the app's registry, the API's, GoTrue's query
// tokens, and anything token-like, replaced; the rest of the address kept, so the line still says what was asked.

const TOKEN = '3f1c2a9e-7b4d-4c1e-9a2b-5d6e7f8a9b0c';
const JWT = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c';

describe('redactTarget', () => {
  it.each([
    ['an advertiser’s report link', paths.adReport(TOKEN), '/anuncios/relatorio/:token'],
    ['the digest’s confirmation link', paths.newsletterConfirm(TOKEN), '/newsletter/confirmar/:token'],
    ['the digest’s unsubscribe link', paths.newsletterUnsubscribe(TOKEN), '/newsletter/cancelar/:token'],
    ['the one-click unsubscribe', `/api/newsletter/cancelar/${TOKEN}`, '/api/newsletter/cancelar/:token'],
    ['a token that is not a UUID', '/newsletter/cancelar/abc', '/newsletter/cancelar/:token'],
    ['a token with a trailing colon', `/newsletter/cancelar/${TOKEN}:`, '/newsletter/cancelar/:token'],
  ])('replaces the token of %s', (_case, target, expected) => {
    expect(redactTarget(target)).toBe(expected);
    // The router's own table names the same route the redaction knows of (a page address, not an API one).
    if (!target.startsWith('/api/')) expect(matchPage(target)).not.toMatchObject({ id: 'not-found' });
  });

  it('knows every route of the registry whose pattern has a :token', () => {
    const tokenPatterns: string[] = [];
    const visit = (entry: unknown): void => {
      if (typeof entry === 'function' && 'pattern' in entry && typeof entry.pattern === 'string') {
        if (entry.pattern.includes(':token')) tokenPatterns.push(entry.pattern);
      } else if (entry && typeof entry === 'object') for (const value of Object.values(entry)) visit(value);
    };
    visit(paths);
    expect(tokenPatterns.length).toBeGreaterThanOrEqual(3);
    for (const pattern of tokenPatterns) {
      expect(redactTarget(pattern.replace(':token', 'x1'))).toBe(pattern);
    }
  });

  it.each([
    ['GoTrue’s recovery link', `/auth/v1/verify?token=${'a1b2c3'.repeat(8)}&type=recovery&redirect_to=https%3A%2F%2Fsite%2Fadmin%2Fnova-senha`, '/auth/v1/verify?token=:token&type=recovery&redirect_to=https%3A%2F%2Fsite%2Fadmin%2Fnova-senha'],
    ['a confirmation with a code', '/auth/v1/callback?code=xyz', '/auth/v1/callback?code=:token'],
    ['a filter on a token column', `/rest/v1/newsletter_subscribers?unsubscribe_token=eq.${TOKEN}`, '/rest/v1/newsletter_subscribers?unsubscribe_token=:token'],
    ['an api key in the query', '/rest/v1/topics?apikey=anything&select=id', '/rest/v1/topics?apikey=:token&select=id'],
    ['an e-mail in a filter', '/rest/v1/profiles?email=eq.ana%40example.com', '/rest/v1/profiles?email=:token'],
    ['an e-mail under any name', '/busca?q=ana%40example.com', '/busca?q=:token'],
    ['a JWT in a path', `/x/${JWT}`, '/x/:token'],
    ['a random mixed-case run', '/x/Qm9vbGVhbjEyMzQ1Njc4OTA', '/x/:token'],
    ['a long hex string', `/x/${'ab12'.repeat(10)}`, '/x/:token'],
    ['a UUID under a name that is not an id', `/newsletter/cancelar/x?ref=${TOKEN}&publication_id=eq.${TOKEN}`, `/newsletter/cancelar/:token?ref=:token&publication_id=eq.${TOKEN}`],
  ])('replaces %s', (_case, target, expected) => {
    expect(redactTarget(target)).toBe(expected);
  });

  it.each([
    ['a story (its id is public)', `/noticia/${TOKEN}/prefeitura-anuncia-obras-2026`],
    ['a topic', '/topic/politica'],
    ['a search', '/busca?q=obras&pagina=2'],
    ['a REST read by id', `/rest/v1/publications?id=eq.${TOKEN}&select=*`],
    ['the health check', '/readyz'],
  ])('keeps %s as it is', (_case, target) => {
    expect(redactTarget(target)).toBe(target);
  });

  it('drops a fragment and bounds the length', () => {
    expect(redactTarget(`/admin/nova-senha#access_token=${JWT}`)).toBe('/admin/nova-senha');
    expect(redactTarget(`/${'a'.repeat(1000)}`).length).toBeLessThanOrEqual(301);
  });

  it('the replacement is the named placeholder', () => {
    expect(REDACTED).toBe(':token');
  });
});

describe('looksSecret', () => {
  it('tells slugs and ids from secrets', () => {
    expect(looksSecret('prefeitura-anuncia-obras-no-centro-2026')).toBe(false);
    expect(looksSecret(TOKEN)).toBe(false);
    expect(looksSecret('ana@example.com')).toBe(true);
    expect(looksSecret(JWT)).toBe(true);
  });
});

describe('scrubSecrets', () => {
  it('replaces e-mail addresses, JWTs and IP addresses anywhere in a line', () => {
    const line = `{"msg":"duplicate key (email)=(ana.souza+1@example.com.br) from 127.0.0.1 and ::1 and ::ffff:10.0.0.2, fe80:0:0:0:1:2:3:4, token ${JWT}"}`;
    const scrubbed = scrubSecrets(line);
    expect(scrubbed).toBe('{"msg":"duplicate key (email)=([email]) from [ip] and [ip] and [ip], [ip], token [jwt]"}');
  });

  it('leaves times, durations and versions of a line alone', () => {
    const line = '{"time":"2026-11-29T07:05:16.123Z","durationMs":12.5,"msg":"at 12:30 on day 1.2"}';
    expect(scrubSecrets(line)).toBe(line);
  });
});
