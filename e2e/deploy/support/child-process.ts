import { spawn, type ChildProcess } from 'node:child_process';

/** A command the deploy suite started (npm run backend, npm run build:app, npm start), in its own process group. */
export interface Child {
  pid: number;
  /** Everything it printed so far, stdout and stderr interleaved. */
  output(): string;
  /** Resolves with the exit code once it has exited. */
  exited: Promise<number | null>;
  /** SIGTERM to its process group (npm's shell and the node it runs), SIGKILL if still there after `graceMs`. */
  stop(graceMs?: number): Promise<void>;
}

export interface StartOptions {
  cwd: string;
  /** The whole environment the command sees: nothing of the test runner's own leaks in unless passed here. */
  env: Record<string, string>;
  /** Shown in errors. */
  name: string;
}

/**
 * The runner's PATH and home, the only things a command needs from it; the deploy's variables are each test's own
 * (a VITE_SUPABASE_URL exported in the developer's shell must not reach a build that is supposed to be without one).
 */
export function baseEnv(): Record<string, string> {
  const keep = ['PATH', 'HOME', 'TMPDIR', 'LANG', 'TERM', 'CHROMIUM_PATH', 'npm_config_cache'];
  return Object.fromEntries(keep.flatMap((name) => (process.env[name] ? [[name, process.env[name]]] : [])));
}

export function startChild(command: string, args: string[], options: StartOptions): Child {
  // detached: a process group of its own, so stopping it reaches the node that `npm run`'s shell started.
  const child: ChildProcess = spawn(command, args, {
    cwd: options.cwd,
    env: options.env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (child.pid === undefined) throw new Error(`${options.name}: could not start ${command}`);
  const pid = child.pid;
  let printed = '';
  child.stdout?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  let gone = false;
  void exited.then(() => (gone = true));

  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-pid, signal);
    } catch {
      // Already gone.
    }
  };

  return {
    pid,
    output: () => printed,
    exited,
    async stop(graceMs = 10_000) {
      if (gone) {
        // Its children may outlive npm: the group is still signalled.
        signalGroup('SIGTERM');
        return;
      }
      signalGroup('SIGTERM');
      const timer = setTimeout(() => signalGroup('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Waits until the child prints a line matching `pattern`; fails with its output if it exits or time runs out. */
export async function waitForOutput(child: Child, pattern: RegExp, name: string, timeoutMs = 120_000): Promise<RegExpExecArray> {
  const deadline = Date.now() + timeoutMs;
  let exitCode: number | null | undefined;
  void child.exited.then((code) => (exitCode = code));
  for (;;) {
    const match = pattern.exec(child.output());
    if (match) return match;
    if (exitCode !== undefined) throw new Error(`${name} exited (code ${String(exitCode)}) before printing ${String(pattern)}:\n${child.output()}`);
    if (Date.now() > deadline) throw new Error(`${name} did not print ${String(pattern)} within ${timeoutMs} ms:\n${child.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Runs a command to its end; fails with its output on a non-zero exit. */
export async function runToEnd(command: string, args: string[], options: StartOptions, timeoutMs = 300_000): Promise<string> {
  const child = startChild(command, args, options);
  const timer = setTimeout(() => void child.stop(), timeoutMs);
  const code = await child.exited;
  clearTimeout(timer);
  if (code !== 0) throw new Error(`${options.name} failed (exit code ${String(code)}):\n${child.output()}`);
  return child.output();
}

/** Waits until `url` answers at all (any status); fails with the child's output if it exits first or time runs out. */
export async function waitForHttp(child: Child, url: string, name: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exitCode: number | null | undefined;
  void child.exited.then((code) => (exitCode = code));
  for (;;) {
    if (exitCode !== undefined) throw new Error(`${name} exited (code ${String(exitCode)}) before answering ${url}:\n${child.output()}`);
    try {
      await fetch(url, { signal: AbortSignal.timeout(5_000) });
      return;
    } catch {
      if (Date.now() > deadline) throw new Error(`${name} did not answer ${url} within ${timeoutMs} ms:\n${child.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}
