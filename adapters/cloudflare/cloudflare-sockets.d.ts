// The part of Cloudflare's TCP sockets API (https://developers.cloudflare.com/workers/runtime-apis/tcp-sockets/) the
// Worker uses. @cloudflare/workers-types is not a dependency: its global types would clash with the DOM lib that
// tsconfig.edge.json checks the edge code against.
declare module 'cloudflare:sockets' {
  interface SocketAddress {
    hostname: string;
    port: number;
  }

  interface SocketOptions {
    /** 'starttls' is required for a later startTls(). */
    secureTransport?: 'on' | 'starttls' | 'off';
    allowHalfOpen?: boolean;
  }

  interface TlsOptions {
    expectedServerHostname?: string;
  }

  interface SocketInfo {
    remoteAddress?: string;
    localAddress?: string;
  }

  interface Socket {
    readonly readable: ReadableStream<Uint8Array>;
    readonly writable: WritableStream<Uint8Array>;
    readonly opened: Promise<SocketInfo>;
    readonly closed: Promise<void>;
    close(): Promise<void>;
    startTls(options?: TlsOptions): Socket;
  }

  export function connect(address: SocketAddress | string, options?: SocketOptions): Socket;
}
