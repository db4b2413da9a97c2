// An e-mail as the SMTP layer sends it (RFC 5322 with MIME, RFC 2045-2047), from Web platform APIs only, so the
// Worker's Cron Trigger builds the same message the Node hosts' nodemailer would. The result is 7-bit ASCII with
// CRLF line ends: non-ASCII header text travels as encoded-words, bodies as quoted-printable UTF-8. Dot-stuffing is
// the SMTP layer's (socket-smtp.ts), not this module's.

export interface MimeMessageInput {
  /** A mailbox, e.g. `Porto Ferreira Notícias <nao-responda@portoferreiranoticias.com.br>` or a bare address. */
  from: string;
  /** One mailbox, with or without a display name. */
  to: string;
  subject: string;
  /** The plain-text body; always sent, first. */
  text: string;
  /** With it the message is multipart/alternative: text/plain, then text/html. */
  html?: string;
  /** Extra header fields, e.g. List-Unsubscribe. The fields this module writes itself cannot be set here. */
  headers?: Record<string, string>;
  date: Date;
  /** The right-hand side of Message-ID; the sender's domain when absent. */
  messageIdDomain?: string;
  /** Random bytes for the boundary and Message-ID; crypto.getRandomValues when absent (tests pass their own). */
  randomBytes?: (length: number) => Uint8Array;
}

export interface Mailbox {
  name: string | null;
  address: string;
}

const CRLF = '\r\n';
/** RFC 5322 §2.1.1: lines SHOULD stay within 78 characters; 76 is RFC 2045's limit for encoded bodies. */
const MAX_LINE = 76;
/** RFC 5322 §2.1.1: a line MUST NOT exceed 998 characters (without its CRLF). */
const HARD_MAX_LINE = 998;
/** `=?UTF-8?B?` and `?=` around each encoded-word's text. */
const ENCODED_WORD_OVERHEAD = '=?UTF-8?B??='.length;
/** RFC 2047 §2: an encoded-word is at most 75 characters. */
const MAX_ENCODED_WORD = 75;

/** The fields this module writes: an extra header of the same name would contradict them. */
const OWN_FIELDS = new Set(['from', 'to', 'subject', 'date', 'message-id', 'mime-version', 'content-type', 'content-transfer-encoding']);

const utf8 = new TextEncoder();

function base64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** A CR or LF in a header value would start a header (or the body) of the caller's choosing: refused outright. */
function assertHeaderValue(name: string, value: string): void {
  if (/[\r\n]/.test(value)) throw new Error(`mail header ${name} refused: it contains a line break`);
  for (const char of value) {
    const code = char.charCodeAt(0);
    // Tab is whitespace; every other C0 control and DEL has no place in a header.
    if ((code < 0x20 && code !== 0x09) || code === 0x7f) throw new Error(`mail header ${name} refused: it contains a control character`);
  }
}

const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const DOMAIN = /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;

/** An internationalized domain as DNS knows it (punycode), through the URL parser every Web runtime has. */
function asciiDomain(domain: string): string | null {
  if (!/[^\x20-\x7e]/.test(domain)) return domain;
  try {
    return new URL(`http://${domain}/`).hostname;
  } catch {
    return null;
  }
}

/**
 * `Name <local@domain>`, `"Name" <local@domain>` or `local@domain`. The address is checked strictly because it also
 * goes into MAIL FROM and RCPT TO: a dot-atom local part (no SMTPUTF8) and a hostname-like domain.
 */
export function parseMailbox(value: string): Mailbox {
  assertHeaderValue('address', value);
  const match = /^\s*(?:(.*?)\s*<([^<>]*)>|([^<>\s]+))\s*$/.exec(value);
  const rawAddress = match?.[2] ?? match?.[3];
  const at = rawAddress?.lastIndexOf('@') ?? -1;
  const local = rawAddress?.slice(0, at) ?? '';
  const domain = at > 0 ? asciiDomain(rawAddress?.slice(at + 1) ?? '') : null;
  if (!match || !domain || !LOCAL_PART.test(local) || !DOMAIN.test(domain)) {
    throw new Error(`not an e-mail address: ${JSON.stringify(value)}`);
  }
  let name = match[1]?.trim() ?? '';
  if (name.length >= 2 && name.startsWith('"') && name.endsWith('"')) name = name.slice(1, -1).replace(/\\(.)/g, '$1');
  return { name: name === '' ? null : name, address: `${local}@${domain.toLowerCase()}` };
}

