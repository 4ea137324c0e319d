// A checked record as the data set lists it (a TrialRow). Its own module, importing nothing impure, so the prober's
// HTML report (src/bench/report/replay-html.ts) builds the same row the site's replay does without derive's imports.
import type { TrialRow } from '../schema/trial-row.ts';
import type { TrialSchemaReport } from '../wire-schema/types.ts';
import { scoreTrial } from '../scoring/score.ts';
import type { CheckedRecord } from './records.ts';

/** A record as the data set lists it: header fields, verdicts, the derived score (none for infra-error), its files and schema report. */
export function trialRow(
  {
    path,
    record: r,
    wirePath,
    transcriptPath,
    snapshotPath,
    modelPath,
    verificationPath,
    verification,
    requests,
  }: Pick<
    CheckedRecord,
    | 'path'
    | 'record'
    | 'wirePath'
    | 'transcriptPath'
    | 'snapshotPath'
    | 'modelPath'
    | 'verificationPath'
    | 'verification'
    | 'requests'
  >,
  schema: TrialSchemaReport,
  current = true,
): TrialRow {
  return {
    id: r.trial.id,
    revision: r.trial.revision,
    role: r.trial.role,
    scenario: r.trial.scenario,
    docs: r.trial.docs,
    k: r.trial.k,
    subject: r.subject,
    status: r.status,
    ...(r.infraReason ? { infraReason: r.infraReason } : {}),
    ...(r.contamination ? { contamination: r.contamination } : {}),
    startedAt: r.trial.startedAt,
    endedAt: r.trial.endedAt,
    benchmarkVersion: r.trial.benchmarkVersion,
    scenarioHash: r.trial.scenarioHash,
    current,
    isolation: r.trial.isolation,
    ...(r.trial.sandbox ? { sandbox: r.trial.sandbox } : {}),
    ...(r.trial.run ? { run: r.trial.run } : {}),
    specCommit: r.trial.specCommit,
    verdicts: r.verdicts,
    score: r.status === 'completed' ? scoreTrial(r.verdicts) : null,
    usage: r.usage,
    files: {
      record: path,
      wire: wirePath,
      ...(transcriptPath ? { transcript: transcriptPath } : {}),
      ...(snapshotPath ? { snapshot: snapshotPath } : {}),
      ...(verificationPath ? { verification: verificationPath } : {}),
      ...(modelPath ? { model: modelPath } : {}),
    },
    schema,
    ...(verification ? { verification } : {}),
    durationMs: trialDurationMs(r.trial.startedAt, r.trial.endedAt),
    requests,
    wireHead: r.wireChain.head,
  };
}

/** A trial's wall time in ms, from its UTC timestamps (records are checked to end no earlier than they start). */
export const trialDurationMs = (startedAt: string, endedAt: string): number =>
  Date.parse(endedAt) - Date.parse(startedAt);
