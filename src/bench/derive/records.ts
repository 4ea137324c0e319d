import { parseWith, parseWireLog, parseTranscript } from './parse.ts';
import type { Problem } from '../problems.ts';
import { TrialRecordSchema, type TrialRecord } from '../schema/trial.ts';
import type { Scenario } from '../schema/scenario.ts';
import type { Verdict } from '../schema/verdict.ts';
import type { WireLog } from '../schema/wire-event.ts';
import { judgeTrial, JudgeError } from '../judge/run.ts';
import type { JudgeRegistry } from '../judge/types.ts';

/** A record that passed every check, with its parsed wire log. */
export interface CheckedRecord {
  path: string;
  record: TrialRecord;
  wirePath: string;
  transcriptPath?: string;
  log: WireLog;
}

/** Where a record must live, from its content. */
export function expectedRecordPath(r: Pick<TrialRecord, 'trial' | 'subject'>): string {
  const t = r.trial;
  return `results/${t.revision}/${t.role}/${t.scenario}/${t.docs}/${r.subject.id}/k${t.k}.json`;
}

/** A sidecar's path from its record's path: `name` (e.g. `k1.wire.jsonl`) in the record's folder. */
export function sidecarPath(recordPath: string, name: string): string {
  return recordPath.slice(0, recordPath.lastIndexOf('/') + 1) + name;
}

/** A wire log as JSONL text: header line, then one event per line. */
export function wireJsonl(log: WireLog): string {
  return [log.header, ...log.events].map((e) => JSON.stringify(e)).join('\n') + '\n';
}

/** The files of a trial (project-relative paths): record, wire log, optional transcript. */
export function trialFiles(record: TrialRecord, log: WireLog, transcript?: string): { path: string; content: string }[] {
  const recPath = expectedRecordPath(record);
  return [
    { path: recPath, content: JSON.stringify(record, null, 2) + '\n' },
    { path: sidecarPath(recPath, record.sidecars.wire), content: wireJsonl(log) },
    ...(record.sidecars.transcript && transcript !== undefined ? [{ path: sidecarPath(recPath, record.sidecars.transcript), content: transcript }] : []),
  ];
}

/**
 * Validate one record against its schema, its path, its scenario and its sidecars, and re-judge it from its wire log.
 * Returns problems path-first; a record with problems is not used further.
 */
export function checkRecord(
  path: string,
  text: string,
  files: ReadonlyMap<string, string>,
  scenarios: ReadonlyMap<string, Scenario>,
  judges: JudgeRegistry,
  rejudge: boolean,
  /** `<revision>/<role>/<id>` of scenario files that exist but are invalid (already reported on their own). */
  brokenScenarios: ReadonlySet<string> = new Set(),
): { checked?: CheckedRecord; problems: Problem[]; sidecars: string[] } {
  const { value: record, problems } = parseWith(path, text, TrialRecordSchema);
  // An invalid record still owns its conventional sidecars: reporting them as orphans would hint "delete it" at real data.
  if (!record) return { problems, sidecars: conventionalSidecars(path) };
  const want = expectedRecordPath(record);
  if (want !== path) {
    problems.push({ file: path, field: 'trial', message: `path does not match content: expected ${want}`, hint: 'move the file, or fix trial.revision/role/scenario/docs/k or subject.id' });
  }
  const wirePath = sidecarPath(path, record.sidecars.wire);
  const transcriptPath = record.sidecars.transcript ? sidecarPath(path, record.sidecars.transcript) : undefined;
  const sidecars = [wirePath, ...(transcriptPath ? [transcriptPath] : [])];
  const wireText = files.get(wirePath);
  let log: WireLog | undefined;
  if (wireText === undefined) {
    problems.push({ file: path, field: 'sidecars.wire', message: `missing sidecar ${wirePath}`, hint: 'every record needs its wire log: verdicts are re-judged from it' });
  } else {
    const w = parseWireLog(wirePath, wireText);
    problems.push(...w.problems);
    log = w.log;
  }
  if (transcriptPath) {
    const tt = files.get(transcriptPath);
    if (tt === undefined) problems.push({ file: path, field: 'sidecars.transcript', message: `missing sidecar ${transcriptPath}` });
    else problems.push(...parseTranscript(transcriptPath, tt).problems);
  }
  const t = record.trial;
  if (t.endedAt < t.startedAt) problems.push({ file: path, field: 'trial.endedAt', message: `${t.endedAt} is before startedAt ${t.startedAt}` });
  const perspective = t.role === 'server' ? 'prober' : 'reference';
  if (log && log.header.perspective !== perspective) {
    problems.push({ file: wirePath, field: 'line 1: perspective', message: `expected "${perspective}" for a ${t.role}-role trial, got "${log.header.perspective}"`, hint: 'the server role is probed (prober); the client role talks to the reference server (reference)' });
  }
  const scenario = scenarios.get(`${t.revision}/${t.role}/${t.scenario}`);
  if (!scenario) {
    // An invalid scenario file is reported once, on itself; "unknown scenario" on each of its records would mislead.
    if (brokenScenarios.has(`${t.revision}/${t.role}/${t.scenario}`)) return { problems, sidecars };
    problems.push({ file: path, field: 'trial.scenario', message: `unknown scenario "${t.scenario}" for ${t.revision} ${t.role}`, hint: `expected a file scenarios/${t.revision}/${t.role}/${t.scenario}.json` });
    return { problems, sidecars };
  }
  if (record.status === 'infra-error') {
    if (record.verdicts.length > 0) problems.push({ file: path, field: 'verdicts', message: 'an infra-error trial has no verdicts', hint: 'empty the list: infra-error trials are never judged' });
  } else {
    problems.push(...checkVerdicts(path, record, scenario));
  }
  if (problems.length === 0 && log && record.status === 'completed' && rejudge) {
    try {
      const fresh = judgeTrial(scenario, log, judges);
      fresh.forEach((v, i) => {
        const s = record.verdicts[i]!;
        if (s.verdict !== v.verdict || s.message !== v.message || s.evidence.join(',') !== v.evidence.join(',')) {
          problems.push({
            file: path,
            field: `verdicts[${i}]`,
            message: `stored verdict for "${v.checkpoint}" differs from the re-judged one: stored ${showVerdict(s)}, re-judged ${showVerdict(v)}`,
            hint: 'after a deliberate judge change run `npm run rejudge`; otherwise the record was edited by hand',
          });
        }
      });
    } catch (e) {
      if (!(e instanceof JudgeError)) throw e;
      problems.push({ file: `scenarios/${t.revision}/${t.role}/${t.scenario}.json`, field: 'checkpoints', message: e.message });
    }
  }
  return { checked: problems.length === 0 && log ? { path, record, wirePath, transcriptPath, log } : undefined, problems, sidecars };
}

