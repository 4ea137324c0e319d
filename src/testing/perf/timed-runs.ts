// Whole commands the bench times as a user runs them: the live calibration re-check and the test suite.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

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
  beside?: { cmd: string; args: string[] },
): Promise<{ ms: number; differences: number; trials: number; summary: string }> {
  // `beside`: a command run at the same time (a full build), so the figure is the check's under that load; its own
  // outcome does not matter here, only the CPU it takes.
  const load = beside ? timed(beside.cmd, beside.args, root) : undefined;
  const r = await timed(process.execPath, ['scripts/calibrate.ts', '--check', '--jobs', String(jobs)], root);
  await load;
  const m = /calibrate --check: (\d+) trials in [\d.]+ s; (\d+) difference/.exec(r.output);
  if (!m) throw new Error(`bench: calibrate --check printed no summary (exit ${r.code}):\n${r.output.slice(-3000)}`);
  // A difference is the finding, not just a count: its committed and fresh lines go into the summary.
  const diffs = r.output.split('\n').filter((l) => /^results\/.*: (committed|not committed)|^ {2}fresh: /.test(l));
  const summary = [r.output.slice(m.index).split('\n')[0]!, ...diffs].join('\n');
  return { ms: r.ms, trials: Number(m[1]), differences: Number(m[2]), summary };
}

/**
 * `npx vitest run` (what `npm test` runs), docker tests included when an engine answers; `files` is each test file's
 * own duration (Vitest's JSON report), slowest first: what a faster suite has to shorten.
 */
export async function timeTestSuite(
  root: string,
): Promise<{ ms: number; summary: string; files: { file: string; ms: number }[] }> {
  const dir = mkdtempSync(join(tmpdir(), 'mcpfs-bench-vitest-'));
  try {
    const report = join(dir, 'report.json');
    const r = await timed(
      'npx',
      ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
      root,
    );
    const tests = /Tests\s+(.*)/.exec(r.output)?.[1]?.trim() ?? '';
    if (r.code !== 0) throw new Error(`bench: npm test failed (exit ${r.code}):\n${r.output.slice(-3000)}`);
    const json = JSON.parse(readFileSync(report, 'utf8')) as {
      testResults: { name: string; startTime: number; endTime: number }[];
    };
    const files = json.testResults
      .map((t) => ({ file: relative(root, t.name), ms: t.endTime - t.startTime }))
      .sort((a, b) => b.ms - a.ms);
    return { ms: r.ms, summary: `${(r.ms / 1000).toFixed(0)} s, tests ${tests}`, files };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
