// One record's check as derive's memo stores it, shared by derive's own loop and by the threads that check records
// for it ahead of time (src/harness/derive-threads/threads.ts): both run exactly this, so a memo entry means the same
// wherever it was made, and derive takes a ready entry only after its own digest check (record-cache.ts).
import type { Problem } from '../problems.ts';
import type { Scenario } from '../schema/scenario.ts';
import { scenarioKey } from '../versions/hash.ts';
import { trialSchemaReport } from '../wire-schema/trial.ts';
import type { SchemaSet, TrialSchemaReport } from '../wire-schema/types.ts';
import type { CalibrationSubjects } from './integrity.ts';
import type { JudgeRegistry } from '../judge/types.ts';
import { cacheEntry, scenarioContentDigest, type CachedRecord } from './record-cache.ts';
import { checkRecord, type CheckedRecord, type ReadSidecars, type RecordContext } from './records.ts';

/** A record's schema report: its wire log validated against its revision's pinned schema. */
export function recordSchemaReport(
  c: Pick<CheckedRecord, 'record' | 'log'>,
  schemas: SchemaSet | undefined,
): TrialSchemaReport {
  return trialSchemaReport(c.record.trial.revision, c.log, c.record.verdicts, schemas);
}

/** The memo's fingerprint for a run: whether re-judging ran is part of what a stored result means. */
export const memoFingerprint = (fingerprint: string, rejudge: boolean): string => `${fingerprint}\nrejudge=${rejudge}`;

/**
 * A record's scenario's content digest (undefined for an unknown scenario): the whole file's content, not its version
 * hash, because a judge's rule text or message changes a check's result without making a new scenario version.
 */
export function scenarioDigestOf(
  scenarios: ReadonlyMap<string, Scenario>,
): (t: { revision: string; role: string; scenario: string }) => string | undefined {
  const digest = new Map([...scenarios.values()].map((s) => [scenarioKey(s), scenarioContentDigest(s)]));
  return (t) => digest.get(`${t.revision}/${t.role}/${t.scenario}`);
}

/** What checkRecord checks each record against, from derive's input and its checked scenarios and tree. */
export function recordCheckContext(
  input: { judges: JudgeRegistry; rejudge?: boolean; calibrationSubjects?: CalibrationSubjects },
  scenarios: ReadonlyMap<string, Scenario>,
  broken: ReadonlySet<string>,
  tree: { files: ReadonlyMap<string, string>; refused: ReadonlySet<string> },
): RecordContext & { rejudge: boolean } {
  return {
    files: tree.files,
    scenarios,
    judges: input.judges,
    rejudge: input.rejudge ?? true,
    brokenScenarios: broken,
    refused: tree.refused,
    calibration: input.calibrationSubjects,
  };
}

/** One record checked: its problems and what it read; when it passed, its schema report and its memo entry. */
export type MemoCheck = { problems: Problem[]; read?: ReadSidecars; sidecars: string[] } & (
  | { checked: CheckedRecord; schema: TrialSchemaReport; entry?: CachedRecord }
  | { checked?: undefined; schema?: undefined; entry?: undefined }
);

/** Check one record; a record that passed gets a memo entry when its scenario is known and its sidecars were read. */
export function checkForMemo(
  path: string,
  text: string,
  ctx: RecordContext,
  schemas: SchemaSet | undefined,
  hashOf: (t: { revision: string; role: string; scenario: string }) => string | undefined,
): MemoCheck {
  const r = checkRecord(path, text, ctx);
  if (!r.checked) return { problems: r.problems, read: r.read, sidecars: r.sidecars };
  const schema = recordSchemaReport(r.checked, schemas);
  const h = hashOf(r.checked.record.trial);
  const entry = r.read && h !== undefined ? cacheEntry(r.checked, h, r.read, r.sidecars, schema) : undefined;
  return { problems: r.problems, read: r.read, sidecars: r.sidecars, checked: r.checked, schema, entry };
}
