import { describe, expect, it } from 'vitest';
import { scrubErrorEvent, scrubText, scrubUrl } from './scrub';

// What leaves for Sentry (docs/decisions/0041): every SDK's beforeSend runs events through scrubErrorEvent.

describe('scrubText', () => {
  it('replaces e-mails, JWTs, credentials and IP addresses, and keeps the rest readable', () => {
    const text =
      'duplicate key for leitora@exemplo.com.br from 203.0.113.9 and 2001:db8::1 with Bearer abc.def-ghi and ' +
      'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl at 10:30:00';
    expect(scrubText(text)).toBe('duplicate key for [e-mail] from [ip] and [ip] with Bearer [redacted] and [jwt] at 10:30:00');
  });
});

describe('scrubUrl', () => {
  it('drops the query string and the fragment, and hides secret-looking path segments but not a story’s id or slug', () => {
    expect(scrubUrl('https://site.example/newsletter/cancelar/Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5?x=1#y')).toBe(
      'https://site.example/newsletter/cancelar/[token]',
    );
    expect(scrubUrl('/noticia/22222222-2222-4222-8222-000000000001/ponte-do-rio-mogi-guacu-reaberta?token=abc')).toBe(
      '/noticia/22222222-2222-4222-8222-000000000001/ponte-do-rio-mogi-guacu-reaberta',
    );
    expect(scrubUrl('/anuncios/relatorio/5b0e7a52-2c1d-4f7e-9a61-3f1c2d4e5f60')).toBe('/anuncios/relatorio/[token]');
    expect(scrubUrl('/newsletter/confirmar/5b0e7a52-2c1d-4f7e-9a61-3f1c2d4e5f60')).toBe('/newsletter/confirmar/[token]');
    expect(scrubUrl('/api/newsletter/cancelar/5b0e7a52-2c1d-4f7e-9a61-3f1c2d4e5f60')).toBe('/api/newsletter/cancelar/[token]');
    expect(scrubUrl('http://user:pass@127.0.0.1:3000/admin/conta/leitora@exemplo.com.br')).toBe('http://127.0.0.1:3000/admin/conta/[e-mail]');
  });
});

describe('scrubErrorEvent', () => {
  it('keeps the error and the tags, and leaves out headers, cookies, bodies, the query, the user’s address and breadcrumbs', () => {
    const event = {
      event_id: 'e1',
      tags: { request_id: '0b5c1d2e-0000-4000-8000-000000000001' },
      exception: { values: [{ type: 'ServiceError', value: 'no account for editor@exemplo.com.br' }] },
      request: {
        method: 'POST',
        url: 'https://site.example/admin/nova-senha?token=c2VjcmV0LXRva2Vu',
        headers: { Cookie: 'sb=1', Authorization: 'Bearer x' },
        cookies: { sb: '1' },
        data: { password: 'senha' },
        query_string: 'token=c2VjcmV0LXRva2Vu',
        env: { REMOTE_ADDR: '203.0.113.9' },
      },
      user: { id: 'u1', email: 'editor@exemplo.com.br', ip_address: '203.0.113.9' },
      breadcrumbs: [{ message: 'GET /newsletter/confirmar/abc' }],
    };
    const scrubbed = scrubErrorEvent(event);
    expect(scrubbed).toEqual({
      event_id: 'e1',
      tags: { request_id: '0b5c1d2e-0000-4000-8000-000000000001' },
      exception: { values: [{ type: 'ServiceError', value: 'no account for [e-mail]' }] },
      request: { method: 'POST', url: 'https://site.example/admin/nova-senha' },
      user: { id: 'u1' },
    });
  });
});
