import { AsyncLocalStorage } from 'node:async_hooks';
import { format } from 'node:util';
import { pino, type DestinationStream, type Level, type LevelWithSilent, type Logger } from 'pino';
import { scrubSecrets } from '../../edge/log-redaction.ts';

// The process's log on Node (docs/decisions/0040): one pino logger, JSON lines on stdout. The request being answered
// travels in an AsyncLocalStorage, so every line written while answering it (the request line, an error, the embedded
// backend's own) carries its id without anyone passing it along.

export const LOG_LEVELS: readonly LevelWithSilent[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

const requestScope = new AsyncLocalStorage<{ reqId: string }>();

/** The id of the request whose work is running now (its X-Request-Id), or undefined outside any request. */
export function currentRequestId(): string | undefined {
  return requestScope.getStore()?.reqId;
}

/** Runs fn (and everything it starts) as the work of the request with this id. */
export function runWithRequestId<T>(reqId: string, fn: () => T): T {
  return requestScope.run({ reqId }, fn);
}

export interface LoggerOptions {
  level?: LevelWithSilent;
  /** Where lines go; stdout by default (tests pass a stream to read them). */
  destination?: DestinationStream;
}

export function createLogger(options: LoggerOptions = {}): Logger {
  return pino(
    {
      level: options.level ?? 'info',
      // No pid or host name: nothing in a line that is not about the request or the event.
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      mixin: () => {
        const reqId = currentRequestId();
        return reqId ? { reqId } : {};
      },
      // The last guard: an e-mail address, a JWT or an IP address quoted by an error never reaches the log.
      hooks: { streamWrite: scrubSecrets },
    },
    options.destination ?? pino.destination({ dest: 1, sync: true }),
  );
}

let root: Logger = createLogger();

/** The process's logger. */
export function logger(): Logger {
  return root;
}

/** Makes this the process's logger (npm start, with LOG_LEVEL; a test, with its own destination). */
export function setProcessLogger(next: Logger): void {
  root = next;
}

const CONSOLE_LEVELS: Record<'error' | 'warn' | 'info' | 'log' | 'debug', Level> = {
  error: 'error',
  warn: 'warn',
  info: 'info',
  log: 'info',
  debug: 'debug',
};

/**
 * Sends console.error/warn/info/log/debug through the process's logger: the lines the edge handler and the backend
 * write with console (a failed render, a database error) become log lines with the request's id and the scrubbing.
 * An Error among the arguments is logged as `err` (message and stack). Returns the function that puts console back.
 */
export function routeConsoleToLogger(): () => void {
  const names = Object.keys(CONSOLE_LEVELS) as (keyof typeof CONSOLE_LEVELS)[];
  const originals = Object.fromEntries(names.map((name) => [name, console[name].bind(console)]));
  for (const [name, level] of Object.entries(CONSOLE_LEVELS)) {
    console[name as keyof typeof CONSOLE_LEVELS] = (...args: unknown[]) => {
      const err = args.find((arg): arg is Error => arg instanceof Error);
      const rest = args.filter((arg) => arg !== err);
      const message = format(...rest);
      if (err) root[level]({ err }, message);
      else root[level](message);
    };
  }
  return () => Object.assign(console, originals);
}
