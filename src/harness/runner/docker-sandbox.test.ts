import { describe, expect, it } from 'vitest';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { commandAdapter, nullAdapter } from './adapters/basic.ts';
import { runTrial, type TrialOptions } from './trial.ts';
import { DEFAULT_LIMITS, dockerSandbox } from './docker-sandbox.ts';
import { docker } from '../os/docker.ts';
import { ensureImage } from '../sandbox-image/build.ts';
import { KIT_JUDGES, KIT_TRIAL, SPEC_COMMIT, kitScenario, kitServerDriver } from './testing/kit.ts';
import { dockerTestable, testImage } from './testing/docker.ts';

const subject = { kind: 'agent', id: 'agent/test@0/none/none/off', label: 'test' } as const;
const base = {
  ...KIT_TRIAL,
  driver: kitServerDriver,
  scenario: kitScenario('server'),
  isolation: 'docker',
  timeouts: { sessionMs: 20_000, portWaitMs: 200 },
} as const satisfies Partial<TrialOptions>;

/** Containers of this project still on the engine (there must be none once a trial is over). */
/** Sandbox containers, or those of one trial (by its workspace bind: test files run side by side start others). */
const containers = (workspace?: string) =>
  docker(
    [
      'ps',
      '--all',
      '--quiet',
      '--filter',
      'label=mcpfs.sandbox=1',
      ...(workspace ? ['--filter', `volume=${workspace}`] : []),
    ],
    15_000,
  )
    .stdout.trim()
    .split('\n')
    .filter(Boolean);

/** Run a shell command as the agent in a container with these limits; return the record and what it wrote. */
async function limited(
  command: string,
  limits: Partial<typeof DEFAULT_LIMITS>,
  timeouts: TrialOptions['timeouts'] = base.timeouts,
) {
  const before = containers();
  const r = await runTrial({
    ...base,
    adapter: commandAdapter({ command: `{ ${command} ; } > out.txt 2>&1`, subject }),
    docker: { image: testImage(), limits: { ...DEFAULT_LIMITS, ...limits } },
    timeouts,
    keep: true,
  });
  try {
    return {
      r,
      out: readFileSync(join(r.dirs!.dir, 'out.txt'), 'utf8'),
      left: containers(r.dirs!.dir).filter((c) => !before.includes(c)),
    };
  } finally {
    rmSync(r.dirs!.root, { recursive: true, force: true });
  }
}

describe.runIf(dockerTestable())('docker sandbox', () => {
  it('builds the image once per recipe: asked again, it builds nothing and names the same image', () => {
    const first = testImage();
    const again = ensureImage(process.cwd());
    expect(again).toEqual({ ...first, built: false });
    expect(
      docker(['image', 'inspect', '--format', '{{index .Config.Labels "mcpfs.recipe"}}', first.tag]).stdout.trim(),
    ).toBe(first.tag.split(':')[1]);
  });

  it('records the image, its id and the limits the container ran with, and removes the container', async () => {
    const { r, out, left } = await limited(
      'cat /sys/fs/cgroup/pids/pids.max 2>/dev/null || cat /sys/fs/cgroup/pids.max',
      {},
    );
    expect(r.record.trial.isolation).toBe('docker');
    expect(r.record.trial.sandbox).toEqual({
      image: testImage().tag,
      imageId: testImage().id,
      limits: DEFAULT_LIMITS,
      capabilities: [],
    });
    // The limit the record states is the one the kernel enforced inside.
    expect(out.trim()).toBe(String(DEFAULT_LIMITS.pids));
    expect(left).toEqual([]);
    expect(r.leftovers).toEqual([]);
  });

  it('keeps no capability at all, and cannot gain one (no-new-privileges)', async () => {
    const { out } = await limited('grep -E "^Cap(Eff|Bnd|Prm)|NoNewPrivs" /proc/self/status', {});
    expect(out).toMatch(/CapPrm:\s+0{16}/);
    expect(out).toMatch(/CapEff:\s+0{16}/);
    expect(out).toMatch(/CapBnd:\s+0{16}/);
    expect(out).toMatch(/NoNewPrivs:\s+1/);
  });

  it('stops a fork bomb at the pids limit: the trial is the subject failing, the host is unaffected', async () => {
    const bomb = `python3 -c "
import os, time
n = 0
try:
    while True:
        if os.fork() == 0:
            time.sleep(60); os._exit(0)
        n += 1
except OSError as e:
    print('stopped after', n, e.errno)
"`;
    const { r, out, left } = await limited(bomb, { pids: 64 });
    const [, n, errno] = /stopped after (\d+) (\d+)/.exec(out) ?? [];
    expect(Number(n)).toBeLessThan(64);
    expect(errno).toBe('11'); // EAGAIN: the cgroup refused the fork
    expect(r.record.status).toBe('completed');
    expect(r.leftovers).toEqual([]);
    expect(left).toEqual([]);
    expect(spawnSync('sh', ['-c', 'echo host ok']).stdout.toString()).toBe('host ok\n');
  });

  it('stops a memory hog at the memory limit: the OOM killer ends it inside, the trial is recorded', async () => {
    const { r, out } = await limited(`python3 -c "b = b'x' * (1 << 30); print('allocated')"; echo "exit=$?"`, {
      memoryBytes: 128 * 1024 ** 2,
    });
    expect(out).not.toContain('allocated');
    expect(out).toMatch(/exit=137/); // SIGKILL from the cgroup's OOM killer
    expect(r.record.status).toBe('completed');
    expect(r.leftovers).toEqual([]);
  });

  it('stops the agent itself at the time limit, though the container outlives the docker client', async () => {
    // The agent (inside) works past its 1.5 s limit; the runner then waits 4 s for a port before cleanup. Were only
    // the `docker exec` client killed at the limit, the agent would go on and write its line at 3 s.
    const { r, out } = await limited('sleep 3; echo NOT-STOPPED', {}, { sessionMs: 1_500, portWaitMs: 4_000 });
    expect(out).not.toContain('NOT-STOPPED');
    expect(r.record.status).toBe('completed');
    expect(r.leftovers).toEqual([]);
  });

  it('runs trials side by side: one ending never touches the container of another', async () => {
    // Two workers, three short trials each, as `--jobs 2` runs them. A cleanup that found a container's processes by
    // its network namespace's inode number killed the next container that got the reused number.
    const one = () =>
      runTrial({
        ...base,
        adapter: commandAdapter({ command: 'echo ok > out.txt', subject }),
        docker: { image: testImage() },
      });
    const worker = async () => {
      const out = [];
      for (let i = 0; i < 3; i++) out.push(await one());
      return out;
    };
    const all = (await Promise.all([worker(), worker()])).flat();
    expect(all.map((r) => r.record.infraReason ?? r.record.status)).toEqual(Array(6).fill('completed'));
    expect(all.flatMap((r) => r.leftovers)).toEqual([]);
  });

  it('records an infra-error when the workspace is not mounted in the container', async () => {
    const r = await runTrial({
      ...base,
      adapter: nullAdapter(),
      makeSandbox: (tag, dirs, view) =>
        dockerSandbox(
          tag,
          dirs.plumbing,
          { ...view, binds: view.binds.filter((b) => b.path !== dirs.dir) },
          { image: testImage() },
        ),
    });
    expect(r.record.status).toBe('infra-error');
    expect(r.record.infraReason).toMatch(/^mount check failed: the sandbox could not read the workspace/);
    expect(r.leftovers).toEqual([]);
  });
});
