// Integrity checks of one record against its own sidecars: its times against its wire log's clock, its usage against
// its transcript, an infra-error against what its log shows, a calibration subject against what the harness runs.
// What they catch and what they cannot (no secret key: a determined forger recomputes everything) is in CONTEXT.md,
// "Record integrity".
import type { ModelTraffic } from '../model-traffic/parse.ts';
import { trafficTotals, usageFromTotals } from '../model-traffic/usage.ts';
import { canonicalJson } from '../canonical-json.ts';
import type { Problem } from '../problems.ts';
import type { Subject } from '../schema/subject.ts';
import type { TrialRecord } from '../schema/trial.ts';
import type { WireLog } from '../schema/wire-event.ts';
import { PI_USAGE_FIELDS, piSessionUsage } from './pi-usage.ts';

/**
 * Slack when comparing the record's wall-clock times with the wire log's. The record's times and the log's
 * `startedAt` come from the wall clock, event times from a monotonic clock started with the log; the two drift apart
 * by at most NTP's slew rate (500 ppm: 0.9 s over a 30-minute session), and every time is rounded to the millisecond.
 */
export const CLOCK_TOLERANCE_MS = 2000;

/** The calibration subjects the harness runs (passed in as data by harness/io: derive cannot import the harness). */
export interface CalibrationSubjects {
  /** Run on every scenario: oracle, null, cheater, pi + scripted model. */
  always: readonly Subject[];
  /** Mutants by `<revision>/<role>`: each mutant's subject and the scenario ids it runs on. */
  mutants: Readonly<Record<string, readonly { subject: Subject; scenarios: readonly string[] }[]>>;
  /**
   * Agent harnesses driven by the scripted model (`calibration/<harness>+scripted-model`), each on the scenarios it
   * covers (`<revision>/<role>/<id>`).
   */
  harnesses?: readonly { subject: Subject; scenarios: readonly string[] }[];
}

const iso = (ms: number) => (Number.isFinite(ms) ? new Date(ms).toISOString() : String(ms));

/** A record with its parsed wire log: what every check of a record against its log reads. */
export interface LoggedRecord {
  /** The record's project-relative path (problems name it first). */
  path: string;
  /** The wire log's project-relative path. */
  wirePath: string;
  /** The parsed record. */
  record: TrialRecord;
  /** The parsed wire log. */
  log: WireLog;
  /** The log's line number of each event (1-based, events[i] is on lines[i]). */
  lines: readonly number[];
}

/** The record's startedAt/endedAt contain its wire log (start and last event), and its wall time fits between them. */
export function timeProblems({ path, wirePath, record, log, lines }: LoggedRecord): Problem[] {
  const t = record.trial;
  const start = Date.parse(t.startedAt);
  const end = Date.parse(t.endedAt);
  const logStart = Date.parse(log.header.startedAt);
  const problems: Problem[] = [];
  if (logStart < start - CLOCK_TOLERANCE_MS) {
    problems.push({
      file: path,
      field: 'trial.startedAt',
      message: `${t.startedAt} is after its wire log began (${log.header.startedAt}, ${wirePath} line 1): a trial starts before its log (tolerance ${CLOCK_TOLERANCE_MS} ms)`,
    });
  }
  const last = log.events.at(-1);
  if (last && logStart + last.t > end + CLOCK_TOLERANCE_MS) {
    problems.push({
      file: path,
      field: 'trial.endedAt',
      message: `${t.endedAt} is before its wire log's last event (${iso(logStart + last.t)}, ${wirePath} line ${lines.at(-1)}): a trial ends after its log (tolerance ${CLOCK_TOLERANCE_MS} ms)`,
    });
  }
  const wall = record.usage.wallTimeMs;
  if (wall !== undefined && wall > end - start + CLOCK_TOLERANCE_MS) {
    problems.push({
      file: path,
      field: 'usage.wallTimeMs',
      message: `${wall} ms is longer than the trial itself (${end - start} ms from startedAt to endedAt)`,
    });
  }
  return problems;
}

/**
 * Token, cost, tool-call and turn counts come from the agent's transcript: without one the record has none; with a
 * pi transcript they are exactly what the transcript sums to (the runner computes them so).
 */
export function usageProblems(
  path: string,
  record: TrialRecord,
  transcript?: { path: string; text: string },
  model?: { path: string; traffic: ModelTraffic },
): Problem[] {
  const u = record.usage as Record<string, number | undefined>;
  if (record.usage.source === 'proxy' || model) return proxyUsageProblems(path, record, model);
  if (!transcript) {
    return PI_USAGE_FIELDS.filter((f) => u[f] !== undefined).map((f) => ({
      file: path,
      field: `usage.${f}`,
      message: `${u[f]}, but the record has no transcript to count it from`,
      hint: "the runner takes these counts from the agent's transcript; a record without one has only wallTimeMs",
    }));
  }
  if (record.subject.harness !== 'pi') return [];
  const counted = piSessionUsage(transcript.text) as Record<string, number | undefined>;
  return PI_USAGE_FIELDS.filter((f) => u[f] !== counted[f]).map((f) => ({
    file: path,
    field: `usage.${f}`,
    message: `${u[f] ?? 'missing'}, but the transcript (${transcript.path}) counts ${counted[f]}`,
    hint: 'the runner stores what the transcript sums to; the record or the transcript was edited',
  }));
}

