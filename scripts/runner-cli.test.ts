import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';

// The runner's thin CLIs, run as npm would run them (Node 24, cwd = project root).
const run = (script: string, ...args: string[]) => {
  const r = spawnSync(process.execPath, [`scripts/${script}.ts`, ...args], { encoding: 'utf8', timeout: 120_000 });
  return { code: r.status, out: r.stdout, err: r.stderr };
};

describe('runner CLIs', () => {
  it('runs a null trial end to end without writing it (--dry-run) and prints failing verdicts and score 0', () => {
    const r = run(
      'trial',
      '--agent',
      'null',
      '--revision',
      '2025-11-25',
      '--role',
      'server',
      '--scenario',
      'tools-basics',
      '--dry-run',
    );
    expect(r.err).toContain('trial: calibration/null on 2025-11-25 server tools-basics (docs none, k');
    expect(r.out).toMatch(/^fail +MUST +task-basic-tools-answer: /m);
    expect(r.out).toMatch(/^score 0\.000 /m);
    expect(r.out).not.toContain('wrote ');
    expect(r.code).toBe(0);
  });

  it('rejects bad input with exit 2, a path-first message and a hint', () => {
    const t = run(
      'trial',
      '--agent',
      'mutant:nope',
      '--revision',
      '2025-11-25',
      '--role',
      'server',
      '--scenario',
      'tools-basics',
    );
    expect(t.code).toBe(2);
    expect(t.err).toMatch(/^trial: unknown mutant "nope" for 2025-11-25 server\n  hint: known: /);
    const s = run('trial', '--agent', 'oracle', '--revision', '2025-11-25', '--role', 'server', '--scenario', 'nope');
    expect(s.err).toMatch(/^trial: scenarios\/2025-11-25\/server\/nope\.json: no such scenario\n  hint: known: /);
    const p = run(
      'trial',
      '--agent',
      'pi',
      '--revision',
      '2025-11-25',
      '--role',
      'server',
      '--scenario',
      'tools-basics',
    );
    expect(p.err).toMatch(/^trial: --agent pi: --model is required/);
    expect(
      run('oracle', '--revision', '2025-11-25', '--role', 'server', '--scenario', 'tools-basics', '--port', '99999')
        .err,
    ).toMatch(/^oracle: --port "99999": must be a TCP port 1–65535/);
    expect(run('calibrate', '--jobs', '0').err).toMatch(/^calibrate: --jobs "0": must be a positive integer/);
    const f = run('fetch-spec', '--bogus');
    expect(f.code).toBe(2);
    expect(f.err).toMatch(/^fetch-spec: Unknown option '--bogus'/);
  });
});
