import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

// The server's resident memory (RSS) as the kernel counts it, read from /proc: the processes under the one the
// benchmark started whose command line names the server (npm's own process and its shell are not the server).

interface ProcessEntry {
  pid: number;
  ppid: number;
  command: string;
  cwd: string;
}

function readProcess(pid: number): ProcessEntry | null {
  try {
    // /proc/<pid>/stat: "pid (comm) state ppid ...": the name may hold spaces and parentheses, so read after the last ')'.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
    let cwd = '';
    try {
      cwd = readlinkSync(`/proc/${pid}/cwd`);
    } catch {
      // Another user's process: its folder is not ours to read, and it is not one of ours.
    }
    return { pid, ppid, command, cwd };
  } catch {
    return null;
  }
}

function residentKiB(pid: number): number {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((entry) => entry.startsWith('VmRSS:'));
    return Number(/(\d+)/.exec(line ?? '')?.[1] ?? 0);
  } catch {
    return 0;
  }
}

function processTable(): ProcessEntry[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((name) => readProcess(Number(name)))
    .filter((entry): entry is ProcessEntry => entry !== null);
}

/** The descendants of `root` (itself included) whose command line contains `marker` and none of whose children's does. */
function serverProcesses(root: number, marker: string): number[] {
  const table = processTable();
  const children = new Map<number, ProcessEntry[]>();
  for (const entry of table) children.set(entry.ppid, [...(children.get(entry.ppid) ?? []), entry]);
  const family = new Set([root]);
  const toVisit = [root];
  for (let pid = toVisit.pop(); pid !== undefined; pid = toVisit.pop()) {
    for (const child of children.get(pid) ?? []) {
      family.add(child.pid);
      toVisit.push(child.pid);
    }
  }
  const matching = table.filter((entry) => family.has(entry.pid) && entry.command.includes(marker));
  // The deepest: npm's shell names the script too (`sh -c "node … server/start.ts"`), the node below it runs it.
  return matching.filter((entry) => !matching.some((other) => other.ppid === entry.pid)).map((entry) => entry.pid);
}

const megabytes = (pids: readonly number[]) => (pids.reduce((sum, pid) => sum + residentKiB(pid), 0) * 1024) / 1e6;

/** The summed RSS in MB (10^6 bytes) of the descendants of `root` whose command line contains `marker`. */
export function serverMemoryMb(root: number, marker: string): number {
  return megabytes(serverProcesses(root, marker));
}

/**
 * The same for the processes working in `folder` whose command line contains `marker`: workerd, which wrangler
 * starts in the site's folder (wrangler's own Node, which only relays, is left out).
 */
export function memoryOfProcessesInMb(folder: string, marker: string): number {
  return megabytes(processTable().filter((entry) => entry.cwd === folder && entry.command.includes(marker)).map((entry) => entry.pid));
}
