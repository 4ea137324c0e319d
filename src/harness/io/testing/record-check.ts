import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { trialRow } from '../../../bench/derive/derive.ts';
import { recordSchemaReport } from '../../../bench/derive/memo-entries.ts';
import { checkRecord, expectedRecordPath, sealedTrialFiles, sidecarPath } from '../../../bench/derive/records.ts';
import { JUDGES } from '../../../bench/judge/registry.ts';
import { replayView } from '../../../bench/replay/view.ts';
import type { Scenario } from '../../../bench/schema/scenario.ts';
import type { TrialRecord } from '../../../bench/schema/trial.ts';
import type { WireLog } from '../../../bench/schema/wire-event.ts';
import { loadPinnedSchemas } from '../schema.ts';
import { buildTrialRecord } from '../trial-files.ts';
import { pinnedSpec } from '../spec.ts';
import { subjectFromId } from '../../cli-args.ts';
import { thrownText } from '../../../bench/errors.ts';

/**
 * What the hostile-peer kits check of every run, in two steps as in production: the process that talked to the
 * peer builds the record (the trial runner's `buildTrialRecord`, hence the same `judgeTrial`) and writes it with its
 * wire log (`writeRecord`); another process reads them back as derive does and builds the site's pages (`deriveCheck`).
 */
export interface RecordCheck {
  /** Verdict counts of the record, e.g. `{ fail: 9, pass: 1 }`. */
  verdicts: Record<string, number>;
  /** Events in the wire log. */
  events: number;
  /** Size of the wire log sidecar (JSONL), bytes. */
  wireBytes: number;
  /** Truncation events in the log. */
  truncations: number;
  /** Exchanges the prober ended at a time cap (`end` events with reason `timeout`). */
  timeouts: number;
  /** Problems derive reports when it reads the record back and re-judges it (none expected). */
  problems: string[];
  /** Exchanges on the replay page derive builds (schema report included): the page was built. */
  replayed: number;
}

/** Where `writeRecord` put a trial's two files. */
export interface WrittenRecord {
  record: string;
  wire: string;
}

const SUBJECT = subjectFromId('calibration/chaos', 'hostile peer kit');

/** Judge the log into a record as the trial runner does and write record and wire log into `dir` as `<name>.json` / `<name>.wire.jsonl`. */
export function writeRecord(
  dir: string,
  name: string,
  scenario: Scenario,
  log: WireLog,
  root = process.cwd(),
): WrittenRecord {
  // The trial spans its log, as the runner's does (derive checks the times against the log).
  const startedAt = new Date(log.header.startedAt);
  const record = buildTrialRecord(
    {
      scenario,
      subject: SUBJECT,
      docs: 'none',
      k: 1,
      startedAt,
      endedAt: new Date(),
      specCommit: pinnedSpec(root).specCommit,
      log,
    },
    root,
  );
  // As the runner writes it: the trial note first, the chain sealed (derive refuses a log without them).
  const [rec, wire] = sealedTrialFiles(record, log).files;
  const out = { record: join(dir, `${name}.json`), wire: join(dir, `${name}.wire.jsonl`) };
  writeFileSync(out.record, rec!.content);
  writeFileSync(out.wire, wire!.content);
  return out;
}

/** Read a written record back as derive does (schema, sidecar, re-judge), build its schema report and replay view, then delete both files. */
export function deriveCheck(scenario: Scenario, written: WrittenRecord): RecordCheck {
  const text = readFileSync(written.record, 'utf8');
  const wireText = readFileSync(written.wire, 'utf8');
  rmSync(written.record, { force: true });
  rmSync(written.wire, { force: true });
  const record = JSON.parse(text) as TrialRecord;
  const path = expectedRecordPath(record);
  const files = new Map([
    [path, text],
    [sidecarPath(path, record.sidecars.wire), wireText],
  ]);
  const scenarios = new Map([[`${scenario.revision}/${scenario.role}/${scenario.id}`, scenario]]);
  const { problems, checked } = checkRecord(path, text, { files, scenarios, judges: JUDGES, rejudge: true });
  const row = checked ? trialRow(checked, recordSchemaReport(checked, loadPinnedSchemas())) : undefined;
  const replayed = row ? replayView({ trial: row, log: checked!.log, trialHref: '/trial/' }).exchanges.length : 0;
  const verdicts: Record<string, number> = {};
  for (const v of record.verdicts) verdicts[v.verdict] = (verdicts[v.verdict] ?? 0) + 1;
  return {
    verdicts,
    events: checked?.log.events.length ?? 0,
    wireBytes: Buffer.byteLength(wireText, 'utf8'),
    truncations: checked?.log.events.filter((e) => e.type === 'truncated').length ?? 0,
    timeouts: checked?.log.events.filter((e) => e.type === 'end' && e.reason === 'timeout').length ?? 0,
    problems: problems.map((p) => `${p.file}${p.field ? ` ${p.field}` : ''}: ${p.message}`),
    replayed,
  };
}

/** Peak resident set size of this process so far (VmHWM), in MiB; undefined where /proc is not there. */
export function peakRssMiB(pid: number | 'self' = 'self'): number | undefined {
  try {
    const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? undefined : Math.round(Number(kb) / 1024);
  } catch {
    return undefined;
  }
}

/** A run with derive's read-back of its record; derive throwing on it counts as a crash of the run. */
export function withDerive<R extends { outcome: string; error?: string }>(
  run: R,
  check: () => RecordCheck,
): R & Partial<RecordCheck> {
  try {
    return { ...run, ...check() };
  } catch (e) {
    return { ...run, outcome: 'crash', error: `derive: ${thrownText(e)}` };
  }
}
