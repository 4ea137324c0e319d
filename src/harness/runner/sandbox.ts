import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { InfraError } from '../errors.ts';
import { isListening } from '../os/ports.ts';
import { childrenOf, killAll, netnsOf, pidsInNetns } from '../os/procs.ts';
import { startRelay, formatEndpoint, type Endpoint, type Relay } from './relay.ts';
import { shq } from './env.ts';
import type { SandboxInfo } from '../../bench/schema/sandbox.ts';

/** Isolation applied to the subject's processes (the record's `trial.isolation`). */
export type IsolationKind = 'netns' | 'docker' | 'none';

/**
 * Where the subject's processes run. `netns`: a fresh network namespace with only loopback up; the harness reaches
 * it through one-port relays over Unix sockets (which cross network namespaces), so the subject sees the same
 * `127.0.0.1:<port>` URL as the prober or reference server, and nothing else of the network.
 */
export interface Sandbox {
  kind: IsolationKind;
  /** Wrap a command so it starts inside the sandbox. */
  enter(cmd: string, args: readonly string[]): { cmd: string; args: string[] };
  /**
   * The processes a started wrapper (`enter`'s command, by pid) became inside: they must stop with it at a time
   * limit. netns: nsenter's forked child; docker: the exec'd process (the client's death does not end it).
   */
  entered(wrapperPid: number): number[];
  /** `docker` only: the container's image and limits, for the record. */
  info?: SandboxInfo;
  /** Something listens on `port` (reachable at 127.0.0.1) inside the sandbox. */
  listening(port: number): boolean;
  /** Make the subject's `127.0.0.1:port` inside reachable at the host's `127.0.0.1:port`. Throws on a host port clash. */
  exposeInside(port: number): Promise<Relay>;
  /**
   * Make the host's `127.0.0.1:port` (e.g. the reference server) reachable at `127.0.0.1:port` inside;
   * `onConnection` runs as each connection from inside arrives, before it is relayed (netns only).
   */
  exposeHost(port: number, onConnection?: () => void): Promise<Relay>;
  /** A pid whose `/proc/<pid>/net/tcp{,6}` shows the subject's sockets (netns: the anchor; none: the harness itself). */
  netPid(): number | 'self' | undefined;
  /** Every process inside the sandbox (netns: all pids in the namespace; none: none known). */
  pids(): number[];
  /** Kill everything inside and remove the sandbox. Returns pids that could not be killed. */
  dispose(): Promise<number[]>;
}

const RELAY_MAIN = fileURLToPath(new URL('./relay-main.ts', import.meta.url));
const noRelay: Relay = { close: async () => {} };

/** No isolation: commands run as they are, in the host network namespace. */
export function noneSandbox(): Sandbox {
  return {
    kind: 'none',
    enter: (cmd, args) => ({ cmd, args: [...args] }),
    entered: () => [],
    listening: (port) => isListening(port, 'self'),
    netPid: () => 'self',
    exposeInside: async () => noRelay,
    exposeHost: async () => noRelay,
    pids: () => [],
    dispose: async () => [],
  };
}

function ip(args: string[]): void {
  const r = spawnSync('ip', args, { encoding: 'utf8', timeout: 10_000 });
  if (r.error || r.status !== 0) {
    throw new InfraError(
      `sandbox failure: ip ${args.join(' ')}: ${(r.error?.message ?? r.stderr).trim() || `exit ${r.status}`}`,
    );
  }
}

/** Start a process inside and resolve once it printed "ready" (or reject when it exits first). */
export function startInside(
  sb: Pick<Sandbox, 'enter'>,
  args: string[],
  what: string,
  cmd = process.execPath,
): Promise<ChildProcess> {
  const w = sb.enter(cmd, args);
  const child = spawn(w.cmd, w.args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
  });
  let err = '';
  child.stderr!.on('data', (b: Buffer) => (err += b.toString()));
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (b: Buffer) => {
      if (b.toString().includes('ready')) resolve(child);
    });
    child.once('error', (e) => reject(new InfraError(`sandbox failure: ${what}: ${e.message}`)));
    child.once('exit', (code) => reject(new InfraError(`sandbox failure: ${what} exited ${code}: ${err.trim()}`)));
  });
}

/**
 * The filesystem a subject sees (netns only): a fresh root of its own, not the host's. Only the system folders
 * (read-only), a minimal /dev, its own /proc and an empty /tmp are there, plus each bind at its host path (the
 * workspace, the agent's home and temp folder, the Node binary's folder, the project for library glue). Everything
 * else of the host — other checkouts, other trials' folders, the spec copy, the homes, credentials — simply does not
 * exist inside. `root` is an empty host folder the new root is mounted on.
 */