/**
 * `text` as B encoded-words (RFC 2047), each a whole number of characters and within 75 characters; the first fits
 * in `firstRoom`. Spaces are inside the encoded text: whitespace between adjacent encoded-words is dropped on decoding.
 */
function encodedWords(text: string, firstRoom: number): string[] {
  const words: string[] = [];
  let room = firstRoom < ENCODED_WORD_OVERHEAD + 8 ? MAX_ENCODED_WORD : Math.min(firstRoom, MAX_ENCODED_WORD);
  let chunk: number[] = [];
  const flush = () => {
    words.push(`=?UTF-8?B?${base64(Uint8Array.from(chunk))}?=`);
    chunk = [];
    room = MAX_ENCODED_WORD;
  };
  for (const char of text) {
    const bytes = utf8.encode(char);
    const length = ENCODED_WORD_OVERHEAD + Math.ceil((chunk.length + bytes.length) / 3) * 4;
    if (chunk.length > 0 && length > room) flush();
    chunk.push(...bytes);
  }
  if (chunk.length > 0 || words.length === 0) flush();
  return words.map((word, index) => (index === 0 ? word : ` ${word}`));
}

const needsEncoding = (text: string) => /[^\x20-\x7e\t]/.test(text) || text.includes('=?');

/**
 * An unstructured value as pieces the folding may break between: ASCII split before its whitespace, anything else
 * (or text that would read as an encoded-word) as encoded-words.
 */
function unstructuredTokens(text: string, firstRoom: number): string[] {
  if (needsEncoding(text)) return encodedWords(text, firstRoom);
  const tokens = text.match(/[ \t]*[^ \t]+/g) ?? [];
  const trailing = /[ \t]+$/.exec(text)?.[0] ?? '';
  if (tokens.length === 0) return [text];
  tokens[tokens.length - 1] += trailing;
  tokens[0] = tokens[0]?.trimStart() ?? '';
  return tokens;
}

const PHRASE_ATOMS = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~ -]+$/;

function mailboxTokens(mailbox: Mailbox, firstRoom: number): string[] {
  if (mailbox.name === null) return [mailbox.address];
  const { name } = mailbox;
  let phrase: string[];
  if (needsEncoding(name)) phrase = encodedWords(name, firstRoom);
  else if (PHRASE_ATOMS.test(name) && !/^ | $| {2}/.test(name)) phrase = [name];
  else phrase = [`"${name.replace(/[\\"]/g, '\\$&')}"`];
  return [...phrase, ` <${mailbox.address}>`];
}

/**
 * `Name: value`, folded (a CRLF before the whitespace of a token) so each line stays within 76 characters where the
 * tokens allow; a line over RFC 5322's hard limit of 998 is refused rather than sent.
 */
function headerField(name: string, tokens: string[]): string {
  const lines: string[] = [];
  let line = `${name}:`;
  tokens.forEach((token, index) => {
    const piece = index === 0 ? ` ${token}` : token;
    if (index > 0 && line.length + piece.length > MAX_LINE) {
      lines.push(line);
      line = piece;
    } else {
      line += piece;
    }
  });
  lines.push(line);
  if (lines.some((each) => each.length > HARD_MAX_LINE)) throw new Error(`mail header ${name} refused: a line over ${HARD_MAX_LINE} characters`);
  return lines.join(CRLF);
}

/** Room left on a header's first line for its first token (after `Name: `). */
const roomAfter = (name: string) => MAX_LINE - name.length - 2;

function unstructuredField(name: string, value: string): string {
  assertHeaderValue(name, value);
  return headerField(name, unstructuredTokens(value, roomAfter(name)));
}

