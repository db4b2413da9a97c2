import { describe, expect, it } from 'vitest';
import { canonicalPeerAddress, clientAddressOf, databaseRequestHeaders } from './request-headers.ts';
import { statementTimeoutFor } from './request-context.ts';

describe('databaseRequestHeaders', () => {
  it('lowercases names and keeps ordinary headers', () => {
    const headers = databaseRequestHeaders(new Headers({ 'X-Client-Info': 'supabase-js/2', Accept: 'application/json' }), '127.0.0.1');
    expect(headers).toMatchObject({ 'x-client-info': 'supabase-js/2', accept: 'application/json' });
  });

  it('leaves out Cookie, as PostgREST does', () => {
    expect(databaseRequestHeaders(new Headers({ Cookie: 'a=1' }), null)).toEqual({});
  });

  it('drops every address a client can write and puts the TCP peer in x-forwarded-for', () => {
    const headers = databaseRequestHeaders(
      new Headers({
        'X-Forwarded-For': '203.0.113.9, 10.0.0.1',
        'X-Real-IP': '203.0.113.9',
        'CF-Connecting-IP': '203.0.113.9',
        Forwarded: 'for=203.0.113.9',
        'True-Client-IP': '203.0.113.9',
      }),
      '127.0.0.7',
    );
    expect(headers).toEqual({ 'x-forwarded-for': '127.0.0.7' });
  });

  it('names no address at all for a request without a socket (in-process)', () => {
    const headers = databaseRequestHeaders(new Headers({ 'x-forwarded-for': '203.0.113.9', apikey: 'k' }), null);
    expect(headers).toEqual({ apikey: 'k' });
  });
});

describe('clientAddressOf', () => {
  const forwarded = new Headers({ 'X-Forwarded-For': '203.0.113.9, 198.51.100.4' });

  it('is the TCP peer when no proxy is trusted, whatever the client wrote', () => {
    expect(clientAddressOf(forwarded, '127.0.0.7', false)).toBe('127.0.0.7');
  });

  it('behind a trusted proxy is the entry the proxy appended (the last), never one the client wrote before it', () => {
    expect(clientAddressOf(forwarded, '127.0.0.1', true)).toBe('198.51.100.4');
    expect(clientAddressOf(new Headers({ 'X-Forwarded-For': '::ffff:198.51.100.4' }), '127.0.0.1', true)).toBe('198.51.100.4');
  });

  it('behind a trusted proxy falls back to the peer when the proxy sent no X-Forwarded-For, and to none in-process', () => {
    expect(clientAddressOf(new Headers(), '127.0.0.1', true)).toBe('127.0.0.1');
    expect(clientAddressOf(forwarded, null, true)).toBeNull();
  });
});

describe('canonicalPeerAddress', () => {
  it.each([
    ['::ffff:127.0.0.2', '127.0.0.2'],
    ['127.0.0.1', '127.0.0.1'],
    ['::1', '::1'],
    ['2001:db8::1', '2001:db8::1'],
  ])('%s → %s', (raw, expected) => {
    expect(canonicalPeerAddress(raw)).toBe(expected);
  });
});

describe('statementTimeoutFor', () => {
  it('gives anon 3 s and signed-in roles 8 s, as hosted Supabase configures them', () => {
    expect(statementTimeoutFor('anon')).toBe('3s');
    expect(statementTimeoutFor('authenticated')).toBe('8s');
  });
});
