import type { User } from 'worker-mailer';
import type { MailMessage } from '../../edge/mail/mail-message';

// What the Worker's mailer (worker-smtp.ts) checks and writes itself before worker-mailer takes the message: a
// module of its own, without worker-mailer's `cloudflare:sockets`, so Node's tests reach it.

/** RFC 2047 §2: an encoded-word is at most 75 characters; 45 bytes make 60 of base64 inside `=?UTF-8?B?…?=`. */
const WORD_BYTES = 45;

/** Text as RFC 2047 B encoded-words, split between characters, never inside one. */
function encodedWords(text: string): string {
  const encoder = new TextEncoder();
  const words: string[] = [];
  let chunk: number[] = [];
  const flush = () => {
    words.push(`=?UTF-8?B?${btoa(String.fromCharCode(...chunk))}?=`);
    chunk = [];
  };
  for (const char of text) {
    const bytes = encoder.encode(char);
    if (chunk.length + bytes.length > WORD_BYTES) flush();
    chunk.push(...bytes);
  }
  if (chunk.length > 0) flush();
  return words.join(' ');
}

/** `Name <address>` or a bare address, as SMTP_FROM is written. */
export function senderOf(from: string): User {
  const match = /^\s*(.*?)\s*<([^<>\s]+@[^<>\s]+)>\s*$/.exec(from);
  if (!match) return { email: from.trim() };
  const name = match[1]?.replace(/^"(.*)"$/, '$1');
  return name ? { name, email: match[2] ?? '' } : { email: match[2] ?? '' };
}

/**
 * The From field. worker-mailer would put a non-ASCII name's encoded-word inside quotes, which RFC 2047 §5 forbids
 * (mailparser forgives it; not every mail app does): the name goes as bare encoded-words, a quoted string, or as it is.
 */
export function fromField({ name, email }: User): string {
  if (!name) return email;
  if (/[^\x20-\x7e]/.test(name)) return `${encodedWords(name)} <${email}>`;
  if (/^[A-Za-z0-9!#$%&'*+/=?^_`{|}~ -]+$/.test(name)) return `${name} <${email}>`;
  return `"${name.replace(/[\\"]/g, '\\$&')}" <${email}>`;
}

/** A bare address with nothing SMTP or a header could read as syntax: worker-mailer writes it as given. */
const ADDRESS = /^[^\s<>()[\],;:"\\@]+@[^\s<>()[\],;:"\\@]+$/;

/** A control character other than the tab: CR and LF would end the header line and start one of the sender's choice. */
const isControl = (char: string) => {
  const code = char.charCodeAt(0);
  return (code < 0x20 && code !== 0x09) || code === 0x7f;
};

/**
 * What worker-mailer writes unchecked into SMTP commands and header fields: a recipient that is not a bare address,
 * or a line break or control character in a header, is refused before any connection (no command or header injected).
 */
export function assertSendable(message: MailMessage): void {
  if (!ADDRESS.test(message.to)) throw new Error(`SMTP: not an address: ${JSON.stringify(message.to.slice(0, 200))}`);
  const fields: [string, string][] = [['Subject', message.subject], ...Object.entries(message.headers ?? {})];
  for (const [name, value] of fields) {
    if (!/^[!-9;-~]+$/.test(name) || [...value].some(isControl)) throw new Error(`SMTP: header ${JSON.stringify(name)} refused`);
  }
}

