import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { DocsAxis } from '../../bench/schema/common.ts';
import type { Scenario } from '../../bench/schema/scenario.ts';
import { InfraError, RunnerInputError } from '../errors.ts';
import type { Sandbox } from './sandbox.ts';

/** The folders of one trial. Only `dir` is the agent's workspace; the rest is the harness's. */
export interface TrialDirs {
  /** Root of everything this trial creates (removed afterwards unless kept). */
  root: string;
  /** The workspace: `TASK.md`, plus `spec/` with `--docs full`; the agent's cwd. */
  dir: string;
  /** The agent's HOME and TMPDIR (outside the workspace, so the workspace stays exactly what we gave). */
  home: string;
  tmp: string;
  /** Harness-private files: logs, pi's agent dir and session (hidden from the subject under netns). */
  harness: string;
  /** Relay sockets and mount stashes: harness plumbing that must stay reachable inside the sandbox. */
  plumbing: string;
}

/** Files in the spec folder that this project generated (not upstream spec text): never given to the agent. */
const HARNESS_MADE = new Set(['normative-sentences.tsv']);

/** Folder of the pinned spec copied for `--docs full`: `<specDir>/<revision>`. */
export function specSource(specDir: string, scenario: Scenario): string {
  return join(specDir, scenario.revision);
}

/** Make a fresh trial root with the workspace holding the task prompt (and the pinned spec for `--docs full`). */
export function createTrialDirs(scenario: Scenario, docs: DocsAxis, specDir: string): TrialDirs {
  const root = mkdtempSync(join(tmpdir(), 'mcpfs-'));
  const d: TrialDirs = {
    root,
    dir: join(root, 'work'),
    home: join(root, 'home'),
    tmp: join(root, 'tmp'),
    harness: join(root, 'harness'),
    plumbing: join(root, 'plumbing'),
  };
  for (const p of [d.dir, d.home, d.tmp, d.harness, d.plumbing]) mkdirSync(p, { recursive: true });
  writeFileSync(join(d.dir, 'TASK.md'), scenario.prompt);
  if (docs === 'full') {
    const src = specSource(specDir, scenario);
    if (!existsSync(src)) {
      rmSync(root, { recursive: true, force: true });
      throw new RunnerInputError(
        `--docs full: pinned spec folder not found: ${src}`,
        'set MCP_SPEC_DIR, or run `npm run fetch-spec`',
      );
    }
    cpSync(src, join(d.dir, 'spec'), { recursive: true, filter: (p) => !HARNESS_MADE.has(basename(p)) });
  }
  return d;
}

const OUT = '.mcpfs-mount-out';
const IN = '.mcpfs-mount-in';

/**
 * Prove the workspace is shared both ways before the agent starts: a token written outside is read inside the
 * sandbox, and a token written inside is read outside. Any failure is the harness's (infra-error). The probe files
 * are removed again so the agent finds the workspace untouched.
 */
export async function checkMount(sb: Sandbox, dir: string, env: Record<string, string>): Promise<void> {
  const outTok = randomBytes(8).toString('hex');
  const inTok = randomBytes(8).toString('hex');
  writeFileSync(join(dir, OUT), outTok);
  try {
    const w = sb.enter('/bin/sh', ['-c', `cat ${OUT} && printf %s "$1" > ${IN}`, 'sh', inTok]);
    const { code, stdout, stderr } = await run(w.cmd, w.args, dir, env);
    if (code !== 0)
      throw new InfraError(
        `mount check failed: the sandbox could not read the workspace (exit ${code}: ${stderr.trim()})`,
      );
    if (stdout !== outTok)
      throw new InfraError('mount check failed: a file written outside the sandbox reads differently inside');
    const back = existsSync(join(dir, IN)) ? readFileSync(join(dir, IN), 'utf8') : undefined;
    if (back !== inTok)
      throw new InfraError('mount check failed: a file written inside the sandbox is not visible outside');
  } finally {
    rmSync(join(dir, OUT), { force: true });
    rmSync(join(dir, IN), { force: true });
  }
}

function run(
  cmd: string,
  args: string[],
  cwd: string,
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const c = spawn(cmd, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    c.stdout.on('data', (b: Buffer) => (stdout += b.toString()));
    c.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
    const t = setTimeout(() => c.kill('SIGKILL'), 15_000);
    c.once('error', (e) => resolve({ code: -1, stdout, stderr: e.message }));
    c.once('close', (code) => {
      clearTimeout(t);
      resolve({ code, stdout, stderr });
    });
  });
}
