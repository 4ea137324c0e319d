import { join } from 'node:path';
import { parseWith, parseWireLog } from '../../bench/derive/parse.ts';
import { sidecarPath } from '../../bench/derive/records.ts';
import { checkScenarios } from '../../bench/derive/scenarios.ts';
import { judgeTrial } from '../../bench/judge/run.ts';
import { JUDGES } from '../../bench/judge/registry.ts';
import type { JudgeRegistry } from '../../bench/judge/types.ts';
import type { Problem } from '../../bench/problems.ts';
import { TrialRecordSchema } from '../../bench/schema/trial.ts';
import { loadResultFiles, loadScenarioFiles } from './load.ts';

export interface RejudgePlan {
  /** Project-relative paths of the records whose verdicts changed, in file order. */
  changed: string[];
  /** Rewritten records (absolute paths) to write all-or-nothing; empty when there are problems. */
  writes: { path: string; content: string }[];
  /** Path-first problems (invalid scenarios or records, missing or invalid wire logs); nothing may be written then. */
  problems: Problem[];
}

/**
 * Re-run every judge over each stored completed record's wire log and plan the rewrite of the records whose verdicts
 * differ. Records are otherwise untouched. Writes nothing itself.
 */
export function planRejudge(root: string, judges: JudgeRegistry = JUDGES): RejudgePlan {
  // What the safe reader refuses (links, FIFOs, oversized or non-UTF-8 files) is a problem here too: nothing written.
  const refused: Problem[] = [];
  const { scenarios, problems } = checkScenarios(loadScenarioFiles(root, refused));
  const files = loadResultFiles(root, refused);
  problems.push(...refused);
  const writes: { path: string; content: string }[] = [];
  const changed: string[] = [];
  for (const [path, text] of files) {
    if (!path.endsWith('.json')) continue;
    const { value: record, problems: ps } = parseWith(path, text, TrialRecordSchema);
    problems.push(...ps);
    if (!record || record.status !== 'completed') continue;
    const t = record.trial;
    const scenario = scenarios.get(`${t.revision}/${t.role}/${t.scenario}`);
    if (!scenario) {
      problems.push({ file: path, field: 'trial.scenario', message: `unknown scenario "${t.scenario}"` });
      continue;
    }
    const wirePath = sidecarPath(path, record.sidecars.wire);
    const wireText = files.get(wirePath);
    if (wireText === undefined) {
      problems.push({ file: path, field: 'sidecars.wire', message: `missing sidecar ${wirePath}` });
      continue;
    }
    const w = parseWireLog(wirePath, wireText);
    if (!w.log) {
      problems.push(...w.problems);
      continue;
    }
    const verdicts = judgeTrial(scenario, w.log, judges);
    if (JSON.stringify(verdicts) === JSON.stringify(record.verdicts)) continue;
    changed.push(path);
    writes.push({ path: join(root, path), content: JSON.stringify({ ...record, verdicts }, null, 2) + '\n' });
  }
  return { changed, writes: problems.length ? [] : writes, problems };
}
