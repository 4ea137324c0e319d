import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { homedir } from 'node:os';
import { spawn } from 'node:child_process';
import { commandAdapter, nullAdapter } from './adapters/basic.ts';
import { runTrial } from './trial.ts';
import { netnsSandbox, type Sandbox } from './sandbox.ts';
import type { TrialDirs } from './workspace.ts';
import { KIT_JUDGES, KIT_TRIAL, SPEC_COMMIT, kitScenario, kitServerDriver } from './testing/kit.ts';
import { dockerKinds } from './testing/docker.ts';

const subject = { kind: 'agent', id: 'agent/test@0/none/none/off', label: 'test' } as const;
const base = {
  ...KIT_TRIAL,
  driver: kitServerDriver,
  scenario: kitScenario('server'),
  timeouts: { sessionMs: 20_000, portWaitMs: 200 },
} as const;

type Kind = 'netns' | 'docker';

/** Run a shell command as the agent (in a sandbox of `kind`), keep the trial folder, return what it wrote to out.txt. */
async function inside(kind: Kind, command: string): Promise<string> {
  const r = await runTrial({
    ...base,
    adapter: commandAdapter({ command: `{ ${command} ; } > out.txt 2>&1`, subject }),
    isolation: kind,
    keep: true,
  });
  expect(r.record.status).toBe('completed');
  try {
    return readFileSync(join(r.dirs!.dir, 'out.txt'), 'utf8');
  } finally {
    rmSync(r.dirs!.root, { recursive: true, force: true });
  }
}

