// The `docker` sandbox: one fresh container per trial, from the locally built image (src/harness/sandbox-image/).
// Same contract as netns — the subject sees 127.0.0.1:<port> and nothing else of the network — plus what a
// namespace alone cannot give: its own root filesystem (read-only), no capabilities at all, and cgroup limits on
// processes, memory and CPU, so a fork bomb or a memory hog stops inside the container instead of on the host.
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { SandboxInfo, SandboxLimits } from '../../bench/schema/sandbox.ts';
import { InfraError } from '../errors.ts';
import { dockerAsync } from '../os/docker.ts';
import { isListening } from '../os/ports.ts';
import { cmdlineOf, killAll, netnsOf, parentOf, pidsInCgroup, pidsWithEnv } from '../os/procs.ts';
import type { SandboxImage } from '../sandbox-image/build.ts';
import { nsRelays, type FsView, type Sandbox } from './sandbox.ts';

/**
 * Default limits (recorded in every docker trial). Generous for an honest server or client with its tooling (node,
 * python, git, a compiler run): 512 processes, 2 GiB of memory without swap, one of the machine's cores, 1 GiB /tmp.
 */
export const DEFAULT_LIMITS: SandboxLimits = {
  pids: 512,
  memoryBytes: 2 * 1024 ** 3,
  cpus: 1,
  tmpBytes: 1024 ** 3,
};

/**
 * Capabilities kept after `--cap-drop ALL`: none. An honest subject binds an unprivileged port, writes its own
 * workspace (owned by the same uid 0) and runs programs; none of that needs one.
 */
export const CAPABILITIES: string[] = [];

/** Environment variable naming one `enter`ed command, so `entered` can find what the exec became. */
const EXEC_TAG = 'MCPFS_EXEC';

/**
 * `docker exec` in the caller's cwd, passing the caller's environment by name (`--env NAME` takes the value from the
 * client's own environment, so values never appear on a command line). The shell's own variables stay outside.
 */
const EXEC_SCRIPT = [
  'cfg=$1 name=$2 tag=$3; shift 3',
  'exec docker --config "$cfg" exec -i -w "$PWD" --env "$tag" ' +
    '$(env | sed -n "s/^\\([A-Za-z_][A-Za-z0-9_]*\\)=.*/--env=\\1/p" | grep -v -x -e --env=PWD -e --env=OLDPWD -e --env=SHLVL -e --env=_) ' +
    '"$name" "$@"',
].join('\n');

const execTag = (pid: number) => cmdlineOf(pid).find((a) => a.startsWith(`${EXEC_TAG}=`));

/** `docker <args>`'s output, or an infra-error naming the command and what the engine said. */
async function dockerOk(args: readonly string[], timeoutMs: number): Promise<string> {
  const r = await dockerAsync(args, timeoutMs);
  if (r.status !== 0)
    throw new InfraError(`sandbox failure: docker ${args[0]}: ${r.stderr.trim() || `exit ${r.status ?? 'none'}`}`);
  return r.stdout.trim();
}

export interface DockerSandboxOptions {
  image: SandboxImage;
  limits?: SandboxLimits;
}

/**
 * Start the trial's container: `--network none` (loopback only), `--cap-drop ALL`, no-new-privileges, the limits,
 * a read-only root with a tmpfs `/tmp`, and each of the view's binds at its host path (the workspace, home and temp
 * folders writable; the Node folder, and the project for this project's own subjects, read-only). `--init` makes
 * pid 1 a reaper, whose host pid anchors the network namespace the relays enter. Failure is an infra-error.
 */
export async function dockerSandbox(tag: string, dir: string, view: FsView, o: DockerSandboxOptions): Promise<Sandbox> {
  const limits = o.limits ?? DEFAULT_LIMITS;
  const name = `mcpfs-${tag}`;
  const cfg = join(dir, 'docker-cli');
  mkdirSync(cfg, { recursive: true });
  const mounts = view.binds.flatMap((b) => ['--volume', `${b.path}:${b.path}:${b.writable ? 'rw' : 'ro'}`]);
  const id = await dockerOk(
    [
      'run',
      '--detach',
      '--name',
      name,
      '--label',
      'mcpfs.sandbox=1',
      '--init',
      '--network',
      'none',
      '--read-only',
      '--tmpfs',
      `/tmp:rw,exec,nosuid,nodev,size=${limits.tmpBytes}`,
      '--cap-drop',
      'ALL',
      ...CAPABILITIES.flatMap((c) => ['--cap-add', c]),
      '--security-opt',
      'no-new-privileges',
      '--pids-limit',
      String(limits.pids),
      '--memory',
      String(limits.memoryBytes),
      '--memory-swap',
      String(limits.memoryBytes),
      '--cpus',
      String(limits.cpus),
      ...mounts,
      o.image.tag,
      'sleep',
      'infinity',
    ],
    60_000,
  );
  let relays: ReturnType<typeof nsRelays> | undefined;
  // The container's processes are those of its cgroup (named by its id), never "those in its network namespace":
  // once a container is gone the kernel reuses its namespace's inode number for the next one, and a cleanup still
  // looking for the old number would kill a concurrent trial's container.
  const pids = () => [...pidsInCgroup(id), ...(relays?.helperPids() ?? [])];
  const remove = async () => {
    await relays?.close();
    await dockerAsync(['rm', '--force', '--volumes', name], 60_000);
    return killAll(pids);
  };
  let init: number;
  try {
    init = Number(await dockerOk(['inspect', '--format', '{{.State.Pid}}', name], 15_000));
    const ns = init > 0 ? netnsOf(init) : undefined;
    if (!ns || ns === netnsOf('self'))
      throw new InfraError(`sandbox failure: container ${name} has no network namespace of its own`);
    relays = nsRelays(`/proc/${init}/ns/net`, dir);
  } catch (e) {
    await remove();
    throw e instanceof InfraError ? e : new InfraError(`sandbox failure: ${(e as Error).message}`);
  }
  const info: SandboxInfo = { image: o.image.tag, imageId: o.image.id, limits, capabilities: [...CAPABILITIES] };
  return {
    kind: 'docker',
    info,
    enter: (cmd, args) => ({
      cmd: '/bin/sh',
      args: ['-c', EXEC_SCRIPT, 'sh', cfg, name, `${EXEC_TAG}=${randomBytes(6).toString('hex')}`, cmd, ...args],
    }),
    entered: (pid) => {
      // The client's command line names its exec tag; the exec'd process is the tagged one whose parent is not.
      const tag = execTag(pid);
      if (!tag) return [];
      const tagged = new Set(pidsWithEnv(tag).filter((p) => p !== pid));
      return [...tagged].filter((p) => !tagged.has(parentOf(p)));
    },
    listening: (port) => isListening(port, init),
    netPid: () => init,
    exposeInside: relays.exposeInside,
    exposeHost: relays.exposeHost,
    pids,
    dispose: remove,
  };
}