export interface FsView {
  root: string;
  binds: { path: string; writable: boolean }[];
}

/** Host folders every process needs, bound read-only (symlinks such as merged-/usr `bin -> usr/bin` are recreated). */
const SYSTEM = ['usr', 'bin', 'sbin', 'lib', 'lib32', 'lib64', 'libx32', 'etc'];
/** The device nodes a program expects; no disks, no kmsg, no loop devices (and no CAP_MKNOD to make them). */
const DEVICES = ['null', 'zero', 'full', 'random', 'urandom', 'tty'];

/**
 * Subject processes keep uid 0 but only Docker's default capabilities minus CAP_MKNOD: without CAP_SYS_ADMIN they
 * cannot setns out of the namespace or undo the root, without CAP_SYS_PTRACE they cannot read the harness's (or pi's)
 * `/proc/<pid>/environ`, and without CAP_MKNOD they cannot make a device node for a host disk.
 */
const DROP_CAPS = [
  'setpriv',
  '--bounding-set',
  '-all,+chown,+dac_override,+fowner,+fsetid,+kill,+setgid,+setuid,+setpcap,+setfcap,+net_bind_service,+net_raw,+audit_write,+sys_chroot',
  '--inh-caps=-all',
  '--',
];

/** The shell run (as root, in a private mount namespace) before the subject's command: build the root, pivot into it. */
export function rootScript(v: FsView): string {
  const q = shq;
  const R = q(v.root);
  const bind = (from: string, to: string, writable: boolean) => [
    `mkdir -p ${to}`,
    `mount --rbind ${q(from)} ${to}`,
    ...(writable ? [] : [`mount -o remount,ro,bind ${to}`]),
  ];
  return [
    'set -e',
    'cwd="$PWD"',
    `mount -t tmpfs -o size=256m,mode=0755 mcpfs-root ${R}`,
    ...SYSTEM.map(
      (d) =>
        `if [ -L /${d} ]; then ln -s "$(readlink /${d})" ${R}/${d}; elif [ -d /${d} ]; then mkdir ${R}/${d} && mount --rbind /${d} ${R}/${d} && mount -o remount,ro,bind ${R}/${d}; fi`,
    ),
    `mkdir -p ${R}/dev ${R}/proc ${R}/tmp && chmod 1777 ${R}/tmp`,
    `mount -t tmpfs -o size=64k,mode=0755 mcpfs-dev ${R}/dev && mkdir -p ${R}/dev/pts ${R}/dev/shm && chmod 1777 ${R}/dev/shm`,
    ...DEVICES.map((d) => `touch ${R}/dev/${d} && mount --bind /dev/${d} ${R}/dev/${d}`),
    `ln -s /proc/self/fd ${R}/dev/fd && ln -s /proc/self/fd/0 ${R}/dev/stdin && ln -s /proc/self/fd/1 ${R}/dev/stdout && ln -s /proc/self/fd/2 ${R}/dev/stderr`,
    `mount -t proc proc ${R}/proc`,
    ...v.binds.flatMap((b) => bind(b.path, `${R}${q(b.path)}`, b.writable)),
    `cd ${R} && mkdir .old-root && pivot_root . .old-root && umount -l /.old-root && rmdir /.old-root`,
    'cd "$cwd"',
    'exec "$@"',
  ].join('\n');
}

/**
 * A fresh network namespace `mcpfs-<tag>` with loopback up, and a pid namespace, both anchored by a sleeping pid 1
 * (whose `/proc/<pid>/net/tcp` shows the namespace's sockets). Needs root, iproute2 and util-linux; failure is an
 * infra-error.
 */