// The same isolation promises, checked the same way, for both sandboxes (docker: when an engine answers; CI requires one).
describe.each(dockerKinds(['netns', 'docker'] as const))('%s isolation', (kind) => {
  afterEach(() => {
    delete process.env.TEST_PROVIDER_API_KEY;
  });

  // Isolation is checked by inspecting the sandbox, never by sending traffic to a non-loopback address.
  it('has no network but loopback: one interface, lo, with loopback addresses only and no route', async () => {
    const out = await inside(
      kind,
      'echo LINKS; ip -o link show | cut -d: -f2; echo ADDRS; ip -o addr show | awk \'{print $4}\'; echo ROUTES; ip route show; ip -6 route show | grep -v "^::1 " ; echo END',
    );
    const [, links, addrs, routes] = out.split(/LINKS\n|ADDRS\n|ROUTES\n/);
    expect(
      links!
        .trim()
        .split('\n')
        .map((l) => l.trim()),
    ).toEqual(['lo']);
    // Docker disables IPv6 in a container by default: loopback is 127.0.0.1 alone there.
    expect(addrs!.trim().split('\n').sort()).toEqual(kind === 'docker' ? ['127.0.0.1/8'] : ['127.0.0.1/8', '::1/128']);
    expect(routes!.replace('END', '').trim()).toBe('');
  });

  it('sees a root of its own: system folders, its workspace and node, nothing else of the host', async () => {
    const cwd = process.cwd();
    const out = await inside(
      kind,
      `ls -A /; echo HOST; ls ${cwd}/.. 2>&1 | head -3; ls ${dirname(cwd)}/shared 2>&1 | head -1; ls -A /tmp; echo ROOT; ls /root 2>&1 | head -1; mknod /tmp/disk b 8 0 2>&1 | head -1; touch /usr/x 2>&1 | head -1`,
    );
    const [top, host] = out.split('HOST\n');
    // netns: the host's system folders; docker: the image's root (a Debian of its own, nothing of the host's).
    const system =
      kind === 'docker'
        ? [
            'bin',
            'boot',
            'dev',
            'etc',
            'home',
            'lib',
            'lib64',
            'media',
            'mnt',
            'opt',
            'proc',
            'root',
            'run',
            'sbin',
            'srv',
            'sys',
            'tmp',
            'usr',
            'var',
            '.dockerenv',
          ]
        : ['bin', 'dev', 'etc', 'lib', 'lib32', 'lib64', 'libx32', 'proc', 'sbin', 'tmp', 'usr'];
    // Besides the system folders, only the first folder of the path to Node (the project's) — none when that is /tmp.
    const project = cwd.split('/')[1]!;
    expect(
      top!
        .trim()
        .split('\n')
        .filter((d) => !system.includes(d)),
    ).toEqual(system.includes(project) ? [] : [project]);
    // The project's parent holds only the path to the Node binary: no sibling checkout, no ../shared spec copy.
    expect(host).toContain(`${cwd.split('/').at(-1)}\n`);
    expect(host).toMatch(/ls: cannot access '.*\/shared': No such file or directory/);
    // The host's /root (this harness's home, pi's credentials) is absent; docker has the image's own, empty one.
    if (kind === 'docker') expect(host).toMatch(/ROOT\n(mknod|touch)/);
    else expect(host).toMatch(/ls: cannot access '\/root': No such file or directory/);
    expect(host).toMatch(/mknod: .*Operation not permitted/);
    expect(host).toMatch(/touch: cannot touch '\/usr\/x': Read-only file system/);
  });

  it("cannot leave the namespace, undo the hidden folders or read the harness's environment", async () => {
    process.env.TEST_PROVIDER_API_KEY = 'hunter2-secret';
    const out = await inside(
      kind,
      `nsenter --net=/proc/1/ns/net true && echo ESCAPED; umount ${homedir()} && echo UNMOUNTED; cat /proc/${process.pid}/environ && echo READ; echo END`,
    );
    expect(out).not.toMatch(/ESCAPED|UNMOUNTED|READ|hunter2/);
    expect(out).toContain('END');
  });

  it('sees and signals only its own processes (a separate pid namespace)', async () => {
    const sentinel = spawn('sleep', ['120'], { stdio: 'ignore' });
    try {
      const out = await inside(
        kind,
        `kill -9 ${sentinel.pid} 2>/dev/null && echo KILLED; pkill -9 -x node; ps -e -o comm= | sort -u | tr "\\n" " "`,
      );
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
    const out = await inside(kind, 'env; cat /proc/$$/environ | tr "\\0" "\\n"');
    expect(out).not.toContain('hunter2-secret');
    expect(out).toMatch(/^PORT=\d+$/m);
    expect(out).toMatch(/^HOME=.*\/home$/m);
  });

  it('hides the project, the home folder and the harness files from an agent, but keeps node', async () => {
    const cwd = process.cwd();
    // A file in the host's home: the agent must not see it (docker's /root is the image's own, with a .bashrc).
    const sentinel = join(homedir(), `.mcpfs-sentinel-${process.pid}`);
    writeFileSync(sentinel, 'host home');
    let out: string;
    try {
      out = await inside(
        kind,
        `ls -A ${cwd}; ls -A ../harness 2>&1 | head -1; ls -A ${homedir()} 2>&1 | grep -c -e sentinel -e 'No such'; ls ${sentinel} 2>&1; node -e "console.log(process.version)"; touch ${cwd}/mcpfs-sandbox-probe`,
      );
    } finally {
      rmSync(sentinel, { force: true });
    }
    const lines = out.split('\n');
    expect(lines[0]).toBe('node_modules');
    expect(lines[1]).toMatch(/No such file or directory/);
    expect(lines[2]).toBe(kind === 'docker' ? '0' : '1');
    expect(lines[3]).toMatch(/No such file or directory/);
    expect(lines[4]).toBe(process.version);
    // What the subject writes at the project's path lands on its own throw-away root, never in the project.
    expect(existsSync(join(cwd, 'mcpfs-sandbox-probe'))).toBe(false);
  });

  it('gives the agent a workspace holding TASK.md and nothing else', async () => {
    const out = await inside(kind, 'ls -A; cat TASK.md');
    expect(out.split('\n').slice(0, 2).sort()).toEqual(['TASK.md', 'out.txt']);
    expect(out).toContain(kitScenario('server').prompt.trim());
  });
});

describe.each(dockerKinds(['netns', 'docker'] as const))(
  'command adapter --outside under %s (an agent harness that must reach its model)',
  (kind) => {
    afterEach(() => {
      delete process.env.TEST_PROVIDER_API_KEY;
    });

    it('runs the harness on the host and its $SHELL inside the namespace without the host env', async () => {
      process.env.TEST_PROVIDER_API_KEY = 'hunter2-secret';
      const command = `"$SHELL" -c 'readlink /proc/self/ns/net; echo "inside:$TEST_PROVIDER_API_KEY:$PORT"' > out.txt; readlink /proc/self/ns/net >> out.txt; echo "outside:$TEST_PROVIDER_API_KEY" >> out.txt`;
      const r = await runTrial({
        ...base,
        adapter: commandAdapter({ command, subject, outside: true }),
        isolation: kind,
        keep: true,
      });
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
  },
);

describe('mount check', () => {
  it('records an infra-error when the sandbox sees a different workspace', async () => {
    // A sandbox whose commands run in a private mount namespace with an empty tmpfs over the workspace: the file
    // written outside is not there inside, and the file written inside never shows outside.
    const broken = async (tag: string, dirs: TrialDirs): Promise<Sandbox> => {
      const sb = await netnsSandbox(tag, dirs.plumbing);
      const enter = sb.enter;
      return {
        ...sb,
        enter: (cmd, args) =>
          enter('unshare', [
            '-m',
            'sh',
            '-c',
            'mount -t tmpfs none "$PWD" && cd "$PWD" && exec "$@"',
            'sh',
            cmd,
            ...args,
          ]),
      };
    };
    const r = await runTrial({ ...base, adapter: nullAdapter(), makeSandbox: broken });
    expect(r.record.status).toBe('infra-error');
    expect(r.record.infraReason).toMatch(/^mount check failed: the sandbox could not read the workspace/);
    expect(r.leftovers).toEqual([]);
  });
});
