import { describe, expect, it } from 'vitest';
import { isAllowedRedirect, redirectTarget } from './redirect-url.ts';

const site = { siteUrl: 'https://portoferreira.example', requestOrigin: 'http://127.0.0.1:5173' };
const bases = [site.siteUrl, site.requestOrigin];

describe('isAllowedRedirect (GoTrue IsRedirectURLValid, reduced to the site and the request origin)', () => {
  it.each([
    ['https://portoferreira.example/admin/nova-senha', true],
    ['http://127.0.0.1:5173/admin/nova-senha?x=1', true],
    // A loopback host may use any port (RFC 8252 §7.3), as GoTrue allows.
    ['http://127.0.0.1:4173/admin/nova-senha', true],
    ['http://portoferreira.example/admin', false],
    ['https://portoferreira.example:8443/admin', false],
    ['https://evil.example/admin/nova-senha', false],
    ['https://portoferreira.example.evil.example/', false],
    ['http://127.0.0.1.evil.example/', false],
    ['https://user:pass@portoferreira.example/', false],
    ['//evil.example/', false],
    ['/admin/nova-senha', false],
    ['javascript:alert(1)', false],
    ['', false],
  ])('%s → %s', (candidate, allowed) => {
    expect(isAllowedRedirect(candidate, bases)).toBe(allowed);
  });
});

describe('redirectTarget (GoTrue GetReferrer)', () => {
  it('takes redirect_to, else the Referer, when allowed; else the site URL', () => {
    expect(redirectTarget('https://portoferreira.example/a', 'https://portoferreira.example/b', site)).toBe('https://portoferreira.example/a');
    expect(redirectTarget('https://evil.example/a', 'https://portoferreira.example/b', site)).toBe('https://portoferreira.example/b');
    expect(redirectTarget('https://evil.example/a', 'https://evil.example/b', site)).toBe(site.siteUrl);
    expect(redirectTarget(undefined, undefined, site)).toBe(site.siteUrl);
  });
});
