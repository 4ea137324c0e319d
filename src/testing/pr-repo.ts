// Test-only: throw-away git repositories shaped like the project (scenarios, package.json version, records) for the
// check and pr-report CLI tests. Agent trials are made from committed library trials of this checkout (real wire logs,
// judged by the real judges): the log's trial note and the record are rewritten for an agent subject and resealed,
// as the runner would have written them. Never writes under the real results/.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { piSessionUsage } from '../bench/derive/pi-usage.ts';
import { parseWireLog } from '../bench/derive/parse.ts';
import { sealedTrialFiles } from '../bench/derive/records.ts';
import { piTranscript } from '../bench/derive/forged-corpus.ts';
import type { Subject } from '../bench/schema/subject.ts';
import type { TrialRecord } from '../bench/schema/trial.ts';

/** The project checkout the tests run in (records and scenarios are copied from it, read-only). */
const PROJECT = process.cwd();

/** An agent subject as pi's adapter names it. */
export function piAgent(model: string, thinking = 'high'): Subject {
  return {
    kind: 'agent',
    id: `agent/pi@1.6.0/prov/${model}/${thinking}`,
    label: `pi 1.6.0 · prov/${model} · ${thinking}`,
    harness: 'pi',
    harnessVersion: '1.6.0',
    provider: 'prov',
    model,
    thinking,
  };
}

/**
 * The files of an agent trial made from the committed trial `source` (a record path of this checkout): same wire
 * exchanges, verdicts and times, the agent subject, repetition `k`, a pi transcript (distinct per `seed`).
 */
export function agentTrial(source: string, subject: Subject, k: number, seed: number): Map<string, string> {
  const rec = JSON.parse(readFileSync(join(PROJECT, source), 'utf8')) as TrialRecord;
  const wirePath = join(PROJECT, dirname(source), rec.sidecars.wire);
  const log = parseWireLog(wirePath, readFileSync(wirePath, 'utf8')).log!;
  // The runner's trial note goes first; sealedTrialFiles writes the new one.
  const recorded = { header: log.header, events: log.events.slice(1) };
  const transcript = piTranscript(seed);
  const { wireChain: _seal, ...rest } = rec;
  const record: Omit<TrialRecord, 'wireChain'> = {
    ...rest,
    trial: { ...rec.trial, id: `pr-${subject.id.split('/')[3]}-${rec.trial.scenario}-k${k}`, k },
    subject,
    usage: { ...piSessionUsage(transcript), wallTimeMs: rec.usage.wallTimeMs ?? 1000 },
    sidecars: { wire: `k${k}.wire.jsonl`, transcript: `k${k}.transcript.jsonl` },
  };
  return new Map(sealedTrialFiles(record, recorded, transcript).files.map((f) => [f.path, f.content]));
}

/** A committed trial of this checkout, record and sidecars, as they are. */
export function committedTrial(source: string): Map<string, string> {
  const rec = JSON.parse(readFileSync(join(PROJECT, source), 'utf8')) as TrialRecord;
  const names = [rec.sidecars.wire, ...(rec.sidecars.transcript ? [rec.sidecars.transcript] : [])];
  return new Map(
    [source, ...names.map((n) => join(dirname(source), n))].map((p) => [p, readFileSync(join(PROJECT, p), 'utf8')]),
  );
}

/** A git repository in a temp folder: scenarios and package.json of this checkout, on branch `main`. */
export class PrRepo {
  readonly root = mkdtempSync(join(tmpdir(), 'mcpfs-pr-'));

  constructor() {
    this.git('init', '-q', '-b', 'main');
    cpSync(join(PROJECT, 'scenarios'), join(this.root, 'scenarios'), { recursive: true });
    const version = (JSON.parse(readFileSync(join(PROJECT, 'package.json'), 'utf8')) as { version: string }).version;
    this.write(new Map([['package.json', `${JSON.stringify({ name: 'pr-test', version })}\n`]]));
  }

  git(...args: string[]): string {
    const r = spawnSync(
      'git',
      ['-C', this.root, '-c', 'user.name=test', '-c', 'user.email=test@example.invalid', ...args],
      { encoding: 'utf8' },
    );
    if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
    return r.stdout;
  }

  write(files: ReadonlyMap<string, string>): void {
    for (const [p, text] of files) {
      mkdirSync(dirname(join(this.root, p)), { recursive: true });
      writeFileSync(join(this.root, p), text);
    }
  }

  commit(message: string): void {
    this.git('add', '-A');
    this.git('commit', '-q', '-m', message);
  }

  read(path: string): string {
    return readFileSync(join(this.root, path), 'utf8');
  }

  remove(): void {
    rmSync(this.root, { recursive: true, force: true });
  }
}

/** Run `npm run -s <script> -- <args>` against the repository (MCPFS_ROOT), from this checkout. */
export function npmIn(repo: PrRepo, script: string, args: string[] = [], env: Record<string, string> = {}) {
  return spawnSync('npm', ['run', '-s', script, '--', ...args], {
    cwd: PROJECT,
    env: { ...process.env, MCPFS_ROOT: repo.root, MCP_SPEC_DIR: join(repo.root, 'no-spec'), NO_COLOR: '1', ...env },
    encoding: 'utf8',
    timeout: 120_000,
  });
}
