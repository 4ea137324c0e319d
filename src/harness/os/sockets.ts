// Which process holds which TCP socket, from /proc only: what the harness records as "the process that did the work"
// must come from the kernel, never from what the agent says it ran. A socket's owner is found through its inode:
// `/proc/<pid>/net/tcp{,6}` lists the sockets of that pid's network namespace (so this works from outside a netns),
// and `/proc/<pid>/fd/*` links to `socket:[<inode>]` for every socket the pid holds.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { netnsOf, TRIAL_MARKER } from './procs.ts';

/** One row of `/proc/<pid>/net/tcp{,6}`. */
export interface TcpRow {
  localPort: number;
  remotePort: number;
  /** Kernel state code: `0A` LISTEN, `01` ESTABLISHED. */
  state: string;
  inode: string;
}

const LISTEN = '0A';
const ESTABLISHED = '01';

function read(path: string): string | undefined {
  try {
    return readFileSync(path, 'latin1');
  } catch {
    return undefined; // gone meanwhile, or not ours to read
  }
}

/** The TCP sockets (v4 and v6) of `pid`'s network namespace. */
export function tcpTable(pid: number | 'self'): TcpRow[] {
  const rows: TcpRow[] = [];
  for (const f of ['tcp', 'tcp6']) {
    for (const line of (read(`/proc/${pid}/net/${f}`) ?? '').split('\n').slice(1)) {
      const c = line.trim().split(/\s+/);
      if (c.length < 10) continue;
      const port = (a: string) => parseInt(a.slice(a.lastIndexOf(':') + 1), 16);
      rows.push({ localPort: port(c[1]!), remotePort: port(c[2]!), state: c[3]!, inode: c[9]! });
    }
  }
  return rows;
}

/** Socket inodes `pid` holds open (`/proc/<pid>/fd/* -> socket:[n]`). */
export function socketInodes(pid: number): Set<string> {
  const out = new Set<string>();
  let fds: string[];
  try {
    fds = readdirSync(`/proc/${pid}/fd`);
  } catch {
    return out;
  }
  for (const fd of fds) {
    try {
      const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (m) out.add(m[1]!);
    } catch {
      // closed meanwhile
    }
  }
  return out;
}

/** The pids among `pids` holding a socket of their namespace's table that `match` accepts, in the order given. */
function holders(pids: readonly number[], match: (r: TcpRow) => boolean): number[] {
  const tables = new Map<string, Set<string>>();
  const out: number[] = [];
  for (const pid of new Set(pids)) {
    const ns = netnsOf(pid);
    if (!ns) continue;
    let inodes = tables.get(ns);
    if (!inodes)
      tables.set(
        ns,
        (inodes = new Set(
          tcpTable(pid)
            .filter(match)
            .map((r) => r.inode),
        )),
      );
    if (inodes.size === 0) continue;
    for (const i of socketInodes(pid))
      if (inodes.has(i)) {
        out.push(pid);
        break;
      }
  }
  return out;
}

/** Pids among `pids` that hold a LISTEN socket on `port` (in their own network namespace). */
export function listenersOn(port: number, pids: readonly number[]): number[] {
  return holders(pids, (r) => r.state === LISTEN && r.localPort === port);
}

/** Pids among `pids` with an ESTABLISHED connection to remote port `port` (in their own network namespace). */
export function connectedTo(port: number, pids: readonly number[]): number[] {
  return holders(pids, (r) => r.state === ESTABLISHED && r.remotePort === port);
}

/**
 * Watch for clients connecting to `port`: each call reads one socket table (`tablePid`'s namespace) and looks up the
 * owners among `candidates()` (a /proc-wide scan, milliseconds) only when a connection appeared that was not looked
 * up before, so it can run on every relayed connection and every 100 ms without loading the harness.
 */
export function clientWatch(
  port: number,
  tablePid: () => number | 'self' | undefined,
  candidates: () => number[],
  found: (pids: number[]) => void,
): () => void {
  const seen = new Set<string>();
  return () => {
    const t = tablePid();
    if (t === undefined) return;
    const fresh = tcpTable(t).filter((r) => r.state === ESTABLISHED && r.remotePort === port && !seen.has(r.inode));
    if (fresh.length === 0) return;
    for (const r of fresh) seen.add(r.inode);
    found(connectedTo(port, candidates()));
  };
}

/** A process as `/proc` shows it: command line, working folder, names of its environment variables. */
export interface ProcInfo {
  argv: string[];
  /** Absolute, as the kernel reports it. */
  cwd: string;
  /** Sorted; the harness's own cleanup marker left out. */
  env: string[];
}

/** What `/proc/<pid>` says about a process, or undefined when it is gone (or shows no command line: a kernel thread). */
export function procInfo(pid: number): ProcInfo | undefined {
  const cmdline = read(`/proc/${pid}/cmdline`);
  let cwd: string;
  try {
    cwd = readlinkSync(`/proc/${pid}/cwd`);
  } catch {
    return undefined;
  }
  if (!cmdline) return undefined;
  const argv = Buffer.from(cmdline, 'latin1').toString('utf8').replace(/\0$/, '').split('\0');
  const env = (read(`/proc/${pid}/environ`) ?? '')
    .split('\0')
    .map((kv) => (kv.includes('=') ? kv.slice(0, kv.indexOf('=')) : kv))
    .filter((k) => k !== '' && k !== TRIAL_MARKER);
  return { argv, cwd, env: [...new Set(env)].sort() };
}
