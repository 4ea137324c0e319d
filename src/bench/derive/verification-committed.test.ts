// Re-run verification of an agent trial made from a committed trial of this checkout (the streaming scenario's oracle:
// real wire log, real judges), its verification written with the harness's writers: a re-run that behaves like the
// oracle agrees; one that behaves like the no-priming mutant (its committed wire log) disagrees on that checkpoint.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { JUDGES } from '../judge/registry.ts';
import { formatProblem } from '../problems.ts';
import type { TrialRecord } from '../schema/trial.ts';
import type { WireLog } from '../schema/wire-event.ts';
import { verificationText } from '../verify/sidecar-text.ts';
import { agentTrial, piAgent } from '../../testing/pr-repo.ts';
import { derive } from './derive.ts';
import { parseWireLog } from './parse.ts';
import { verificationHeader } from './verify-fixtures.ts';
import { wireJsonl } from './wire-chain.ts';

const DIR = 'results/2025-11-25/server/streaming/none/calibration';
const SCENARIO = 'scenarios/2025-11-25/server/streaming.json';
const logOf = (path: string): WireLog => parseWireLog(path, readFileSync(path, 'utf8')).log!;

/** The agent trial and a verification whose re-run recorded `rerun`. */
function verified(rerun: WireLog): { files: Map<string, string>; record: string } {
  const files = agentTrial(`${DIR}/oracle/k1.json`, piAgent('model-v'), 1, 1);
  const record = [...files.keys()].find((p) => p.endsWith('.json'))!;
  const r = JSON.parse(files.get(record)!) as TrialRecord;
  files.set(
    record.replace(/\.json$/, '.verification.jsonl'),
    verificationText(verificationHeader(r, files.get(record)!, rerun), wireJsonl(rerun)),
  );
  return { files, record };
}

const run = (files: Map<string, string>) =>
  derive({
    scenarios: [{ path: SCENARIO, text: readFileSync(SCENARIO, 'utf8') }],
    results: files,
    judges: JUDGES,
    gate: false,
  });

describe('re-run verification of a trial made from a committed one', () => {
  it('agrees when the re-run records what the trial recorded', () => {
    const out = run(verified(logOf(`${DIR}/oracle/k1.wire.jsonl`)).files);
    expect(out.problems.map(formatProblem)).toEqual([]);
    const v = out.dataset!.trials[0]!.verification!;
    expect(v.status).toBe('agrees');
    // One comparison per checkpoint of the scenario.
    expect(v.checkpoints).toHaveLength(
      (JSON.parse(readFileSync(SCENARIO, 'utf8')) as { checkpoints: unknown[] }).checkpoints.length,
    );
  });

  it('disagrees, naming the checkpoint, when the re-run behaves like the no-priming mutant', () => {
    const out = run(verified(logOf(`${DIR}/mutant-no-priming/k1.wire.jsonl`)).files);
    expect(out.problems.map(formatProblem)).toEqual([]);
    const v = out.dataset!.trials[0]!.verification!;
    expect(v.status).toBe('disagrees');
    expect(v.checkpoints.filter((c) => !c.match)).toEqual([
      { checkpoint: 'sse-priming-event-first', stored: 'pass', rerun: 'fail', match: false },
    ]);
  });
});