/** `pass "message" (evidence 0, 3)`: enough to see which part of a tampered verdict differs. */
const showVerdict = (v: Pick<Verdict, 'verdict' | 'message' | 'evidence'>) =>
  `${v.verdict} "${v.message}" (evidence ${v.evidence.length ? v.evidence.join(', ') : 'none'})`;

/** `<dir>/k1.json` → its default sidecars `<dir>/k1.wire.jsonl`, `<dir>/k1.transcript.jsonl`. */
function conventionalSidecars(path: string): string[] {
  const stem = path.replace(/\.json$/, '');
  return [`${stem}.wire.jsonl`, `${stem}.transcript.jsonl`];
}

/** Every checkpoint of the scenario has exactly one verdict, in order, with the checkpoint's level and sentence id. */
function checkVerdicts(path: string, record: TrialRecord, scenario: Scenario): Problem[] {
  const problems: Problem[] = [];
  const bySlug = new Map(scenario.checkpoints.map((c) => [c.slug, c]));
  record.verdicts.forEach((v, i) => {
    const c = bySlug.get(v.checkpoint);
    if (!c) {
      problems.push({ file: path, field: `verdicts[${i}].checkpoint`, message: `unknown checkpoint "${v.checkpoint}" in scenario "${scenario.id}"`, hint: `known: ${[...bySlug.keys()].join(', ')}` });
      return;
    }
    if (c.level !== v.level) problems.push({ file: path, field: `verdicts[${i}].level`, message: `level ${v.level} does not match checkpoint "${c.slug}" (${c.level})` });
    const spec = c.spec?.id ?? null;
    if (spec !== v.spec) problems.push({ file: path, field: `verdicts[${i}].spec`, message: `sentence ${v.spec} does not match checkpoint "${c.slug}" (${spec})` });
  });
  const seen = record.verdicts.map((v) => v.checkpoint);
  const want = scenario.checkpoints.map((c) => c.slug);
  for (const slug of want) if (!seen.includes(slug)) problems.push({ file: path, field: 'verdicts', message: `missing verdict for checkpoint "${slug}"`, hint: 'records carry one verdict per checkpoint; run `npm run rejudge`' });
  const dup = seen.filter((s, i) => seen.indexOf(s) !== i);
  for (const slug of new Set(dup)) problems.push({ file: path, field: 'verdicts', message: `duplicate verdict for checkpoint "${slug}"` });
  if (problems.length === 0 && seen.join(',') !== want.join(',')) problems.push({ file: path, field: 'verdicts', message: 'verdicts are not in scenario order', hint: 'run `npm run rejudge`' });
  return problems;
}
