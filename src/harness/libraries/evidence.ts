// `npm run libraries -- --evidence [--write]`: re-run every raw-evidence command of libraries/evidence/index.json
// against the live library — its glue server on a fresh 127.0.0.1 port for server-role entries (the command is plain
// curl through libraries/evidence/lib.sh), or the command's own recording server for client-role entries — and
// require the transcript to still match the entry's `expect` regular expression. --write (re)records the transcripts.
// Neither the prober nor a reference server is involved: that is the point of the evidence.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { EVIDENCE_INDEX_PATH, librarySubjectId } from '../../bench/derive/libraries.ts';
import { parseWith } from '../../bench/derive/parse.ts';
import { formatProblem } from '../../bench/problems.ts';
import { EvidenceIndexSchema, type EvidenceEntry } from '../../bench/schema/library.ts';
import { freePort, isListening, waitFor } from '../os/ports.ts';
import { RunnerInputError } from '../errors.ts';
import { glueNode, librariesDir, type LibraryEntry } from './index.ts';
import type { LibrariesArgs } from './plan.ts';

/** Bound for one evidence command (curl calls carry their own --max-time). */
const COMMAND_MS = 60_000;

/** Output of a shell command run in `cwd` with `env` (stdout and stderr interleaved), killed with its group at the bound. */
export function runCommand(
  command: string,
  cwd: string,
  env: Record<string, string>,
  timeoutMs = COMMAND_MS,
): Promise<{ output: string; code: number | null }> {
  return new Promise((resolve) => {
    const child = spawn('bash', ['-c', command], { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (b: Buffer) => (output += b.toString('utf8')));
    child.stderr.on('data', (b: Buffer) => (output += b.toString('utf8')));
    const timer = setTimeout(() => killGroup(child.pid), timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ output, code });
    });
  });
}

function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

/** The environment the evidence commands and glue servers get: PATH with this Node first, nothing secret. */
function baseEnv(): Record<string, string> {
  return {
    PATH: `${dirname(process.execPath)}:/usr/local/bin:/usr/bin:/bin`,
    HOME: process.env.HOME ?? '/tmp',
    LANG: 'C.UTF-8',
    NO_COLOR: '1',
  };
}

/** Start a library's server glue for a scenario on a free port; resolves once it listens. */
async function startGlue(
  dir: string,
  lib: LibraryEntry,
  glue: string,
  scenario: string,
): Promise<{ url: string; stop: () => void; log: () => string }> {
  const port = await freePort();
  const node = glueNode(lib, glue, dir); // an earlier release: its install folder and the module hook
  const child = spawn(process.execPath, [...node.args, join(dir, glue), scenario], {
    cwd: dir,
    env: { ...baseEnv(), ...node.env, PORT: String(port) },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (b: Buffer) => (log += b.toString('utf8')));
  child.stderr.on('data', (b: Buffer) => (log += b.toString('utf8')));
  const exited = new Promise((r) => child.once('exit', r));
  const up = await waitFor(() => isListening(port), 20_000, exited);
  const stop = () => killGroup(child.pid);
  if (!up) {
    stop();
    throw new Error(
      `${glue} ${scenario}: the glue server did not listen on 127.0.0.1:${port} within 20 s; its log:\n${log}`,
    );
  }
  return { url: `http://127.0.0.1:${port}/mcp`, stop, log: () => log };
}

/** Run one entry's command against the live library; returns the transcript. */
export async function recordEvidence(e: EvidenceEntry, lib: LibraryEntry, dir = librariesDir()): Promise<string> {
  const cwd = join(dir, 'evidence');
  if (e.role === 'client') return (await runCommand(e.command, cwd, baseEnv())).output;
  const glue = lib.glue[e.revision]?.server;
  if (!glue)
    throw new RunnerInputError(
      `${EVIDENCE_INDEX_PATH}: ${e.library} has no ${e.revision} server glue`,
      'fix the entry or libraries/registry.json',
    );
  const server = await startGlue(dir, lib, glue, e.scenario);
  try {
    const { output } = await runCommand(e.command, cwd, { ...baseEnv(), MCP_URL: server.url });
    // The server's own log goes last: a library's warnings (e.g. a rejected tool declaration) are evidence too.
    return `${output}--- ${glue} ${e.scenario}: the glue server's log ---\n${server.log()}`;
  } finally {
    server.stop();
  }
}

/** The evidence index; a broken file is an input error naming the file and field. */
export function loadEvidenceIndex(dir = librariesDir()): EvidenceEntry[] {
  const { value, problems } = parseWith(
    EVIDENCE_INDEX_PATH,
    readFileSync(join(dir, 'evidence', 'index.json'), 'utf8'),
    EvidenceIndexSchema,
  );
  if (!value)
    throw new RunnerInputError(
      problems.map(formatProblem).join('\n'),
      `fix ${EVIDENCE_INDEX_PATH} (schema: src/bench/schema/library.ts)`,
    );
  return value.entries;
}

/** The CLI mode: check (or with --write, record) every selected entry; exit 1 when a transcript no longer shows its `expect`. */
export async function runEvidence(
  _root: string,
  args: Pick<LibrariesArgs, 'libraries' | 'revision' | 'role' | 'write'>,
  dir = librariesDir(),
): Promise<number> {
  const t0 = performance.now();
  const libs = new Map(args.libraries.map((l) => [librarySubjectId(l.library, l.libraryVersion), l]));
  const entries = loadEvidenceIndex(dir).filter(
    (e) =>
      libs.has(librarySubjectId(e.library, e.libraryVersion)) &&
      (!args.revision || e.revision === args.revision) &&
      (!args.role || e.role === args.role),
  );
  let failed = 0;
  for (const e of entries) {
    const file = `libraries/evidence/${e.transcript}`;
    const transcript = await recordEvidence(e, libs.get(librarySubjectId(e.library, e.libraryVersion))!, dir);
    const ok = new RegExp(e.expect).test(transcript);
    if (args.write && ok) {
      mkdirSync(dirname(join(dir, 'evidence', e.transcript)), { recursive: true });
      writeFileSync(join(dir, 'evidence', e.transcript), `$ ${e.command}\n${transcript}`);
    }
    if (ok) console.error(`${file}: ${args.write ? 'recorded; ' : ''}matches /${e.expect}/ (${e.status})`);
    else {
      failed++;
      console.error(
        `${file}: the fresh transcript no longer matches /${e.expect}/ (${e.library}@${e.libraryVersion} ${e.scenario} ${e.checkpoint})${args.write ? '; not written' : ''}\n  hint: read it below; update the entry (or the verdict is no longer a failure)\n${transcript
          .split('\n')
          .slice(0, 40)
          .map((l) => `  | ${l}`)
          .join('\n')}`,
      );
    }
  }
  console.log(
    `libraries --evidence: ${entries.length} transcript(s) in ${((performance.now() - t0) / 1000).toFixed(1)} s; ${failed} no longer show their evidence`,
  );
  return failed ? 1 : 0;
}
