import { isIP, connect as netConnect, type Socket } from 'node:net';
import { connect as tlsConnect, type ConnectionOptions, type TLSSocket } from 'node:tls';
import type { SecureTransport, SmtpConnect, SmtpSocket } from '../../edge/mail/socket-smtp.ts';

// edge/mail/socket-smtp.ts's connector on Node, for its tests: a node:net (or node:tls) socket as the Web streams
// Cloudflare's connect() gives a Worker, with startTls() upgrading the same connection as it does.

export interface NodeSmtpConnectOptions {
  /** For TLS, e.g. `{ rejectUnauthorized: false }` for the test sink's self-signed localhost certificate. */
  tls?: ConnectionOptions;
  /** Told of every connection and upgrade, for tests that say which transport was used. */
  onEvent?: (event: { kind: 'connect'; secureTransport: SecureTransport } | { kind: 'startTls' }) => void;
}

/** The socket's bytes as a ReadableStream until `detach()`, when a TLS layer takes them over. */
function streamsOf(socket: Socket) {
  let detached = false;
  let onData: (chunk: Buffer) => void = () => undefined;
  let onEnd: () => void = () => undefined;
  let onError: (error: Error) => void = () => undefined;
  const readable = new ReadableStream<Uint8Array>({
    start(controller) {
      // A stream already cancelled or closed throws on enqueue and close: what arrives then has no reader anyway.
      const quietly = (step: () => void) => {
        try {
          step();
        } catch {
          // nothing reads it
        }
      };
      onData = (chunk) => quietly(() => controller.enqueue(new Uint8Array(chunk)));
      onEnd = () => quietly(() => controller.close());
      onError = (error) => quietly(() => controller.error(error));
      socket.on('data', onData).on('end', onEnd).on('error', onError);
    },
    cancel() {
      if (!detached) socket.destroy();
    },
  });
  const writable = new WritableStream<Uint8Array>({
    write: (chunk) => new Promise<void>((written, failed) => socket.write(chunk, (error) => (error ? failed(error) : written()))),
    close: () => new Promise<void>((ended) => socket.end(ended)),
    abort: () => void socket.destroy(),
  });
  const detach = () => {
    detached = true;
    socket.off('data', onData).off('end', onEnd).off('error', onError);
  };
  return { readable, writable, detach };
}

function webSocket(socket: Socket | TLSSocket, opened: Promise<unknown>, upgrade: ((raw: Socket) => SmtpSocket) | null): SmtpSocket {
  // An error after the streams are gone (e.g. ECONNRESET on close) has no one to tell: kept from crashing the test.
  socket.on('error', () => undefined);
  const { readable, writable, detach } = streamsOf(socket);
  return {
    readable,
    writable,
    opened,
    startTls() {
      if (!upgrade) throw new TypeError('startTls needs secureTransport: "starttls"');
      const start = upgrade;
      upgrade = null;
      detach();
      return start(socket);
    },
    close: () =>
      new Promise<void>((closed) => {
        if (socket.destroyed) return closed();
        socket.once('close', () => closed());
        socket.destroy();
      }),
  };
}

const connectedBy = (socket: Socket, event: 'connect' | 'secureConnect') =>
  new Promise<void>((connected, failed) => {
    socket.once(event, () => connected());
    socket.once('error', failed);
  });

export function nodeSmtpConnect(options: NodeSmtpConnectOptions = {}): SmtpConnect {
  return ({ hostname, port, secureTransport }) => {
    options.onEvent?.({ kind: 'connect', secureTransport });
    // SNI names a host, never an address (RFC 6066).
    const servername = isIP(hostname) ? undefined : hostname;
    const tlsOver = (raw: Socket | null): SmtpSocket => {
      const secure = raw
        ? tlsConnect({ ...options.tls, socket: raw, servername })
        : tlsConnect({ ...options.tls, host: hostname, port, servername });
      const opened = connectedBy(secure, 'secureConnect');
      opened.catch(() => undefined);
      return webSocket(secure, opened, null);
    };
    if (secureTransport === 'on') return tlsOver(null);
    const socket = netConnect({ host: hostname, port });
    const opened = connectedBy(socket, 'connect');
    opened.catch(() => undefined);
    const upgrade = secureTransport === 'starttls'
      ? (raw: Socket) => {
          options.onEvent?.({ kind: 'startTls' });
          return tlsOver(raw);
        }
      : null;
    return webSocket(socket, opened, upgrade);
  };
}
