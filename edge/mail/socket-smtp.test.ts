// @vitest-environment node
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, expectTypeOf, it } from 'vitest';
import type { Mailer } from '../../local-supabase/src/mailbox/mailbox-store.ts';
import type { SmtpSettings } from '../../local-supabase/src/mailbox/smtp-mailer.ts';
import { startMailSink, type MailSink, type MailSinkOptions } from '../../tests/support/mail-sink.ts';
import { nodeSmtpConnect, type NodeSmtpConnectOptions } from '../../tests/support/node-smtp-connect.ts';
import { createSocketSmtpMailer, dotStuffed, SmtpReplyError, type SmtpSettingsLike, type SocketSmtpOptions } from './socket-smtp';

// The client against the tests' real SMTP server (smtp-server on 127.0.0.1, tests/support/mail-sink.ts), over
// node:net sockets shaped as Cloudflare's (tests/support/node-smtp-connect.ts): what arrives is parsed by mailparser.

const FROM = 'Porto Ferreira Notícias <nao-responda@portoferreiranoticias.com.br>';
const SUBJECT = 'Resumo diário: Câmara aprova orçamento';

let sink: MailSink | undefined;
let silent: Server | undefined;

afterEach(async () => {
  await sink?.close();
  sink = undefined;
  await new Promise<void>((closed) => (silent ? silent.close(() => closed()) : closed()));
  silent = undefined;
});

async function sinkWith(options: MailSinkOptions = {}): Promise<MailSink> {
  sink = await startMailSink(options);
  return sink;
}

function settings(over: Partial<SmtpSettingsLike> = {}): SmtpSettingsLike {
  return { host: sink?.host ?? '127.0.0.1', port: sink?.port ?? 0, secure: false, user: null, password: null, from: FROM, ...over };
}

/**
 * A scripted server on 127.0.0.1 for what the sink never does: `reply` answers each command (null: no answer), and
 * replies are written a few bytes at a time so a reply arrives split. DATA's content is taken up to its final dot.
 */
async function scriptedServer(greeting: string, reply: (command: string) => string | null, options: { whole?: boolean } = {}) {
  const commands: string[] = [];
  const server = createServer((socket: Socket) => {
    socket.setNoDelay(true);
    const send = async (text: string) => {
      if (options.whole) return void socket.write(text);
      for (let at = 0; at < text.length; at += 3) {
        socket.write(text.slice(at, at + 3));
        await new Promise((next) => setTimeout(next, 1));
      }
    };
    let buffer = '';
    let inData = false;
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('latin1');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          commands.push(`<data ${end} bytes>`);
          buffer = buffer.slice(end + 5);
          inData = false;
          void send(reply('<end of data>') ?? '');
          continue;
        }
        const end = buffer.indexOf('\r\n');
        if (end < 0) return;
        const command = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        commands.push(command);
        const answer = reply(command);
        if (answer?.startsWith('354')) inData = true;
        if (answer !== null) void send(answer);
      }
    });
    socket.on('error', () => undefined);
    void send(greeting);
  });
  silent = server;
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  return { port: (server.address() as AddressInfo).port, commands };
}

function mailer(over: Partial<SmtpSettingsLike> = {}, connectOptions: NodeSmtpConnectOptions = {}, options: SocketSmtpOptions = {}) {
  return createSocketSmtpMailer(settings(over), nodeSmtpConnect(connectOptions), options);
}

