// The checks of one parsed record against the rest of the tree that derive and `npm run check` share: which scenario
// version it ran, and whether a canary of the trial turned up in its sidecars. One function, so the fast pull-request
// check can never drift from what the build refuses.
import type { Problem } from '../problems.ts';
import { recordVersionProblems, type Versions } from '../versions/check.ts';
import { canaryProblems } from './canaries.ts';
import type { CheckedRecord } from './records.ts';

export interface RecordContext {
  /** Every file under `results/`, by project-relative path. */
  files: ReadonlyMap<string, string>;
  /** The version history, when one was given and is valid. */
  versions?: Versions;
  /** No history given at all: records must run the current scenario (`revision/role/id` → hash). */
  currentHash?: ReadonlyMap<string, string>;
}

/** Scenario-version and canary problems of one parsed record. */
export function recordContextProblems(path: string, r: Omit<CheckedRecord, 'log'>, ctx: RecordContext): Problem[] {
  const t = r.record.trial;
  const problems: Problem[] = [];
  const key = `${t.revision}/${t.role}/${t.scenario}`;
  if (ctx.versions) problems.push(...recordVersionProblems(path, t, ctx.versions));
  else if (ctx.currentHash && ctx.currentHash.get(key) !== t.scenarioHash)
    problems.push({
      file: path,
      field: 'trial.scenarioHash',
      message: `${t.scenarioHash} is not the current hash of ${key} (${ctx.currentHash.get(key)}) and no version history was given`,
    });
  problems.push(
    ...canaryProblems(
      path,
      r.record,
      ctx.files.get(r.wirePath) ?? '',
      r.transcriptPath ? (ctx.files.get(r.transcriptPath) ?? '') : '',
    ),
  );
  return problems;
}
