import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { InfraError } from '../errors.ts';
import { isListening } from './ports.ts';
import { childrenOf, killAll, netnsOf, pidsInNetns } from './procs.ts';
import { startRelay, formatEndpoint, type Endpoint, type Relay } from './relay.ts';
import { shq } from './env.ts';

/** Isolation applied to the subject's processes (the record's `trial.isolation`; `docker` is documented only). */
export type IsolationKind = 'netns' | 'none';

/**
 * Where the subject's processes run. `netns`: a fresh network namespace with only loopback up; the harness reaches
 * it through one-port relays over Unix sockets (which cross network namespaces), so the subject sees the same
 * `127.0.0.1:<port>` URL as the prober or reference server, and nothing else of the network.
 */
export interface Sandbox {
  kind: IsolationKind;
  /** Wrap a command so it starts inside the sandbox. */
  enter(cmd: string, args: readonly string[]): { cmd: string; args: string[] };
  /** Something listens on `port` (reachable at 127.0.0.1) inside the sandbox. */
  listening(port: number): boolean;
  /** Make the subject's `127.0.0.1:port` inside reachable at the host's `127.0.0.1:port`. Throws on a host port clash. */
  exposeInside(port: number): Promise<Relay>;
  /** Make the host's `127.0.0.1:port` (e.g. the reference server) reachable at `127.0.0.1:port` inside. */
  exposeHost(port: number): Promise<Relay>;
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
    listening: (port) => isListening(port, 'self'),
    exposeInside: async () => noRelay,
    exposeHost: async () => noRelay,
    pids: () => [],
    dispose: async () => [],
  };
}

function ip(args: string[]): void {
  const r = spawnSync('ip', args, { encoding: 'utf8', timeout: 10_000 });
  if (r.error || r.status !== 0) {
    throw new InfraError(`sandbox failure: ip ${args.join(' ')}: ${(r.error?.message ?? r.stderr).trim() || `exit ${r.status}`}`);
  }
}

