import { afterEach, describe, expect, it } from 'vitest';
import { readFileSync, readlinkSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { homedir } from 'node:os';
import { spawn } from 'node:child_process';
import { commandAdapter, nullAdapter } from './adapters/basic.ts';
import { runTrial } from './trial.ts';
import { netnsSandbox, type Sandbox } from './sandbox.ts';
import type { TrialDirs } from './workspace.ts';
import { KIT_JUDGES, kitScenario, kitServerDriver, SPEC_COMMIT } from './testing/kit.ts';

const subject = { kind: 'agent', id: 'agent/test@0/none/none/off', label: 'test' } as const;
const base = { docs: 'none', k: 1, root: process.cwd(), specDir: '/nonexistent', specCommit: SPEC_COMMIT, judges: KIT_JUDGES, driver: kitServerDriver, scenario: kitScenario('server'), timeouts: { sessionMs: 20_000, portWaitMs: 200 } } as const;

/** Run a shell command as the agent (netns), keep the trial folder, return what it wrote to out.txt. */
async function inside(command: string): Promise<string> {
  const r = await runTrial({ ...base, adapter: commandAdapter({ command: `{ ${command} ; } > out.txt 2>&1`, subject }), isolation: 'netns', keep: true });
  expect(r.record.status).toBe('completed');
  try {
    return readFileSync(join(r.dirs!.dir, 'out.txt'), 'utf8');
  } finally {
    rmSync(r.dirs!.root, { recursive: true, force: true });
  }
}

describe('netns isolation', () => {
  afterEach(() => {
    delete process.env.TEST_PROVIDER_API_KEY;
  });

  it('cannot reach a non-loopback address from inside', async () => {
    const out = await inside('timeout 3 bash -c "exec 3<>/dev/tcp/10.255.255.1/80" && echo CONNECTED || echo BLOCKED; ip -o link show up | cut -d: -f2');
    expect(out).toContain('BLOCKED');
    expect(out).not.toContain('CONNECTED');
    expect(out.trim().split('\n').slice(-1)[0]!.trim()).toBe('lo');
  });

  it('cannot leave the namespace, undo the hidden folders or read the harness\'s environment', async () => {
    process.env.TEST_PROVIDER_API_KEY = 'hunter2-secret';
    const out = await inside(`nsenter --net=/proc/1/ns/net true && echo ESCAPED; umount ${homedir()} && echo UNMOUNTED; cat /proc/${process.pid}/environ && echo READ; echo END`);
    expect(out).not.toMatch(/ESCAPED|UNMOUNTED|READ|hunter2/);
    expect(out).toContain('END');
  });

  it('sees and signals only its own processes (a separate pid namespace)', async () => {
    const sentinel = spawn('sleep', ['120'], { stdio: 'ignore' });
    try {
      const out = await inside(`kill -9 ${sentinel.pid} 2>/dev/null && echo KILLED; pkill -9 -x node; ps -e -o comm= | sort -u | tr "\\n" " "`);
      expect(out).not.toContain('KILLED');
      expect(out).not.toMatch(/node|vitest/);
      expect(out).toContain('ps');
      expect(sentinel.exitCode).toBeNull();
      expect(process.kill(sentinel.pid!, 0)).toBe(true);
    } finally {
      sentinel.kill('SIGKILL');
    }
  });

  it('does not pass the parent process environment (secrets) to the agent', async () => {
    process.env.TEST_PROVIDER_API_KEY = 'hunter2-secret';
    const out = await inside('env; cat /proc/$$/environ | tr "\\0" "\\n"');
    expect(out).not.toContain('hunter2-secret');
    expect(out).toMatch(/^PORT=\d+$/m);
    expect(out).toMatch(/^HOME=.*\/home$/m);
  });

  it('hides the project, the home folder and the harness files from an agent, but keeps node', async () => {
    const cwd = process.cwd();
    const out = await inside(`ls -A ${cwd}; ls -A ../harness | wc -l; ls -A ${homedir()} | wc -l; node -e "console.log(process.version)"; touch ${cwd}/x 2>/dev/null || echo READONLY`);
    expect(out.split('\n').slice(0, 5)).toEqual(['node_modules', '0', '0', process.version, 'READONLY']);
  });

  it('gives the agent a workspace holding TASK.md and nothing else', async () => {
    const out = await inside('ls -A; cat TASK.md');
    expect(out.split('\n').slice(0, 2).sort()).toEqual(['TASK.md', 'out.txt']);
    expect(out).toContain(kitScenario('server').prompt.trim());
  });
});

describe('command adapter --outside (an agent harness that must reach its model)', () => {
  afterEach(() => {
    delete process.env.TEST_PROVIDER_API_KEY;
  });

  it('runs the harness on the host and its $SHELL inside the namespace without the host env', async () => {
    process.env.TEST_PROVIDER_API_KEY = 'hunter2-secret';
    const command = `"$SHELL" -c 'readlink /proc/self/ns/net; echo "inside:$TEST_PROVIDER_API_KEY:$PORT"' > out.txt; readlink /proc/self/ns/net >> out.txt; echo "outside:$TEST_PROVIDER_API_KEY" >> out.txt`;
    const r = await runTrial({ ...base, adapter: commandAdapter({ command, subject, outside: true }), isolation: 'netns', keep: true });
    try {
      const [nsIn, inside, nsOut, outside] = readFileSync(join(r.dirs!.dir, 'out.txt'), 'utf8').trim().split('\n');
      expect(nsOut).toBe(readlinkSync('/proc/self/ns/net'));
      expect(nsIn).not.toBe(nsOut);
      expect(inside).toMatch(/^inside::\d+$/);
      expect(outside).toBe('outside:hunter2-secret');
    } finally {
      rmSync(r.dirs!.root, { recursive: true, force: true });
    }
  });
});

describe('mount check', () => {
  it('records an infra-error when the sandbox sees a different workspace', async () => {
    // A sandbox whose commands run in a private mount namespace with an empty tmpfs over the workspace: the file
    // written outside is not there inside, and the file written inside never shows outside.
    const broken = async (tag: string, dirs: TrialDirs): Promise<Sandbox> => {
      const sb = await netnsSandbox(tag, dirs.plumbing);
      const enter = sb.enter;
      return { ...sb, enter: (cmd, args) => enter('unshare', ['-m', 'sh', '-c', 'mount -t tmpfs none "$PWD" && cd "$PWD" && exec "$@"', 'sh', cmd, ...args]) };
    };
    const r = await runTrial({ ...base, adapter: nullAdapter(), makeSandbox: broken });
    expect(r.record.status).toBe('infra-error');
    expect(r.record.infraReason).toMatch(/^mount check failed: the sandbox could not read the workspace/);
    expect(r.leftovers).toEqual([]);
  });
});
