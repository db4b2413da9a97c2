import { createServer, type Server } from 'node:http';
import { once } from 'node:events';

export interface SlowDocumentProxy {
  baseUrl: string;
  stop(): Promise<void>;
}

/**
 * A proxy in front of the app that sends each HTML page in parts, pausing after every marker, as a slow connection
 * delivers it: the browser paints what it has read so far, so a journey can see whether what painted first moves
 * when the rest arrives. Everything else passes through whole.
 */
export async function startSlowDocumentProxy(target: string, markers: string[], pauseMs: number): Promise<SlowDocumentProxy> {
  const server: Server = createServer((request, response) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const forwarded = Object.entries(request.headers).flatMap(([name, value]) =>
        name === 'host' || name === 'connection' || value === undefined ? [] : [[name, Array.isArray(value) ? value.join(', ') : value] as [string, string]],
      );
      const upstream = await fetch(new URL(request.url ?? '/', target), {
        method: request.method,
        headers: forwarded,
        body: chunks.length > 0 ? Buffer.concat(chunks) : undefined,
        redirect: 'manual',
      });
      const headers = Object.fromEntries([...upstream.headers].filter(([name]) => !['content-encoding', 'content-length', 'transfer-encoding', 'connection'].includes(name)));
      response.writeHead(upstream.status, headers);
      const body = Buffer.from(await upstream.arrayBuffer());
      if (!(upstream.headers.get('content-type') ?? '').startsWith('text/html')) {
        response.end(body);
        return;
      }
      let html = body.toString('utf8');
      for (const marker of markers) {
        const at = html.indexOf(marker);
        if (at < 0) throw new Error(`slow document proxy: the page has no ${JSON.stringify(marker)}`);
        response.write(html.slice(0, at + marker.length));
        html = html.slice(at + marker.length);
        await new Promise((resolve) => setTimeout(resolve, pauseMs));
      }
      response.end(html);
    })().catch((error: unknown) => {
      response.destroy(error instanceof Error ? error : new Error(String(error)));
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('slow document proxy: no port');
  return {
    baseUrl: `http://127.0.0.1:${address.port}`,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
