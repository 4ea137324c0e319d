// npm run verify in a throw-away repository: agent trials recorded by the runner (the oracle run as if it were an
// agent), re-run from their snapshots. A tampered record — a mutant's solution with the oracle's wire log and
// verdicts, resealed — is caught by the re-run disagreeing.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sealedTrialFiles } from '../src/bench/derive/records.ts';
import { VerificationHeaderSchema } from '../src/bench/schema/verification.ts';
import type { TrialRecord } from '../src/bench/schema/trial.ts';
import { PRIMARY_SOURCE } from '../src/bench/spec/revisions.ts';
import { findScenario } from '../src/harness/io/scenarios.ts';
import { writeTrial } from '../src/harness/io/trial-files.ts';
import { requireDriver } from '../src/harness/roles/registry.ts';
import { commandAdapter } from '../src/harness/runner/adapters/basic.ts';
import { runTrial } from '../src/harness/runner/trial.ts';
import { committedTrial, npmIn, PrRepo } from '../src/testing/pr-repo.ts';

const driver = requireDriver('2025-11-25', 'server');
const scenario = findScenario(process.cwd(), '2025-11-25', 'server', 'tools-basics');
const oracle = driver.oracleCommand(scenario);
const subject = { kind: 'agent', id: 'agent/cmd@1.0.0/test/oracle/none', label: 'oracle as an agent' } as const;
const DIR = 'results/2025-11-25/server/tools-basics/none/agent/cmd@1.0.0/test/oracle/none';
const MUTANT = 'no-origin-check';

/** A server-role agent trial whose agent starts the oracle (or a mutant) in the background and exits. */
function agentTrial(k: number, mutant?: string) {
  const argv = [oracle.cmd, ...oracle.args, ...(mutant ? ['--mutant', mutant] : [])];
  return runTrial({
    driver,
    scenario,
    adapter: commandAdapter({ command: `${argv.join(' ')} &`, subject }),
    docs: 'none',
    k,
    root: process.cwd(),
    specDir: '/nonexistent',
    specCommit: PRIMARY_SOURCE.commit,
    // The oracle is this project's code: without isolation the re-run (which hides the project under netns) sees it.
    isolation: 'none',
    timeouts: { portWaitMs: 5000 },
  });
}

let repo: PrRepo;
let oracleRun: Awaited<ReturnType<typeof agentTrial>>;
beforeAll(async () => {
  repo = new PrRepo();
  repo.commit('base');
  repo.git('checkout', '-q', '-b', 'pr');
  oracleRun = await agentTrial(1);
}, 120_000);
afterAll(() => repo.remove());