export async function netnsSandbox(tag: string, dir: string, view?: FsView): Promise<Sandbox> {
  const name = `mcpfs-${tag}`;
  const nsPath = `/run/netns/${name}`;
  ip(['netns', 'add', name]);
  let init: number | undefined;
  let ns: string | undefined;
  const net = (cmd: string, args: readonly string[], pidNs = false) => ({
    cmd: 'nsenter',
    args: [`--net=${nsPath}`, ...(pidNs ? [`--pid=/proc/${init}/ns/pid`] : []), '--', cmd, ...args],
  });
  // The harness's own helpers (anchor, relays) enter the network namespace only; subject commands also join the
  // anchor's pid namespace (they see and can signal only each other: `pkill node` or `kill -9 -1` cannot hit the
  // harness or pi) and get the filesystem view with a fresh /proc and the hidden folders.
  const helper: Pick<Sandbox, 'enter'> = { enter: net };
  const relays = nsRelays(nsPath, dir);
  const sb: Sandbox = {
    kind: 'netns',
    enter: (cmd, args) => {
      const inner = [...DROP_CAPS, cmd, ...args];
      return view
        ? net(
            'unshare',
            ['--mount', '--propagation', 'private', '--', '/bin/sh', '-c', rootScript(view), 'sh', ...inner],
            true,
          )
        : net(inner[0]!, inner.slice(1), true);
    },
    // Entering a pid namespace, nsenter forks: the subject is its child.
    entered: (pid) => childrenOf(pid),
    listening: (port) => init !== undefined && isListening(port, init),
    netPid: () => init,
    exposeInside: relays.exposeInside,
    exposeHost: relays.exposeHost,
    pids: () => (ns ? pidsInNetns(ns) : []),
    async dispose() {
      await relays.close();
      const left = ns ? await killAll(() => pidsInNetns(ns!)) : [];
      spawnSync('ip', ['netns', 'del', name], { timeout: 10_000 });
      return left;
    },
  };
  try {
    ip(['-n', name, 'link', 'set', 'lo', 'up']);
    // unshare forks the anchor as pid 1 of a new pid namespace; when it dies, the kernel kills every subject process.
    const anchor = await startInside(
      helper,
      ['--pid', '--fork', '--kill-child', '--', '/bin/sh', '-c', 'echo ready; exec sleep infinity'],
      'namespace anchor',
      'unshare',
    );
    init = childrenOf(anchor.pid!)[0];
    ns = init !== undefined ? netnsOf(init) : undefined;
    if (!ns || ns === netnsOf('self')) throw new InfraError(`sandbox failure: anchor process is not inside ${name}`);
  } catch (e) {
    await sb.dispose();
    throw e instanceof InfraError ? e : new InfraError(`sandbox failure: ${(e as Error).message}`);
  }
  return sb;
}

/**
 * One-port relays between the host's loopback and a network namespace's (entered by its path, e.g. `/run/netns/x`
 * or `/proc/<pid>/ns/net`), over Unix sockets in `dir`: a socket file is reachable from any network namespace, so
 * both sides keep their `127.0.0.1:<port>` and the bytes relayed are exactly the wire's. The inside half runs the
 * harness's own relay in that network namespace only (host filesystem, outside any container's limits).
 */
export function nsRelays(
  nsPath: string,
  dir: string,
): Pick<Sandbox, 'exposeInside' | 'exposeHost'> & { close(): Promise<void>; helperPids(): number[] } {
  const relays: Relay[] = [];
  // The inside halves: the harness's own processes in that namespace, stopped at close (a namespace outlives no one).
  const inside: ChildProcess[] = [];
  const helper: Pick<Sandbox, 'enter'> = {
    enter: (cmd, args) => ({ cmd: 'nsenter', args: [`--net=${nsPath}`, '--', cmd, ...args] }),
  };
  const track = async (p: Promise<Relay>): Promise<Relay> => {
    const r = await p;
    relays.push(r);
    return r;
  };
  return {
    async exposeInside(port) {
      const sock = join(dir, `in-${port}.sock`);
      inside.push(
        await startInside(
          helper,
          [RELAY_MAIN, formatEndpoint({ unix: sock }), formatEndpoint({ tcp: port })],
          `relay to port ${port}`,
        ),
      );
      return track(startHostRelay({ tcp: port }, { unix: sock }));
    },
    async exposeHost(port, onConnection) {
      const sock = join(dir, `out-${port}.sock`);
      const host = await track(startHostRelay({ unix: sock }, { tcp: port }, onConnection));
      inside.push(
        await startInside(
          helper,
          [RELAY_MAIN, formatEndpoint({ tcp: port }), formatEndpoint({ unix: sock })],
          `relay from port ${port}`,
        ),
      );
      return host;
    },
    helperPids: () => inside.flatMap((c) => (c.pid !== undefined && c.exitCode === null ? [c.pid] : [])),
    async close() {
      for (const r of relays) await r.close();
      for (const c of inside) c.kill('SIGKILL');
    },
  };
}

/** Host-side relay; a port already taken on the host is the harness's port clash, not the subject's fault. */
async function startHostRelay(listen: Endpoint, to: Endpoint, onConnection?: () => void): Promise<Relay> {
  try {
    return await startRelay(listen, to, onConnection);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new InfraError(
      code === 'EADDRINUSE'
        ? `port clash: host ${formatEndpoint(listen)} already in use`
        : `sandbox failure: relay ${formatEndpoint(listen)}: ${(e as Error).message}`,
    );
  }
}
