import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../../scripts/free-port.ts';

// A throwaway PostgreSQL cluster from Debian's packages, on 127.0.0.1 only, as scripts/with-postgres.sh makes one for
// the database suite: the single-machine deploy path runs on it, and its backup is restored into a second one.

export interface PostgresCluster {
  /** The superuser's connection string to the `postgres` database. */
  url: string;
  /** The Debian package's binaries (pg_dump, pg_restore, psql, createdb). */
  bindir: string;
  /** `pg_ctl restart -m fast`, as a package upgrade or the database's reboot does: every connection is terminated. */
  restart(): Promise<void>;
  /** `pg_ctl stop -m fast` (the data stays) and `start` again, for an outage that lasts as long as the caller wants. */
  pause(): Promise<void>;
  resume(): Promise<void>;
  stop(): void;
}

export function postgresBindir(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(a) - Number(b)) : [];
  const latest = versions.at(-1);
  if (!latest) throw new Error('PostgreSQL is not installed: apt-get install -y postgresql');
  return join(root, latest, 'bin');
}

const isRoot = process.getuid?.() === 0;

/** Runs a PostgreSQL tool as the cluster's owner (postgres when the suite runs as root, which initdb refuses to be). */
function asOwner(bindir: string, tool: string, args: string[]): string {
  const command = join(bindir, tool);
  return isRoot
    ? execFileSync('runuser', ['-u', 'postgres', '--', command, ...args], { encoding: 'utf8' })
    : execFileSync(command, args, { encoding: 'utf8' });
}

/** The same, without blocking the event loop: the load a test drives must go on while the cluster restarts. */
async function asOwnerAsync(bindir: string, tool: string, args: string[]): Promise<void> {
  const command = join(bindir, tool);
  const run = promisify(execFile);
  await (isRoot ? run('runuser', ['-u', 'postgres', '--', command, ...args]) : run(command, args));
}

/** The connections the README's setup gives `npm start`: the owner's (migrations) and authenticator's (requests). */
export interface ReadmeDatabase {
  /** DATABASE_URL: the owner role `portoferreira`, on the database it owns. */
  ownerUrl: string;
  /** DATABASE_API_URL: `authenticator`, on the same database. */
  apiUrl: string;
}

/** Runs the README's roles block on the cluster, as written (scripts/readme-postgres-roles.sh), as a newsroom does once. */
export function setUpAsReadme(cluster: PostgresCluster, repository: string): ReadmeDatabase {
  const printed = execFileSync('bash', [join(repository, 'scripts', 'readme-postgres-roles.sh')], {
    encoding: 'utf8',
    env: { PATH: `${cluster.bindir}:${process.env.PATH ?? ''}`, SUPERUSER_URL: cluster.url },
  });
  const [ownerPassword = '', apiPassword = ''] = printed.trim().split('\n');
  const at = (user: string, password: string) => {
    const url = new URL(cluster.url);
    url.username = user;
    url.password = password;
    url.pathname = '/portoferreira';
    return url.toString();
  };
  return { ownerUrl: at('portoferreira', ownerPassword), apiUrl: at('authenticator', apiPassword) };
}

export async function startPostgresCluster(): Promise<PostgresCluster> {
  const bindir = postgresBindir();
  const workdir = mkdtempSync(join(tmpdir(), 'pfn-postgres-'));
  if (isRoot) chownSync(workdir, Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })), Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' })));
  const data = join(workdir, 'data');
  const port = await freePort();
  asOwner(bindir, 'initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--encoding=UTF8', '--locale=C.UTF-8']);
  const serverArgs = ['-D', data, '-l', join(workdir, 'server.log'), '-w', '-o', `-p ${port} -k ${workdir} -c listen_addresses=127.0.0.1 -c fsync=off`];
  asOwner(bindir, 'pg_ctl', [...serverArgs, 'start']);
  let stopped = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    bindir,
    restart: () => asOwnerAsync(bindir, 'pg_ctl', [...serverArgs, '-m', 'fast', 'restart']),
    pause: () => asOwnerAsync(bindir, 'pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']),
    resume: () => asOwnerAsync(bindir, 'pg_ctl', [...serverArgs, 'start']),
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        asOwner(bindir, 'pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      } finally {
        rmSync(workdir, { recursive: true, force: true });
      }
    },
  };
}