/** Start a process inside and resolve once it printed "ready" (or reject when it exits first). */
function startInside(sb: Pick<Sandbox, 'enter'>, args: string[], what: string, cmd = process.execPath): Promise<ChildProcess> {
  const w = sb.enter(cmd, args);
  const child = spawn(w.cmd, w.args, { stdio: ['ignore', 'pipe', 'pipe'], env: { PATH: process.env.PATH ?? '/usr/bin:/bin' } });
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
 * What the subject may not see of the filesystem (netns only): each `hide` folder is covered by an empty tmpfs in a
 * private mount namespace; each `keep` folder (e.g. the Node binary's folder inside a hidden project) is bound back
 * at the same path through its `stash` mount point, which lies outside every hidden folder.
 */
export interface FsView {
  hide: string[];
  keep: { path: string; stash: string }[];
}

/**
 * Subject processes keep uid 0 but only Docker's default capabilities: without CAP_SYS_ADMIN they cannot setns out
 * of the namespace or unmount the hidden folders, and without CAP_SYS_PTRACE they cannot read the harness's (or
 * pi's) `/proc/<pid>/environ`, which holds the model credentials.
 */
const DROP_CAPS = [
  'setpriv',
  '--bounding-set',
  '-all,+chown,+dac_override,+fowner,+fsetid,+kill,+setgid,+setuid,+setpcap,+setfcap,+net_bind_service,+net_raw,+mknod,+audit_write,+sys_chroot',
  '--inh-caps=-all',
  '--',
];

function hideScript(v: FsView): string {
  const q = shq;
  return [
    'set -e',
    'mount -t proc proc /proc',
    ...v.keep.map((k) => `mount --bind ${q(k.path)} ${q(k.stash)}`),
    ...v.hide.map((h) => `mount -t tmpfs -o size=1m,mode=0755 mcpfs-hidden ${q(h)}`),
    ...v.keep.map((k) => `mkdir -p ${q(k.path)} && mount --bind ${q(k.stash)} ${q(k.path)} && mount -o remount,ro,bind ${q(k.path)}`),
    ...v.hide.map((h) => `mount -o remount,ro ${q(h)}`),
    'cd "$PWD"',
    'exec "$@"',
  ].join('\n');
}

/**
 * A fresh network namespace `mcpfs-<tag>` with loopback up, and a pid namespace, both anchored by a sleeping pid 1
 * (whose `/proc/<pid>/net/tcp` shows the namespace's sockets). Needs root, iproute2 and util-linux; failure is an
 * infra-error.
 */
export async function netnsSandbox(tag: string, dir: string, view: FsView = { hide: [], keep: [] }): Promise<Sandbox> {
  const name = `mcpfs-${tag}`;
  const nsPath = `/run/netns/${name}`;
  ip(['netns', 'add', name]);
  let init: number | undefined;
  let ns: string | undefined;
  const relays: Relay[] = [];
  const net = (cmd: string, args: readonly string[], pidNs = false) => ({
    cmd: 'nsenter',
    args: [`--net=${nsPath}`, ...(pidNs ? [`--pid=/proc/${init}/ns/pid`] : []), '--', cmd, ...args],
  });
  // The harness's own helpers (anchor, relays) enter the network namespace only; subject commands also join the
  // anchor's pid namespace (they see and can signal only each other: `pkill node` or `kill -9 -1` cannot hit the
  // harness or pi) and get the filesystem view with a fresh /proc and the hidden folders.
  const helper: Pick<Sandbox, 'enter'> = { enter: net };
  const sb: Sandbox = {
    kind: 'netns',
    enter: (cmd, args) => {
      const inner = [...DROP_CAPS, cmd, ...args];
      return view.hide.length
        ? net('unshare', ['--mount', '--propagation', 'private', '--', '/bin/sh', '-c', hideScript(view), 'sh', ...inner], true)
        : net(inner[0]!, inner.slice(1), true);
    },
    listening: (port) => init !== undefined && isListening(port, init),
    async exposeInside(port) {
      const sock = join(dir, `in-${port}.sock`);
      await startInside(helper, [RELAY_MAIN, formatEndpoint({ unix: sock }), formatEndpoint({ tcp: port })], `relay to port ${port}`);
      return track(startHostRelay({ tcp: port }, { unix: sock }));
    },
    async exposeHost(port) {
      const sock = join(dir, `out-${port}.sock`);
      const host = await track(startHostRelay({ unix: sock }, { tcp: port }));
      await startInside(helper, [RELAY_MAIN, formatEndpoint({ tcp: port }), formatEndpoint({ unix: sock })], `relay from port ${port}`);
      return host;
    },
    pids: () => (ns ? pidsInNetns(ns) : []),
    async dispose() {
      for (const r of relays) await r.close();
      const left = ns ? await killAll(() => pidsInNetns(ns!)) : [];
      spawnSync('ip', ['netns', 'del', name], { timeout: 10_000 });
      return left;
    },
  };
  const track = async (p: Promise<Relay>): Promise<Relay> => {
    const r = await p;
    relays.push(r);
    return r;
  };
  try {
    ip(['-n', name, 'link', 'set', 'lo', 'up']);
    // unshare forks the anchor as pid 1 of a new pid namespace; when it dies, the kernel kills every subject process.
    const anchor = await startInside(helper, ['--pid', '--fork', '--kill-child', '--', '/bin/sh', '-c', 'echo ready; exec sleep infinity'], 'namespace anchor', 'unshare');
    init = childrenOf(anchor.pid!)[0];
    ns = init !== undefined ? netnsOf(init) : undefined;
    if (!ns || ns === netnsOf('self')) throw new InfraError(`sandbox failure: anchor process is not inside ${name}`);
  } catch (e) {
    await sb.dispose();
    throw e instanceof InfraError ? e : new InfraError(`sandbox failure: ${(e as Error).message}`);
  }
  return sb;
}

/** Host-side relay; a port already taken on the host is the harness's port clash, not the subject's fault. */
async function startHostRelay(listen: Endpoint, to: Endpoint): Promise<Relay> {
  try {
    return await startRelay(listen, to);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new InfraError(code === 'EADDRINUSE' ? `port clash: host ${formatEndpoint(listen)} already in use` : `sandbox failure: relay ${formatEndpoint(listen)}: ${(e as Error).message}`);
  }
}
