import { scrubSecrets } from './log-redaction';

// The Worker's log lines (docs/decisions/0040): one JSON object per console call, in the shape npm start's pino lines
// have (time, level, msg, reqId, …), so one log search reads both hosts. Web APIs only.

export type JsonLogLevel = 'error' | 'warn' | 'info';

/** The line for console.log/error: ISO time, level, the fields, the message, scrubbed like pino's lines are. */
export function jsonLogLine(level: JsonLogLevel, msg: string, fields: Record<string, unknown> = {}, now = new Date()): string {
  return scrubSecrets(JSON.stringify({ level, time: now.toISOString(), ...fields, msg }));
}

/** An error as a log field: its name and message, no stack (a Worker's stack names only bundle lines). */
export function errorField(error: unknown): { type: string; message: string } {
  return error instanceof Error ? { type: error.name, message: error.message } : { type: typeof error, message: String(error) };
}

/**
 * The answer with its body counted as it streams out: `bytes` settles with the body's size once the client has read
 * it all (0 without a body), or with what was sent when the stream is cancelled.
 */
export function countedBody(response: Response): { response: Response; bytes: Promise<number> } {
  if (!response.body) return { response, bytes: Promise.resolve(0) };
  let count = 0;
  let settle: (bytes: number) => void = () => undefined;
  const bytes = new Promise<number>((resolve) => {
    settle = resolve;
  });
  const counter = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      count += chunk.byteLength;
      controller.enqueue(chunk);
    },
    flush() {
      settle(count);
    },
  });
  void response.body.pipeTo(counter.writable).catch(() => settle(count));
  return { response: new Response(counter.readable, response), bytes };
}
