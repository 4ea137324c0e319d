// Whole commands the bench times as a user runs them: the live calibration re-check and the test suite.
import { spawn } from 'node:child_process';

/** A finished command: wall ms, exit code and the tail of its output. */
interface Ran {
  ms: number;
  code: number | null;
  output: string;
}

function timed(cmd: string, args: string[], cwd: string, env: Record<string, string> = {}): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(cmd, args, { cwd, env: { ...process.env, NO_COLOR: '1', ...env } });
    let output = '';
    const keep = (b: Buffer) => {
      output = (output + b.toString('utf8')).slice(-200_000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', reject);
    child.on('close', (code) => resolve({ ms: performance.now() - t0, code, output }));
  });
}

/**
 * `npm run calibrate -- --check --jobs <jobs>`: every scenario × (oracle, null, mutants, pi + scripted, cheater), live,
 * compared with the committed records (written at --jobs 1). `differences` counts trials whose fresh verdicts differ.
 */
export async function timeCalibration(
  root: string,
  jobs: number,
): Promise<{ ms: number; differences: number; trials: number; summary: string }> {
  const r = await timed(process.execPath, ['scripts/calibrate.ts', '--check', '--jobs', String(jobs)], root);
  const m = /calibrate --check: (\d+) trials in [\d.]+ s; (\d+) difference/.exec(r.output);
  if (!m) throw new Error(`bench: calibrate --check printed no summary (exit ${r.code}):\n${r.output.slice(-3000)}`);
  const summary = r.output.slice(m.index).split('\n')[0]!;
  return { ms: r.ms, trials: Number(m[1]), differences: Number(m[2]), summary };
}

/** `npx vitest run` (what `npm test` runs), docker tests included when an engine answers. */
export async function timeTestSuite(root: string): Promise<{ ms: number; summary: string }> {
  const r = await timed('npx', ['vitest', 'run'], root);
  const tests = /Tests\s+(.*)/.exec(r.output)?.[1]?.trim() ?? '';
  if (r.code !== 0) throw new Error(`bench: npm test failed (exit ${r.code}):\n${r.output.slice(-3000)}`);
  return { ms: r.ms, summary: `${(r.ms / 1000).toFixed(0)} s, tests ${tests}` };
}