describe('createSocketSmtpMailer (edge/mail/socket-smtp.ts)', () => {
  it("takes the Node hosts' SMTP settings as they are and is a Mailer as theirs is", () => {
    // Edge code cannot import local-supabase's types: this keeps the copies the same shape.
    expectTypeOf<SmtpSettingsLike>().toEqualTypeOf<SmtpSettings>();
    expectTypeOf(createSocketSmtpMailer(settings(), nodeSmtpConnect())).toExtend<Mailer>();
  });

  it('delivers a message: envelope from the settings and the recipient, content as written', async () => {
    const server = await sinkWith();
    const events: string[] = [];
    const send = mailer({}, { onEvent: (event) => events.push(event.kind === 'connect' ? `connect ${event.secureTransport}` : event.kind) });
    const html = '<p>A <strong>Câmara</strong> aprovou o orçamento.</p>';
    await send({ to: 'Maria José <Maria.Jose@example.com>', subject: SUBJECT, text: 'Bom dia!\nA Câmara aprovou o orçamento.', html });
    const mail = await server.next('Maria.Jose@example.com');
    expect(mail.mailFrom).toBe('nao-responda@portoferreiranoticias.com.br');
    expect(mail.to).toEqual(['Maria.Jose@example.com']);
    expect(mail.from).toBe('"Porto Ferreira Notícias" <nao-responda@portoferreiranoticias.com.br>');
    expect(mail.subject).toBe(SUBJECT);
    expect(mail.text).toBe('Bom dia!\nA Câmara aprovou o orçamento.');
    expect(mail.html).toBe(html);
    expect(mail.user).toBeNull();
    // A plain port asks for a socket that may be upgraded; this sink offers no STARTTLS, so none was started.
    expect(events).toEqual(['connect starttls']);
  });

  it('dot-stuffs lines that start with a dot: they arrive as written, and the message does not end early', async () => {
    const server = await sinkWith();
    const text = 'Primeira linha\n.\n.linha com ponto\n..dois pontos\nÚltima linha';
    // With html the text part is not the last: a lone "." line there would end DATA in the middle of the message.
    await mailer()({ to: 'leitor@example.com', subject: 'Pontos', text, html: '<p>x</p>' });
    expect((await server.next('leitor@example.com')).text).toBe(text);
    expect(dotStuffed('a\r\n.\r\n.b\r\n')).toBe('a\r\n..\r\n..b\r\n.\r\n');
    expect(dotStuffed('.a')).toBe('..a\r\n.\r\n');
  });

  it('authenticates with AUTH PLAIN when the server requires it', async () => {
    const server = await sinkWith({ auth: { user: 'redacao@portoferreiranoticias.com.br', password: 'senha çom acento' } });
    await mailer({ user: 'redacao@portoferreiranoticias.com.br', password: 'senha çom acento' })({ to: 'a@example.com', subject: 'x', text: 'y' });
    expect((await server.next('a@example.com')).user).toBe('redacao@portoferreiranoticias.com.br');
  });

  it('falls back to AUTH LOGIN when PLAIN is not offered', async () => {
    const server = await sinkWith({ auth: { user: 'redacao', password: 'segredo', methods: ['LOGIN'] } });
    await mailer({ user: 'redacao', password: 'segredo' })({ to: 'a@example.com', subject: 'x', text: 'y' });
    expect((await server.next('a@example.com')).user).toBe('redacao');
  });

  it('rejects with the code and text of a refused AUTH, or of a server that requires AUTH without a user', async () => {
    await sinkWith({ auth: { user: 'redacao', password: 'segredo' } });
    const wrong = mailer({ user: 'redacao', password: 'errada' })({ to: 'a@example.com', subject: 'x', text: 'y' });
    await expect(wrong).rejects.toMatchObject({ name: 'SmtpReplyError', command: 'AUTH PLAIN', code: 535 });
    await expect(wrong).rejects.not.toThrow(/errada|cmVkYWNhbw/);
    const anonymous = mailer()({ to: 'a@example.com', subject: 'x', text: 'y' });
    await expect(anonymous).rejects.toMatchObject({ command: 'MAIL FROM', code: 530 });
    expect(sink?.messages).toEqual([]);
  });

  it('rejects with the code and the server text on a 5xx or 4xx to RCPT TO', async () => {
    await sinkWith({
      refuseRecipient: (address) =>
        address === 'ninguem@example.com' ? { code: 550, message: 'No such user here' } : address === 'cheio@example.com' ? { code: 452, message: 'Mailbox full, try later' } : null,
    });
    const refused = mailer()({ to: 'ninguem@example.com', subject: 'x', text: 'y' });
    await expect(refused).rejects.toBeInstanceOf(SmtpReplyError);
    await expect(refused).rejects.toMatchObject({ command: 'RCPT TO', code: 550, response: 'No such user here' });
    await expect(refused).rejects.toThrow('SMTP RCPT TO failed: 550 No such user here');
    await expect(mailer()({ to: 'cheio@example.com', subject: 'x', text: 'y' })).rejects.toMatchObject({ code: 452, response: 'Mailbox full, try later' });
    expect(sink?.messages).toEqual([]);
  });

  it('rejects within its timeout when the server never answers, and closes the connection', async () => {
    const closed: Promise<void>[] = [];
    silent = createServer((socket: Socket) => {
      closed.push(new Promise<void>((done) => socket.on('close', () => done())));
    });
    await new Promise<void>((listening) => silent?.listen(0, '127.0.0.1', listening));
    const port = (silent.address() as AddressInfo).port;
    const started = Date.now();
    const send = mailer({ host: '127.0.0.1', port }, {}, { timeoutMs: 300 })({ to: 'a@example.com', subject: 'x', text: 'y' });
    await expect(send).rejects.toThrow(`SMTP: the send to 127.0.0.1:${port} took over 300 ms`);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(closed).toHaveLength(1);
    await closed[0];
  });

  it('with requireTls, refuses to go on in plain text when STARTTLS is not offered', async () => {
    await sinkWith({ auth: { user: 'redacao', password: 'segredo' } });
    const send = mailer({ user: 'redacao', password: 'segredo' }, {}, { requireTls: true });
    await expect(send({ to: 'a@example.com', subject: 'x', text: 'y' })).rejects.toThrow('SMTP: the server offers no STARTTLS and TLS is required');
    expect(sink?.messages).toEqual([]);
  });

  it('reads multi-line replies split across packets, and says HELO to a server that does not know EHLO', async () => {
    const { port, commands } = await scriptedServer('220-mail.example ESMTP\r\n220-sem EHLO\r\n220 pronto\r\n', (command) => {
      if (command.startsWith('EHLO')) return '502 5.5.2 Error: command not recognized\r\n';
      if (command.startsWith('RCPT')) return '250-2.1.5 Ok\r\n250-ainda\r\n250 2.1.5 recipient ok\r\n';
      if (command === 'DATA') return '354 End data with <CR><LF>.<CR><LF>\r\n';
      if (command === 'QUIT') return '221 2.0.0 Bye\r\n';
      return '250 2.0.0 Ok\r\n';
    });
    await mailer({ host: '127.0.0.1', port })({ to: 'a@example.com', subject: 'x', text: 'y' });
    expect(commands).toEqual([
      'EHLO portoferreiranoticias.com.br',
      'HELO portoferreiranoticias.com.br',
      'MAIL FROM:<nao-responda@portoferreiranoticias.com.br>',
      'RCPT TO:<a@example.com>',
      'DATA',
      expect.stringMatching(/^<data \d+ bytes>$/),
      'QUIT',
    ]);
  });

  it('rejects a greeting of 421 with its code and text', async () => {
    const { port, commands } = await scriptedServer('421 4.3.2 Servico indisponivel, tente depois\r\n', () => null);
    await expect(mailer({ host: '127.0.0.1', port })({ to: 'a@example.com', subject: 'x', text: 'y' })).rejects.toMatchObject({
      command: 'greeting',
      code: 421,
      response: '4.3.2 Servico indisponivel, tente depois',
    });
    expect(commands).toEqual([]);
  });

  it('refuses plaintext a server sends after agreeing to STARTTLS (command injection, CVE-2011-0411)', async () => {
    const { port, commands } = await scriptedServer(
      '220 mail.example\r\n',
      (command) => (command.startsWith('EHLO') ? '250-mail.example\r\n250 STARTTLS\r\n' : '220 2.0.0 Ready\r\n250 injetado\r\n'),
      { whole: true },
    );
    await expect(mailer({ host: '127.0.0.1', port })({ to: 'a@example.com', subject: 'x', text: 'y' })).rejects.toThrow(
      'SMTP: the server sent data after agreeing to STARTTLS',
    );
    expect(commands).toEqual(['EHLO portoferreiranoticias.com.br', 'STARTTLS']);
  });

  it('rejects when the connection is refused', async () => {
    const probe = createServer();
    await new Promise<void>((listening) => probe.listen(0, '127.0.0.1', listening));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((done) => probe.close(() => done()));
    await expect(mailer({ host: '127.0.0.1', port })({ to: 'a@example.com', subject: 'x', text: 'y' })).rejects.toThrow(new RegExp(`^SMTP: no connection to 127\\.0\\.0\\.1:${port}: .*ECONNREFUSED`));
  });

  it('refuses an injected header or address before connecting', async () => {
    const events: string[] = [];
    const send = mailer({ port: 1 }, { onEvent: (event) => events.push(event.kind) });
    await expect(send({ to: 'a@example.com', subject: 'x\r\nBcc: b@example.com', text: 'y' })).rejects.toThrow(/line break/);
    await expect(send({ to: 'a@example.com>\r\nRCPT TO:<b@example.com', subject: 'x', text: 'y' })).rejects.toThrow(/line break/);
    await expect(send({ to: 'a@example.com', subject: 'x', text: 'y', headers: { 'X-A': 'b\nc' } })).rejects.toThrow(/X-A refused/);
    expect(events).toEqual([]);
  });

  it('upgrades with STARTTLS when offered, EHLOs again, then authenticates over TLS', async () => {
    const server = await sinkWith({ tls: 'starttls', auth: { user: 'redacao', password: 'segredo' } });
    const events: string[] = [];
    // The sink's certificate is smtp-server's self-signed one for localhost: not verified here, in this test only.
    const send = mailer({ user: 'redacao', password: 'segredo' }, { tls: { rejectUnauthorized: false }, onEvent: (event) => events.push(event.kind) });
    await send({ to: 'a@example.com', subject: SUBJECT, text: 'Sobre TLS.' });
    const mail = await server.next('a@example.com');
    expect([mail.subject, mail.user]).toEqual([SUBJECT, 'redacao']);
    expect(events).toEqual(['connect', 'startTls']);
  });

  it('rejects, saying so, when the certificate after STARTTLS does not verify', async () => {
    await sinkWith({ tls: 'starttls' });
    // Verified as in production: smtp-server's self-signed certificate is refused, and nothing is sent in plain text.
    await expect(mailer()({ to: 'a@example.com', subject: 'x', text: 'y' })).rejects.toThrow(/^SMTP: TLS after STARTTLS failed: .*certificate/);
    expect(sink?.messages).toEqual([]);
  });

  it('uses TLS from the first byte on an implicit-TLS server (secure, as port 465)', async () => {
    const server = await sinkWith({ tls: 'implicit' });
    const events: string[] = [];
    const send = mailer({ secure: true }, { tls: { rejectUnauthorized: false }, onEvent: (event) => events.push(event.kind === 'connect' ? event.secureTransport : event.kind) });
    await send({ to: 'a@example.com', subject: SUBJECT, text: 'TLS desde o início.' });
    expect((await server.next('a@example.com')).subject).toBe(SUBJECT);
    expect(events).toEqual(['on']);
  });
});
