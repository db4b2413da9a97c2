import { describe, expect, it } from 'vitest';
import { REQUEST_ID_HEADER, requestIdFor } from './request-id';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const headers = (id: string) => new Headers({ [REQUEST_ID_HEADER]: id });

describe('requestIdFor', () => {
  it('makes a new id without a proxy, whatever the request says', () => {
    expect(requestIdFor(headers('from-the-client-123'), false)).toMatch(UUID);
    expect(requestIdFor(new Headers(), false)).toMatch(UUID);
    expect(requestIdFor(new Headers(), false)).not.toBe(requestIdFor(new Headers(), false));
  });

  it('keeps a well-formed id from the operator’s proxy', () => {
    expect(requestIdFor(headers('lb-7f3a.1:42'), true)).toBe('lb-7f3a.1:42');
  });

  it.each([
    ['too long', 'a'.repeat(129)],
    ['with spaces', 'two words'],
    ['with a line break', 'a\nb'.replace('\n', '%0A')],
    ['holding an e-mail', 'ana@example.com'],
    ['holding a secret-looking run', 'Qm9vbGVhbjEyMzQ1Njc4OTA'],
  ])('replaces one from the proxy that is %s', (_case, id) => {
    expect(requestIdFor(headers(id), true)).toMatch(UUID);
  });
});