function mailboxField(name: string, mailbox: Mailbox): string {
  return headerField(name, mailboxTokens(mailbox, roomAfter(name)));
}

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** RFC 5322 §3.3 in UTC, e.g. `Fri, 27 Nov 2026 16:03:30 +0000` (toUTCString's `GMT` is the obsolete form). */
export function rfc5322Date(date: Date): string {
  if (Number.isNaN(date.getTime())) throw new Error('mail Date refused: not a valid date');
  const two = (value: number) => String(value).padStart(2, '0');
  const time = `${two(date.getUTCHours())}:${two(date.getUTCMinutes())}:${two(date.getUTCSeconds())}`;
  return `${DAYS[date.getUTCDay()]}, ${two(date.getUTCDate())} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()} ${time} +0000`;
}

/** One line of text as quoted-printable (RFC 2045 §6.7): soft breaks keep every line within 76 characters. */
function quotedPrintableLine(line: string): string[] {
  const bytes = utf8.encode(line);
  const out: string[] = [];
  let current = '';
  bytes.forEach((byte, index) => {
    const whitespace = byte === 0x20 || byte === 0x09;
    // Whitespace at a line's end is encoded: transports may strip it.
    const literal = (byte >= 0x21 && byte <= 0x7e && byte !== 0x3d) || (whitespace && index < bytes.length - 1);
    const token = literal ? String.fromCharCode(byte) : `=${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    if (current.length + token.length > MAX_LINE - 1) {
      out.push(`${current}=`);
      current = '';
    }
    current += token;
  });
  out.push(current);
  return out;
}

/** A body as quoted-printable UTF-8 with CRLF line ends: any of CRLF, CR or LF in the text is a line break. */
export function quotedPrintable(text: string): string {
  return text
    .split(/\r\n|\r|\n/)
    .flatMap(quotedPrintableLine)
    .join(CRLF);
}

function textPart(type: 'plain' | 'html', body: string): string {
  return [`Content-Type: text/${type}; charset=utf-8`, 'Content-Transfer-Encoding: quoted-printable', '', quotedPrintable(body)].join(CRLF);
}

function defaultRandomBytes(length: number): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(length));
}

/**
 * The message as 7-bit text with CRLF line ends, ending in CRLF. Throws on an invalid address, a header value with
 * a line break or control character, an extra header that names a field written here, or an invalid date.
 */
export function buildMimeMessage(input: MimeMessageInput): string {
  const randomBytes = input.randomBytes ?? defaultRandomBytes;
  const from = parseMailbox(input.from);
  const to = parseMailbox(input.to);
  const domain = input.messageIdDomain ?? from.address.slice(from.address.lastIndexOf('@') + 1);
  assertHeaderValue('Message-ID', domain);
  if (!DOMAIN.test(domain)) throw new Error(`mail Message-ID refused: not a domain: ${JSON.stringify(domain)}`);

  const extra = Object.entries(input.headers ?? {}).map(([name, value]) => {
    // RFC 5322 §3.6.8: printable ASCII except the colon.
    if (!/^[!-9;-~]+$/.test(name)) throw new Error(`mail header refused: invalid field name ${JSON.stringify(name)}`);
    if (OWN_FIELDS.has(name.toLowerCase())) throw new Error(`mail header ${name} refused: it is written from the message itself`);
    return unstructuredField(name, value);
  });

  const plain = textPart('plain', input.text);
  let content: string[];
  if (input.html === undefined) {
    content = [plain];
  } else {
    const html = textPart('html', input.html);
    let boundary: string;
    // Quoted-printable never writes `=_` (an `=` is `=3D`), so a clash is all but impossible; checked all the same.
    do boundary = `=_pfn_${hex(randomBytes(16))}`;
    while (plain.includes(boundary) || html.includes(boundary));
    content = [
      headerField('Content-Type', ['multipart/alternative;', ` boundary="${boundary}"`]),
      '',
      `--${boundary}`,
      plain,
      `--${boundary}`,
      html,
      `--${boundary}--`,
    ];
  }

  const header = [
    mailboxField('From', from),
    mailboxField('To', to),
    unstructuredField('Subject', input.subject),
    `Date: ${rfc5322Date(input.date)}`,
    `Message-ID: <${hex(randomBytes(12))}@${domain}>`,
    'MIME-Version: 1.0',
    ...extra,
  ];
  return `${[...header, ...content].join(CRLF)}${CRLF}`;
}

/** The message's bytes, as a socket writes them. */
export function mimeMessageBytes(input: MimeMessageInput): Uint8Array {
  return utf8.encode(buildMimeMessage(input));
}
