import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

// Copies one real calibration record (and the scenarios) into a temp root, tampers with it, and lets rejudge repair
// it from the stored wire log. The real results/ is never written.
const DIR = 'results/2025-11-25/server/tools-basics/none/calibration/oracle';
let root = '';
afterEach(() => rmSync(root, { recursive: true, force: true }));

function setup(): string {
  root = mkdtempSync(join(tmpdir(), 'mcpfs-rejudge-'));
  cpSync('scenarios', join(root, 'scenarios'), { recursive: true });
  cpSync(DIR, join(root, DIR), { recursive: true });
  return join(root, DIR, 'k1.json');
}

const run = (...args: string[]) =>
  spawnSync('npm', ['run', '-s', 'rejudge', '--', ...args], {
    env: { ...process.env, MCPFS_ROOT: root, NO_COLOR: '1' },
    encoding: 'utf8',
    timeout: 120_000,
  });

describe('npm run rejudge', () => {
  it('rewrites a verdict that no longer matches its wire log, and leaves a matching record alone', () => {
    const file = setup();
    const original = readFileSync(file, 'utf8');
    const rec = JSON.parse(original);
    rec.verdicts[1].verdict = 'fail';
    rec.verdicts[1].message = 'edited by hand';
    writeFileSync(file, JSON.stringify(rec, null, 2) + '\n');

    const dry = run('--dry-run');
    expect(dry.status).toBe(0);
    expect(dry.stdout).toContain(`${DIR}/k1.json: verdicts re-judged`);
    expect(dry.stdout).toContain('rejudge: 1 record(s) would change.');
    expect(JSON.parse(readFileSync(file, 'utf8')).verdicts[1].message).toBe('edited by hand');

    const real = run();
    expect(real.status).toBe(0);
    expect(JSON.parse(readFileSync(file, 'utf8')).verdicts).toEqual(JSON.parse(original).verdicts);
    expect(run().stdout).toContain('rejudge: 0 record(s) rewritten.');
  });

  it('exits non-zero, path-first, and writes nothing when a wire log is missing', () => {
    const file = setup();
    rmSync(join(root, DIR, 'k1.wire.jsonl'));
    const before = readFileSync(file, 'utf8');
    const r = run();
    expect(r.status).not.toBe(0);
    expect(r.stderr).toContain(`${DIR}/k1.json: sidecars.wire: missing sidecar ${DIR}/k1.wire.jsonl`);
    expect(readFileSync(file, 'utf8')).toBe(before);
  });
});
