import { readFileSync } from 'node:fs';
import { checkRecord, trialFiles } from '../../../bench/derive/records.ts';
import { JUDGES } from '../../../bench/judge/registry.ts';
import type { Scenario } from '../../../bench/schema/scenario.ts';
import type { WireLog } from '../../../bench/schema/wire-event.ts';
import { buildTrialRecord } from '../../io/trial-files.ts';
import { pinnedSpec, subjectFromId } from '../../runner/cli.ts';

/** What the hostile-peer kits check of every run: the record exists, derive reads it back, sizes are bounded. */
export interface RecordCheck {
  /** Verdict counts of the record, e.g. `{ fail: 9, pass: 1 }`. */
  verdicts: Record<string, number>;
  /** Events in the wire log. */
  events: number;
  /** Size of the wire log sidecar (JSONL), bytes. */
  wireBytes: number;
  /** Truncation events in the log. */
  truncations: number;
  /** Problems derive reports when it reads the record back and re-judges it (none expected). */
  problems: string[];
}

const SUBJECT = subjectFromId('calibration/chaos', 'hostile peer kit');

/** Build the record the way the trial runner does (the same `judgeTrial`), then let derive's reader check it. */
export function recordAndCheck(scenario: Scenario, log: WireLog, root = process.cwd()): RecordCheck {
  const now = new Date();
  const record = buildTrialRecord({ scenario, subject: SUBJECT, docs: 'none', k: 1, startedAt: now, endedAt: now, specCommit: pinnedSpec(root).specCommit, log }, root);
  const files = trialFiles(record, log);
  const map = new Map(files.map((f) => [f.path, f.content] as const));
  const scenarios = new Map([[`${scenario.revision}/${scenario.role}/${scenario.id}`, scenario]]);
  const { problems } = checkRecord(files[0]!.path, files[0]!.content, map, scenarios, JUDGES, true);
  const verdicts: Record<string, number> = {};
  for (const v of record.verdicts) verdicts[v.verdict] = (verdicts[v.verdict] ?? 0) + 1;
  return {
    verdicts,
    events: log.events.length,
    wireBytes: Buffer.byteLength(files[1]!.content, 'utf8'),
    truncations: log.events.filter((e) => (e.type as string) === 'truncated').length,
    problems: problems.map((p) => `${p.file}${p.field ? ` ${p.field}` : ''}: ${p.message}`),
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
