// Processes and ports of this machine: find, wait for and kill them. The lowest room of the harness: runner, probe,
// reference and libraries all use it, it uses none of them.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/** Env var that marks every process of one trial, so cleanup can find them even after they re-parent or setsid. */
export const TRIAL_MARKER = 'MCPFS_TRIAL';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function numericPids(): number[] {
  return readdirSync('/proc')
    .filter((n) => /^\d+$/.test(n))
    .map(Number)
    .filter((p) => p !== process.pid);
}

function read(path: string): string | undefined {
  try {
    return readFileSync(path, 'latin1');
  } catch {
    return undefined; // the process exited meanwhile, or is not ours to read
  }
}

/** Pids whose environment carries `MCPFS_TRIAL=<marker>` (inherited by every descendant that keeps its env). */
export function pidsWithMarker(marker: string): number[] {
  return pidsWithEnv(`${TRIAL_MARKER}=${marker}`);
}

/** Pids whose environment holds exactly this `NAME=value` entry. */
export function pidsWithEnv(entry: string): number[] {
  return numericPids().filter((p) => read(`/proc/${p}/environ`)?.split('\0').includes(entry));
}

/** Pids whose cgroup path names `id` (a container's 64-hex id: `/docker/<id>` or `docker-<id>.scope`). */
export function pidsInCgroup(id: string): number[] {
  if (!/^[0-9a-f]{64}$/.test(id)) return [];
  return numericPids().filter((p) => read(`/proc/${p}/cgroup`)?.includes(id));
}

/** A pid's command line, one element per argument (empty when it is gone). */
export function cmdlineOf(pid: number): string[] {
  return (read(`/proc/${pid}/cmdline`) ?? '').split('\0').filter(Boolean);
}

/** A pid's parent pid (0 when it is gone). */
export function parentOf(pid: number): number {
  const stat = read(`/proc/${pid}/stat`);
  return stat ? Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) : 0;
}

/** Network-namespace identity of a pid (`net:[4026532…]`), or undefined when it is gone. */
export function netnsOf(pid: number | 'self'): string | undefined {
  try {
    return readlinkSync(`/proc/${pid}/ns/net`);
  } catch {
    return undefined;
  }
}

/** Pids living in the given network namespace (catches processes that cleared their environment). */
export function pidsInNetns(ns: string): number[] {
  return numericPids().filter((p) => netnsOf(p) === ns);
}

/** Whether a pid is alive and not a zombie. */
export function alive(pid: number): boolean {
  const stat = read(`/proc/${pid}/stat`);
  if (!stat) return false;
  const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
  return state !== 'Z' && state !== 'X';
}

/**
 * Kill every process `find()` returns until none is left: SIGKILL repeatedly (new children may be forked while we
 * kill), bounded. Returns the pids still alive at the end (empty on success).
 */
export async function killAll(find: () => number[], timeoutMs = 5000): Promise<number[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const left = find().filter(alive);
    if (left.length === 0) return [];
    if (Date.now() > deadline) return left;
    for (const p of left) {
      try {
        process.kill(p, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    await sleep(50);
  }
}

/** SIGKILL one pid, ignoring "no such process". */
export function killPid(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

/** Kill a process group (negative pid), ignoring "no such process". */
export function killGroup(pgid: number, signal: NodeJS.Signals = 'SIGKILL'): void {
  try {
    process.kill(-pgid, signal);
  } catch {
    // the group is already empty
  }
}

/** Direct children of a pid (from `/proc/<pid>/task/<pid>/children`). */
export function childrenOf(pid: number): number[] {
  return (read(`/proc/${pid}/task/${pid}/children`) ?? '').trim().split(/\s+/).filter(Boolean).map(Number);
}
