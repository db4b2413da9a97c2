// @vitest-environment node
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { buildMimeMessage, parseMailbox, quotedPrintable, rfc5322Date, type MimeMessageInput } from './mime-message';

// The message is read back by mailparser (the parser behind the tests' mail sink), as a mail client would read it.

const FROM = 'Porto Ferreira Notícias <nao-responda@portoferreiranoticias.com.br>';
const SUBJECT = 'Resumo diário: Câmara aprova orçamento';
const DATE = new Date(Date.UTC(2026, 10, 27, 9, 5, 7));

function input(overrides: Partial<MimeMessageInput> = {}): MimeMessageInput {
  return {
    from: FROM,
    to: 'Maria José <maria.jose@example.com>',
    subject: SUBJECT,
    text: 'Bom dia!\nA Câmara aprovou o orçamento de 2027.',
    date: DATE,
    ...overrides,
  };
}

const lines = (message: string) => message.split('\r\n');

/** A single-part body as written: its last line ends in CRLF like every line, and mailparser keeps that line end. */
const plainText = (text: string | undefined) => text?.replace(/\n$/, '');

describe('buildMimeMessage (edge/mail/mime-message.ts)', () => {
  it('writes a plain-text message with UTF-8 subject and names as encoded-words, and the standard fields', async () => {
    const message = buildMimeMessage(input());
    // 7-bit, CRLF only, within 76 characters a line.
    expect(message).toMatch(/^[\x20-\x7e\r\n]*$/);
    expect(message.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(message.endsWith('\r\n')).toBe(true);
    expect(lines(message).every((line) => line.length <= 76)).toBe(true);
    expect(message).toMatch(/^Subject: =\?UTF-8\?B\?/m);

    const mail = await simpleParser(message);
    expect(mail.subject).toBe(SUBJECT);
    expect(mail.from?.value).toEqual([{ name: 'Porto Ferreira Notícias', address: 'nao-responda@portoferreiranoticias.com.br' }]);
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.value : null).toEqual([{ name: 'Maria José', address: 'maria.jose@example.com' }]);
    expect(plainText(mail.text)).toBe('Bom dia!\nA Câmara aprovou o orçamento de 2027.');
    expect(mail.html).toBe(false);
    expect(mail.date?.toISOString()).toBe(DATE.toISOString());
    expect(message).toContain('\r\nDate: Fri, 27 Nov 2026 09:05:07 +0000\r\n');
    expect(mail.messageId).toMatch(/^<[0-9a-f]{24}@portoferreiranoticias\.com\.br>$/);
    expect(mail.headers.get('mime-version')).toBe('1.0');
    expect(mail.headers.get('content-type')).toMatchObject({ value: 'text/plain', params: { charset: 'utf-8' } });
    expect(mail.headers.get('content-transfer-encoding')).toBe('quoted-printable');
  });

  it('writes multipart/alternative, text/plain first, when there is HTML; the boundary is in neither part', async () => {
    const html = '<p>Bom dia!</p><p>A <strong>Câmara</strong> aprovou o orçamento.</p>';
    const message = buildMimeMessage(input({ html }));
    const mail = await simpleParser(message);
    expect(mail.headers.get('content-type')).toMatchObject({ value: 'multipart/alternative' });
    expect(mail.text).toBe('Bom dia!\nA Câmara aprovou o orçamento de 2027.');
    expect(mail.html).toBe(html);
    const boundary = /boundary="([^"]+)"/.exec(message)?.[1] ?? '';
    expect(boundary).not.toBe('');
    const parts = message.split(`--${boundary}`);
    expect(parts).toHaveLength(4);
    expect(parts[1]).toContain('Content-Type: text/plain; charset=utf-8');
    expect(parts[2]).toContain('Content-Type: text/html; charset=utf-8');
    expect(parts[3]).toBe('--\r\n');
  });

  it('draws a fresh boundary for each message, in a form quoted-printable content cannot contain', () => {
    const html = '<p>=_pfn_ =_ =3D</p>';
    const boundaries = [1, 2].map(() => /boundary="([^"]+)"/.exec(buildMimeMessage(input({ html, text: html })))?.[1]);
    expect(boundaries[0]).toMatch(/^=_pfn_[0-9a-f]{32}$/);
    expect(boundaries[1]).not.toBe(boundaries[0]);
    // `=` is written =3D in quoted-printable, so `=_` never appears in an encoded part.
    expect(quotedPrintable(html)).not.toContain('=_');
  });

  it('wraps long lines: quoted-printable with soft breaks, never a line over 76 characters', async () => {
    const long = `${'Porto Ferreira: a Câmara aprovou o orçamento de 2027 após longa sessão. '.repeat(40)}fim`;
    const html = `<p>${'Notícia com acentuação e um texto muito comprido, sem quebras de linha. '.repeat(60)}</p>`;
    const message = buildMimeMessage(input({ text: `${long}\n\n.começa com ponto\n  espaços no fim  `, html }));
    expect(lines(message).every((line) => line.length <= 76)).toBe(true);
    expect(lines(message).some((line) => line.endsWith('='))).toBe(true);
    const mail = await simpleParser(message);
    expect(mail.text).toBe(`${long}\n\n.começa com ponto\n  espaços no fim  `);
    expect(mail.html).toBe(html);
  });

  it('encodes whitespace at a line end and = itself, and takes CR, LF or CRLF as a line break', () => {
    expect(quotedPrintable('a = b \r\nc\rd\ne\t')).toBe('a =3D b=20\r\nc\r\nd\r\ne=09');
    expect(quotedPrintable('ç')).toBe('=C3=A7');
    const wrapped = quotedPrintable('x'.repeat(200)).split('\r\n');
    expect(wrapped.map((line) => line.length)).toEqual([76, 76, 50]);
  });

  it('folds a long subject into encoded-words of whole characters, each within 75 characters', async () => {
    const subject = `${SUBJECT} — ${'ação, coração, informação, '.repeat(8)}çã`;
    const message = buildMimeMessage(input({ subject }));
    const header = /^Subject:.*(?:\r\n[ \t].*)*/m.exec(message)?.[0] ?? '';
    const headerLines = lines(header);
    expect(headerLines.length).toBeGreaterThan(3);
    expect(headerLines.every((line) => line.length <= 76)).toBe(true);
    const words = header.match(/=\?UTF-8\?B\?[^?]*\?=/g) ?? [];
    expect(words.every((word) => word.length <= 75)).toBe(true);
    // Each word decodes on its own to valid UTF-8: no character is split across two words.
    for (const word of words) {
      const bytes = Uint8Array.from(atob(word.slice(10, -2)), (char) => char.charCodeAt(0));
      expect(() => new TextDecoder('utf-8', { fatal: true }).decode(bytes)).not.toThrow();
    }
    expect((await simpleParser(message)).subject).toBe(subject);
  });

  it('folds a long ASCII subject at its spaces and keeps it as written', async () => {
    const subject = 'Daily digest: '.concat('the city council approves the budget '.repeat(5)).trim();
    const message = buildMimeMessage(input({ subject }));
    const header = /^Subject:.*(?:\r\n[ \t].*)*/m.exec(message)?.[0] ?? '';
    expect(header).not.toContain('=?UTF-8?');
    expect(lines(header)).toHaveLength(3);
    expect(lines(message).every((line) => line.length <= 76)).toBe(true);
    expect((await simpleParser(message)).subject).toBe(subject);
  });

  it('passes extra headers through: List-Unsubscribe and its one-click companion', async () => {
    const unsubscribe = '<https://portoferreiranoticias.com.br/resumo/cancelar?token=abc123def456ghi789jkl012mno345pqr678>';
    const message = buildMimeMessage(
      input({ headers: { 'List-Unsubscribe': unsubscribe, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click', 'X-Digest': 'Edição de sábado' } }),
    );
    // A URL has no space to fold at: one line, within the hard limit, never encoded.
    expect(message).toContain(`\r\nList-Unsubscribe: ${unsubscribe}\r\n`);
    const mail = await simpleParser(message);
    const line = (key: string) => mail.headerLines.find((each) => each.key === key)?.line;
    expect(line('list-unsubscribe')).toBe(`List-Unsubscribe: ${unsubscribe}`);
    expect(line('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    // An unstructured field's non-ASCII text as an encoded-word (mailparser leaves unknown fields encoded).
    const digest = /^X-Digest: =\?UTF-8\?B\?([^?]+)\?=$/.exec(line('x-digest') ?? '')?.[1] ?? '';
    expect(new TextDecoder().decode(Uint8Array.from(atob(digest), (char) => char.charCodeAt(0)))).toBe('Edição de sábado');
  });

  it('quotes an ASCII display name with specials and leaves a plain one bare', async () => {
    const mail = await simpleParser(buildMimeMessage(input({ from: 'Redacao, PF <a@b.example>', to: 'Leitor <l@c.example>' })));
    expect(mail.from?.value).toEqual([{ name: 'Redacao, PF', address: 'a@b.example' }]);
    expect(buildMimeMessage(input({ to: 'Leitor <l@c.example>' }))).toContain('\r\nTo: Leitor <l@c.example>\r\n');
    expect(buildMimeMessage(input({ to: 'l@c.example' }))).toContain('\r\nTo: l@c.example\r\n');
  });

  describe('refuses header injection', () => {
    const injections = ['Assunto\r\nBcc: alvo@example.com', 'Assunto\nBcc: alvo@example.com', 'Assunto\rBcc: x'];
    it.each(injections)('in the subject: %j', (subject) => {
      expect(() => buildMimeMessage(input({ subject }))).toThrow(/Subject refused: it contains a line break/);
    });
    it.each(injections)('in an extra header: %j', (value) => {
      expect(() => buildMimeMessage(input({ headers: { 'List-Unsubscribe': value } }))).toThrow(/List-Unsubscribe refused/);
    });
    it('in the addresses and names', () => {
      expect(() => buildMimeMessage(input({ to: 'a@b.example\r\nBcc: c@d.example' }))).toThrow(/line break/);
      expect(() => buildMimeMessage(input({ from: 'Nome\r\nBcc: x <a@b.example>' }))).toThrow(/line break/);
      expect(() => buildMimeMessage(input({ to: 'a@b.example>, <c@d.example' }))).toThrow(/not an e-mail address/);
    });
    it('and control characters other than tab', () => {
      expect(() => buildMimeMessage(input({ subject: 'a\0b' }))).toThrow(/Subject refused: it contains a control character/);
      expect(() => buildMimeMessage(input({ headers: { 'X-A': 'a\x7fb' } }))).toThrow(/control character/);
      expect(() => buildMimeMessage(input({ subject: 'a\tb' }))).not.toThrow();
    });
    it('in header names, and fields the message writes itself', () => {
      expect(() => buildMimeMessage(input({ headers: { 'Bcc: x@y.example\r\nX-A': 'b' } }))).toThrow(/invalid field name/);
      expect(() => buildMimeMessage(input({ headers: { 'Content-Type': 'text/html' } }))).toThrow(/written from the message itself/);
      expect(() => buildMimeMessage(input({ headers: { subject: 'outro' } }))).toThrow(/written from the message itself/);
    });
  });

  it('parses mailboxes strictly, as they also go into MAIL FROM and RCPT TO', () => {
    expect(parseMailbox(FROM)).toEqual({ name: 'Porto Ferreira Notícias', address: 'nao-responda@portoferreiranoticias.com.br' });
    expect(parseMailbox('"Silva, Ana" <ana@Exemplo.COM.br>')).toEqual({ name: 'Silva, Ana', address: 'ana@exemplo.com.br' });
    expect(parseMailbox('leitor@açaí.example')).toEqual({ name: null, address: 'leitor@xn--aa-4iaz.example' });
    for (const bad of ['', 'sem-arroba', 'a b@c.example', 'a@b.example c@d.example', 'ação@b.example', '<a@b.example']) {
      expect(() => parseMailbox(bad), bad).toThrow(/not an e-mail address/);
    }
  });

  it('writes the date in RFC 5322 form and refuses an invalid one', () => {
    expect(rfc5322Date(new Date(Date.UTC(2026, 0, 3, 23, 4, 5)))).toBe('Sat, 03 Jan 2026 23:04:05 +0000');
    expect(() => buildMimeMessage(input({ date: new Date(Number.NaN) }))).toThrow(/not a valid date/);
  });
});
