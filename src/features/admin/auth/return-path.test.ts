import { describe, expect, it } from 'vitest';
import { loginPathFor, returnPathAfterLogin } from './return-path';

describe('returnPathAfterLogin', () => {
  it.each([
    [null, '/admin'],
    ['/admin/publications/new', '/admin/publications/new'],
    ['/admin/topics?x=1', '/admin/topics?x=1'],
    ['https://evil.example/admin', '/admin'],
    ['//evil.example', '/admin'],
    ['/\\evil.example', '/admin'],
    ['javascript:alert(1)', '/admin'],
    ['/admin/login', '/admin'],
    ['/admin/login?redirectTo=/admin/jobs', '/admin'],
    ['/admin/register', '/admin'],
    ['/admin/recuperar-senha', '/admin'],
    ['/admin/nova-senha', '/admin'],
  ])('%s → %s', (input, expected) => {
    expect(returnPathAfterLogin(input)).toBe(expected);
  });

  it('round-trips through the login URL', () => {
    const url = new URL(loginPathFor('/admin/jobs/new?a=b'), 'http://x');
    expect(url.pathname).toBe('/admin/login');
    expect(returnPathAfterLogin(url.searchParams.get('redirectTo'))).toBe('/admin/jobs/new?a=b');
  });
});
