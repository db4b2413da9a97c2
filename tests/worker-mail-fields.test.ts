import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { assertSendable, fromField, senderOf } from '../adapters/cloudflare/worker-mail-fields.ts';

// What the Worker's mailer writes and refuses itself before worker-mailer takes the message (its delivery over
// STARTTLS under workerd is e2e/deploy/worker.e2e.ts's): the From field as a mail app reads it, and no injection.

async function parsedFrom(field: string) {
  const parsed = await simpleParser(`From: ${field}\r\nTo: leitor@exemplo.com.br\r\nSubject: x\r\n\r\ncorpo\r\n`);
  return parsed.from?.value[0];
}

describe('the Worker mailer fields (adapters/cloudflare/worker-mail-fields.ts)', () => {
  it.each([
    'Porto Ferreira Notícias <nao-responda@portoferreiranoticias.com.br>',
    '"Redação, Porto Ferreira" <nao-responda@portoferreiranoticias.com.br>',
    'Jornal "O Ferreirense" <a@b.com.br>',
    'Plain Name <a@b.com.br>',
    `${'Notícias de Porto Ferreira e região '.repeat(3).trim()} <a@b.com.br>`,
    'nao-responda@portoferreiranoticias.com.br',
  ])('writes SMTP_FROM %j as a From field a mail app reads back', async (from) => {
    const sender = senderOf(from);
    const field = fromField(sender);
    expect(field).not.toMatch(/"=\?/);
    expect(await parsedFrom(field)).toEqual({ name: sender.name ?? '', address: sender.email });
  });

  it('reads the name and address of SMTP_FROM', () => {
    expect(senderOf('Porto Ferreira Notícias <nao-responda@pf.com.br>')).toEqual({ name: 'Porto Ferreira Notícias', email: 'nao-responda@pf.com.br' });
    expect(senderOf('"Redação" <r@pf.com.br>')).toEqual({ name: 'Redação', email: 'r@pf.com.br' });
    expect(senderOf(' r@pf.com.br ')).toEqual({ email: 'r@pf.com.br' });
  });

  const message = { to: 'leitor@exemplo.com.br', subject: 'Resumo', text: 't', link: 'https://pf.example/' };

  it('lets an ordinary message through', () => {
    expect(() => assertSendable({ ...message, headers: { 'List-Unsubscribe': '<https://pf.example/api/newsletter/cancelar/x>' } })).not.toThrow();
  });

  it.each([
    ['a recipient that smuggles an SMTP command', { to: 'a@b.com>\r\nRCPT TO:<outro@c.com' }],
    ['a recipient with a display name', { to: 'Leitor <a@b.com>' }],
    ['a recipient without a domain', { to: 'leitor' }],
    ['a subject with a line break', { subject: 'Resumo\r\nBcc: outro@c.com' }],
    ['a header value with a line break', { headers: { 'List-Unsubscribe': '<x>\nBcc: outro@c.com' } }],
    ['a header name with a colon', { headers: { 'X-A: b': 'c' } }],
  ])('refuses %s before any connection', (_, change) => {
    expect(() => assertSendable({ ...message, ...change })).toThrow(/^SMTP: /);
  });
});