describe('npm run verify', () => {
  it('re-runs an agent record changed against the base: it agrees, exit 0, sidecar written', () => {
    const r = oracleRun;
    expect(r.record.status).toBe('completed');
    expect(r.snapshot).toBeDefined();
    const rec = writeTrial(repo.root, r.record, r.log, r.transcript, r.snapshot);
    const out = npmIn(repo, 'verify');
    expect(out.stderr).toBe('');
    expect(out.stdout).toMatch(/^verify: 1 agent record to re-run \(changed against main \([0-9a-f]{12}\)\)\n/);
    expect(out.stdout).toContain(`${rec} (isolation none, `);
    expect(out.stdout).toContain('): agrees\n');
    expect(out.stdout).toContain('verify: passed');
    expect(out.status).toBe(0);
    const text = readFileSync(join(repo.root, DIR, 'k1.verification.jsonl'), 'utf8');
    const header = VerificationHeaderSchema.parse(JSON.parse(text.split('\n')[0]!));
    expect(header).toMatchObject({ trial: r.record.trial.id, isolation: 'none', status: 'completed' });
    const bytes = readFileSync(join(repo.root, rec));
    expect(header.record).toBe(`sha256:${createHash('sha256').update(bytes).digest('hex')}`);
    // The embedded wire log: its header second, sealed as the header says.
    expect(text.split('\n').length - 2).toBe(header.wireChain.events + 1);
  }, 120_000);

  it('catches a tampered record (a mutant solution with the oracle run’s log and verdicts): exit 1, checkpoints named', async () => {
    const m = await agentTrial(2, MUTANT);
    const failing = m.record.verdicts.filter((v) => v.verdict === 'fail').map((v) => v.checkpoint);
    expect(failing.length).toBeGreaterThan(0);
    // Forge: keep the mutant's identity and snapshot, claim the oracle's exchanges, verdicts and times (the times
    // must contain the claimed log, as derive checks); reseal.
    const { wireChain: _seal, ...rest } = m.record;
    const { startedAt, endedAt } = oracleRun.record.trial;
    const forged: Omit<TrialRecord, 'wireChain'> = {
      ...rest,
      trial: { ...rest.trial, startedAt, endedAt },
      usage: oracleRun.record.usage,
      verdicts: oracleRun.record.verdicts,
    };
    const recorded = { header: oracleRun.log.header, events: oracleRun.log.events.slice(1) };
    const sealed = sealedTrialFiles(forged, recorded);
    repo.write(new Map(sealed.files.map((f) => [f.path, f.content])));
    repo.write(new Map([[`${DIR}/k2.snapshot.jsonl`, m.snapshot!]]));
    // The forgery passes `npm run check`: every file is consistent with every other; only a re-run can expose it.
    // (k1's verification, from the test above, goes first: check refuses a pull request's own verification files.)
    rmSync(join(repo.root, DIR, 'k1.verification.jsonl'));
    const check = npmIn(repo, 'check', [`${DIR}/k2.json`]);
    expect(check.stdout).toContain('; 1 checked\n');
    expect(check.stderr).toBe('');
    expect(check.status).toBe(0);
    const out = npmIn(repo, 'verify', [`${DIR}/k2.json`]);
    expect(out.status).toBe(1);
    expect(out.stdout).toContain(`${DIR}/k2.json (isolation none, `);
    expect(out.stdout).toContain('): DISAGREES\n');
    for (const c of failing) expect(out.stdout).toMatch(new RegExp(`  ${c} +pass +fail +DIFFERS`));
    expect(out.stderr).toContain('verify failed: 1 record disagrees or could not be re-run');
    // The disagreement is kept as evidence.
    expect(existsSync(join(repo.root, DIR, 'k2.verification.jsonl'))).toBe(true);
  }, 120_000);

  it('re-runs a client-role agent record: the recorded client against a fresh reference server', async () => {
    const cd = requireDriver('2025-11-25', 'client');
    const cs = findScenario(process.cwd(), '2025-11-25', 'client', 'call-tool');
    const c = cd.oracleCommand(cs);
    const r = await runTrial({
      driver: cd,
      scenario: cs,
      adapter: commandAdapter({ command: [c.cmd, ...c.args].join(' '), subject }),
      docs: 'none',
      k: 1,
      root: process.cwd(),
      specDir: '/nonexistent',
      specCommit: PRIMARY_SOURCE.commit,
      isolation: 'none',
    });
    expect(r.record.status).toBe('completed');
    const rec = writeTrial(repo.root, r.record, r.log, r.transcript, r.snapshot);
    expect(r.snapshot).toContain('"role":"client"');
    const out = npmIn(repo, 'verify', [rec]);
    expect(out.stderr).toBe('');
    expect(out.stdout).toContain(`${rec} (isolation none, `);
    expect(out.stdout).toContain('): agrees\n');
    expect(out.status).toBe(0);
  }, 120_000);

  it('refuses a record it cannot re-run, path first, with the fix', () => {
    const lib = 'results/2025-11-25/server/streaming/none/library/@modelcontextprotocol/sdk@1.32.2/k1.json';
    repo.write(committedTrial(lib));
    const out = npmIn(repo, 'verify', [lib]);
    expect(out.status).toBe(1);
    expect(out.stderr.split('\n')[0]).toBe(
      `${lib}: subject.kind: "library": only agent trials are verified (nothing of theirs is stored to re-run)`,
    );
    const rec = JSON.parse(repo.read(`${DIR}/k1.json`)) as TrialRecord;
    const { snapshot: _s, ...sidecars } = rec.sidecars;
    repo.write(new Map([[`${DIR}/k1.json`, JSON.stringify({ ...rec, sidecars }, null, 2) + '\n']]));
    const none = npmIn(repo, 'verify', [`${DIR}/k1.json`]);
    expect(none.status).toBe(1);
    expect(none.stderr).toContain(
      `${DIR}/k1.json: sidecars.snapshot: absent: nothing to re-run\n  hint: record it again`,
    );
  });
});