/**
 * An infra-error means the harness failed before the subject could be judged: the runner's crash leaves a log with its
 * notes only, and an agent that never got a model reply leaves nothing that answered. A log with answered exchanges
 * shows a trial that ran; relabelled infra-error, a failing trial would vanish from every board.
 */
export function infraProblems({ path, wirePath, record, log, lines }: LoggedRecord): Problem[] {
  if (record.status !== 'infra-error') return [];
  const answered = log.events.flatMap((e, i) => (e.type === 'response' ? [i] : []));
  if (answered.length === 0) return [];
  return [
    {
      file: path,
      field: 'status',
      message: `"infra-error", but its wire log shows ${answered.length} answered exchange${answered.length === 1 ? '' : 's'} (first at ${wirePath} line ${lines[answered[0]!]}): the trial ran and must be judged`,
      hint: 'the runner records infra-error only when nothing answered: re-run the trial',
    },
  ];
}

/** A calibration subject must be one the harness runs on this scenario, exactly as the harness describes it. */
export function calibrationSubjectProblems(
  path: string,
  record: TrialRecord,
  known: CalibrationSubjects | undefined,
): Problem[] {
  const s = record.subject;
  if (s.kind !== 'calibration' || !known) return [];
  const t = record.trial;
  const allowed = [
    ...known.always,
    ...(known.mutants[`${t.revision}/${t.role}`] ?? [])
      .filter((m) => m.scenarios.includes(t.scenario))
      .map((m) => m.subject),
    ...(known.harnesses ?? [])
      .filter((h) => h.scenarios.includes(`${t.revision}/${t.role}/${t.scenario}`))
      .map((h) => h.subject),
  ];
  const same = allowed.find((a) => a.id === s.id);
  if (!same) {
    return [
      {
        file: path,
        field: 'subject.id',
        message: `"${s.id}" is not a calibration subject the harness runs on ${t.revision}/${t.role}/${t.scenario}`,
        hint: `known: ${allowed.map((a) => a.id).join(', ')}`,
      },
    ];
  }
  if (canonicalJson(same) === canonicalJson(s)) return [];
  const keys = [...new Set([...Object.keys(same), ...Object.keys(s)])]
    .filter((k) => (same as Record<string, unknown>)[k] !== (s as Record<string, unknown>)[k])
    .sort();
  return [
    {
      file: path,
      field: 'subject',
      message: `does not match the harness's ${s.id} (${keys.join(', ')} differ${keys.length === 1 ? 's' : ''})`,
      hint: 'calibration subjects are written by the harness; re-run `npm run calibrate`',
    },
  ];
}

/** What the proxy's figures are re-counted from: the exchanges' provider-reported usage (cost aside: prices change). */
const PROXY_FIELDS = [
  'inputTokens',
  'outputTokens',
  'cacheReadTokens',
  'cacheWriteTokens',
  'toolCalls',
  'turns',
  'requests',
] as const;

/**
 * Usage measured at the model proxy is exactly what the model-traffic sidecar's responses sum to, is marked
 * `source: "proxy"`, and a budget the record says was exhausted is the one the sidecar's end line names.
 */
function proxyUsageProblems(
  path: string,
  record: TrialRecord,
  model?: { path: string; traffic: ModelTraffic },
): Problem[] {
  if (!model)
    return [
      {
        file: path,
        field: 'usage.source',
        message: '"proxy", but the record names no model-traffic sidecar to measure it from',
        hint: 'usage measured at the proxy comes with its sidecar (`sidecars.model`)',
      },
    ];
  const out: Problem[] = [];
  if (record.usage.source !== 'proxy')
    out.push({
      file: path,
      field: 'usage.source',
      message: `${record.usage.source ?? 'missing'}, but the trial's model traffic went through the proxy: "proxy"`,
    });
  const counted = usageFromTotals(trafficTotals(model.traffic.exchanges)) as Record<string, number | undefined>;
  const u = record.usage as Record<string, number | undefined>;
  for (const f of PROXY_FIELDS)
    if (u[f] !== counted[f])
      out.push({
        file: path,
        field: `usage.${f}`,
        message: `${u[f] ?? 'missing'}, but the model traffic (${model.path}) counts ${counted[f]}`,
        hint: 'the runner stores what the proxy measured; the record or the sidecar was edited',
      });
  if (record.usage.budgetExhausted !== model.traffic.end?.budgetExhausted)
    out.push({
      file: path,
      field: 'usage.budgetExhausted',
      message: `${record.usage.budgetExhausted ?? 'absent'}, but the model traffic's end line says ${model.traffic.end?.budgetExhausted ?? 'no budget was exhausted'}`,
    });
  return out;
}
