import { parseModelTraffic } from '../model-traffic/parse.ts';
import { requestCount } from './trial-digest.ts';
import { digestOf } from './record-cache.ts';
import { parseWith, parseWireLog, parseTranscript } from './parse.ts';
import type { Problem } from '../problems.ts';
import { TrialRecordSchema, type TrialRecord } from '../schema/trial.ts';
import type { Scenario } from '../schema/scenario.ts';
import type { Verdict } from '../schema/verdict.ts';
import type { WireLog } from '../schema/wire-event.ts';
import { judgeTrial, JudgeError } from '../judge/run.ts';
import type { JudgeRegistry } from '../judge/types.ts';
import {
  calibrationSubjectProblems,
  infraProblems,
  timeProblems,
  usageProblems,
  type CalibrationSubjects,
} from './integrity.ts';
import { trialNoteData, trialNoteProblems, withTrialNote } from './trial-note.ts';
import { wireJsonl, wireSeal } from './wire-chain.ts';
import { snapshotProblems } from './snapshot.ts';
import { checkVerification, verificationPath } from './verification.ts';
import { conventionalSidecars } from './sidecar-names.ts';
import type { TrialVerification } from '../schema/verification-row.ts';

export { wireJsonl };

/** A record that passed every check, with its parsed wire log. */
export interface CheckedRecord {
  path: string;
  record: TrialRecord;
  wirePath: string;
  transcriptPath?: string;
  /** Its solution snapshot, when the record names one. */
  snapshotPath?: string;
  /** Its model traffic (subjects that talked to a model through the trial's proxy). */
  modelPath?: string;
  /** Its verification sidecar and what the re-run showed, when one lies beside the record. */
  verificationPath?: string;
  verification?: TrialVerification;
  log: WireLog;
  /** Every file the check read, record first, whether it existed or not (record-cache.ts). */
  inputs: string[];
  /** trialDigest of those inputs that existed: the record and the sidecars read beside it. */
  digest: string;
  /** How many requests the wire log holds. */
  requests: number;
}

/** The sidecars a record's check read, for the checks across records (one wire log and one transcript per trial). */
export interface ReadSidecars {
  record: string;
  wirePath: string;
  /** The wire log's chain head recomputed from its content (when it parsed): equal heads = equal logs. */
  contentHead?: string;
  transcriptPath?: string;
  snapshotPath?: string;
  modelPath?: string;
}

/** What checkRecord checks a record against, besides its own text. */
export interface RecordContext {
  /** Every file under `results/` by project-relative path. */
  files: ReadonlyMap<string, string>;
  scenarios: ReadonlyMap<string, Scenario>;
  judges: JudgeRegistry;
  rejudge: boolean;
  /** `<revision>/<role>/<id>` of scenario files that exist but are invalid (already reported on their own). */
  brokenScenarios?: ReadonlySet<string>;
  /** Paths harness/io refused to read (reported on their own): a sidecar among them is not reported missing too. */
  refused?: ReadonlySet<string>;
  /** The calibration subjects the harness runs; undefined = not checked (synthetic trees, unit tests). */
  calibration?: CalibrationSubjects;
}

/** Where a record must live, from its content (or from a planned trial's cell, subject id and k). */
export function expectedRecordPath(r: {
  trial: Pick<TrialRecord['trial'], 'revision' | 'role' | 'scenario' | 'docs' | 'k'>;
  subject: Pick<TrialRecord['subject'], 'id'>;
}): string {
  const t = r.trial;
  return `results/${t.revision}/${t.role}/${t.scenario}/${t.docs}/${r.subject.id}/k${t.k}.json`;
}

/** A sidecar's path from its record's path: `name` (e.g. `k1.wire.jsonl`) in the record's folder. */
export function sidecarPath(recordPath: string, name: string): string {
  return recordPath.slice(0, recordPath.lastIndexOf('/') + 1) + name;
}

/** The files of a trial (project-relative paths): record, wire log, optional transcript. */
export function trialFiles(
  record: TrialRecord,
  log: WireLog,
  transcript?: string,
): { path: string; content: string }[] {
  const recPath = expectedRecordPath(record);
  return [
    { path: recPath, content: JSON.stringify(record, null, 2) + '\n' },
    { path: sidecarPath(recPath, record.sidecars.wire), content: wireJsonl(log) },
    ...(record.sidecars.transcript && transcript !== undefined
      ? [{ path: sidecarPath(recPath, record.sidecars.transcript), content: transcript }]
      : []),
  ];
}

/**
 * A trial's files as the runner writes them, from a record without its seal and the log as recorded: the trial note
 * goes first in the log, and the record seals the result. For generated trees (tests, benches, the site's fixtures).
 */
export function sealedTrialFiles(
  record: Omit<TrialRecord, 'wireChain'>,
  recorded: WireLog,
  transcript?: string,
): { record: TrialRecord; log: WireLog; files: { path: string; content: string }[] } {
  const log = withTrialNote(recorded, trialNoteData(record));
  const sealed: TrialRecord = { ...record, wireChain: wireSeal(log) };
  return { record: sealed, log, files: trialFiles(sealed, log, transcript) };
}

/**
 * Validate one record against its schema, its path, its scenario and its sidecars (including the integrity checks of
 * integrity.ts), and re-judge it from its wire log. Returns problems path-first; a record with problems is not used.
 */
export function checkRecord(
  path: string,
  text: string,
  ctx: RecordContext,
): { checked?: CheckedRecord; problems: Problem[]; sidecars: string[]; read?: ReadSidecars } {
  const { value: record, problems } = parseWith(path, text, TrialRecordSchema);
  // An invalid record still owns its conventional sidecars: reporting them as orphans would hint "delete it" at real data.
  if (!record) return { problems, sidecars: conventionalSidecars(path) };
  const want = expectedRecordPath(record);
  if (want !== path) {
    problems.push({
      file: path,
      field: 'trial',
      message: `path does not match content: expected ${want}`,
      hint: 'move the file, or fix trial.revision/role/scenario/docs/k or subject.id',
    });
  }
  problems.push(...sidecarNameProblems(path, record));
  const wirePath = sidecarPath(path, record.sidecars.wire);
  const transcriptPath = record.sidecars.transcript ? sidecarPath(path, record.sidecars.transcript) : undefined;
  const snapshotPath = record.sidecars.snapshot ? sidecarPath(path, record.sidecars.snapshot) : undefined;
  const modelPath = record.sidecars.model ? sidecarPath(path, record.sidecars.model) : undefined;
  const verPath = verificationPath(path);
  // The verification is not named by the record, but it is the record's: never an orphan beside it.
  const sidecars = [
    wirePath,
    ...(transcriptPath ? [transcriptPath] : []),
    ...(snapshotPath ? [snapshotPath] : []),
    ...(modelPath ? [modelPath] : []),
    verPath,
  ];
  const refused = ctx.refused ?? new Set<string>();
  const wireText = ctx.files.get(wirePath);
  const w = wireText === undefined ? undefined : parseWireLog(wirePath, wireText);
  if (w) problems.push(...w.problems);
  else if (!refused.has(wirePath))
    problems.push({
      file: path,
      field: 'sidecars.wire',
      message: `missing sidecar ${wirePath}`,
      hint: 'every record needs its wire log: verdicts are re-judged from it',
    });
  const transcriptText = transcriptPath === undefined ? undefined : ctx.files.get(transcriptPath);
  if (transcriptPath && transcriptText === undefined && !refused.has(transcriptPath))
    problems.push({ file: path, field: 'sidecars.transcript', message: `missing sidecar ${transcriptPath}` });
  const transcriptProblems =
    transcriptPath && transcriptText !== undefined ? parseTranscript(transcriptPath, transcriptText).problems : [];
  problems.push(...transcriptProblems);
  const snapshotText = snapshotPath === undefined ? undefined : ctx.files.get(snapshotPath);
  if (snapshotPath && snapshotText === undefined && !refused.has(snapshotPath))
    problems.push({
      file: path,
      field: 'sidecars.snapshot',
      message: `missing sidecar ${snapshotPath}`,
      hint: 'commit the snapshot the harness wrote beside the record: it is what `npm run verify` re-runs',
    });
  if (snapshotPath && snapshotText !== undefined)
    problems.push(...snapshotProblems(snapshotPath, snapshotText, record));
  const modelText = modelPath === undefined ? undefined : ctx.files.get(modelPath);
  if (modelPath && modelText === undefined && !refused.has(modelPath))
    problems.push({
      file: path,
      field: 'sidecars.model',
      message: `missing sidecar ${modelPath}`,
      hint: 'commit the model traffic the harness wrote beside the record: the usage is measured from it',
    });
  const model = modelPath && modelText !== undefined ? parseModelTraffic(modelPath, modelText) : undefined;
  if (model) problems.push(...model.problems);
  const t = record.trial;
  if (t.endedAt < t.startedAt)
    problems.push({ file: path, field: 'trial.endedAt', message: `${t.endedAt} is before startedAt ${t.startedAt}` });
  const log = w?.log;
  const read: ReadSidecars = {
    record: path,
    wirePath,
    ...(w?.seal ? { contentHead: w.seal.head } : {}),
    ...(transcriptText !== undefined ? { transcriptPath } : {}),
    ...(snapshotText !== undefined ? { snapshotPath } : {}),
    ...(modelText !== undefined ? { modelPath } : {}),
  };
  if (log && w.lines && w.seal) {
    const perspective = t.role === 'server' ? 'prober' : 'reference';
    if (log.header.perspective !== perspective) {
      problems.push({
        file: wirePath,
        field: 'line 1: perspective',
        message: `expected "${perspective}" for a ${t.role}-role trial, got "${log.header.perspective}"`,
        hint: 'the server role is probed (prober); the client role talks to the reference server (reference)',
      });
    }
    problems.push(...sealProblems(path, wirePath, record, w.seal.events, w.storedHead));
    const logged = { path, wirePath, record, log, lines: w.lines };
    problems.push(...trialNoteProblems(logged), ...timeProblems(logged), ...infraProblems(logged));
  }
  // Usage is counted from a transcript that was read and parsed (a missing, refused or broken one is reported as such,
  // not as a usage mismatch).
  if (
    transcriptProblems.length === 0 &&
    (transcriptPath === undefined || transcriptText !== undefined) &&
    (modelPath === undefined || model?.traffic)
  )
    problems.push(
      ...usageProblems(
        path,
        record,
        transcriptPath && transcriptText !== undefined ? { path: transcriptPath, text: transcriptText } : undefined,
        modelPath && model?.traffic ? { path: modelPath, traffic: model.traffic } : undefined,
      ),
    );
  problems.push(...calibrationSubjectProblems(path, record, ctx.calibration));
  const scenario = ctx.scenarios.get(`${t.revision}/${t.role}/${t.scenario}`);
  if (!scenario) {
    // An invalid scenario file is reported once, on itself; "unknown scenario" on each of its records would mislead.
    if (ctx.brokenScenarios?.has(`${t.revision}/${t.role}/${t.scenario}`)) return { problems, sidecars, read };
    problems.push({
      file: path,
      field: 'trial.scenario',
      message: `unknown scenario "${t.scenario}" for ${t.revision} ${t.role}`,
      hint: `expected a file scenarios/${t.revision}/${t.role}/${t.scenario}.json`,
    });
    return { problems, sidecars, read };
  }
  if (record.status === 'infra-error') {
    if (record.verdicts.length > 0)
      problems.push({
        file: path,
        field: 'verdicts',
        message: 'an infra-error trial has no verdicts',
        hint: 'empty the list: infra-error trials are never judged',
      });
  } else {
    problems.push(...checkVerdicts(path, record, scenario));
  }
  if (problems.length === 0 && log && record.status === 'completed' && ctx.rejudge)
    problems.push(...rejudgeProblems(path, record, scenario, log, ctx.judges));
  const verText = ctx.files.get(verPath);
  const v =
    verText === undefined
      ? undefined
      : checkVerification({
          file: verPath,
          text: verText,
          recordPath: path,
          recordText: text,
          record,
          scenario,
          judges: ctx.judges,
        });
  if (v) problems.push(...v.problems);
  // The files this check read (record-cache.ts keys a stored result by them).
  const inputs = [
    path,
    wirePath,
    ...(transcriptPath ? [transcriptPath] : []),
    ...(snapshotPath ? [snapshotPath] : []),
    ...(modelPath ? [modelPath] : []),
    verPath,
  ];
  const checked =
    problems.length === 0 && log
      ? {
          path,
          record,
          wirePath,
          transcriptPath,
          ...(snapshotPath ? { snapshotPath } : {}),
          ...(modelPath ? { modelPath } : {}),
          ...(v?.verification ? { verificationPath: verPath, verification: v.verification } : {}),
          log,
          inputs,
          digest: digestOf(inputs, ctx.files, { path, content: text }),
          requests: requestCount(log),
        }
      : undefined;
  return { checked, problems, sidecars, read };
}

/** The harness names a record's sidecars after it (`k2.json` → `k2.wire.jsonl`): one wire log per record, never shared. */
function sidecarNameProblems(path: string, record: TrialRecord): Problem[] {
  const stem = path.slice(path.lastIndexOf('/') + 1).replace(/\.json$/, '');
  const own = {
    wire: `${stem}.wire.jsonl`,
    transcript: `${stem}.transcript.jsonl`,
    snapshot: `${stem}.snapshot.jsonl`,
    model: `${stem}.model.jsonl`,
  };
  const what = { wire: 'wire log', transcript: 'transcript', snapshot: 'snapshot', model: 'model traffic' };
  const out: Problem[] = [];
  for (const kind of ['wire', 'transcript', 'snapshot', 'model'] as const) {
    const name = record.sidecars[kind];
    if (name !== undefined && name !== own[kind])
      out.push({
        file: path,
        field: `sidecars.${kind}`,
        message: `"${name}" is not this record's ${what[kind]}: ${stem}.json's is "${own[kind]}" (one per record, never shared)`,
      });
  }
  return out;
}

/** The record's seal (`wireChain`) against the log: same number of events, same last `h`. */
function sealProblems(
  path: string,
  wirePath: string,
  record: TrialRecord,
  events: number,
  storedHead: string | undefined,
): Problem[] {
  const c = record.wireChain;
  if (c.events !== events) {
    return [
      {
        file: path,
        field: 'wireChain.events',
        message: `the record seals ${c.events} events, ${wirePath} has ${events}: lines were ${events < c.events ? 'deleted' : 'added'}`,
        hint: 'records and wire logs are never edited by hand: re-run the trial',
      },
    ];
  }
  if (storedHead !== c.head) {
    return [
      {
        file: path,
        field: 'wireChain.head',
        message: `${c.head} is not the h of ${wirePath}'s last line (${storedHead ?? 'none'}): the log is not the one this record was written with`,
        hint: 'records and wire logs are never edited by hand: re-run the trial',
      },
    ];
  }
  return [];
}

/** Re-judge a completed record from its wire log; each stored verdict must equal the fresh one. */
function rejudgeProblems(
  path: string,
  record: TrialRecord,
  scenario: Scenario,
  log: WireLog,
  judges: JudgeRegistry,
): Problem[] {
  const t = record.trial;
  const problems: Problem[] = [];
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
    problems.push({
      file: `scenarios/${t.revision}/${t.role}/${t.scenario}.json`,
      field: 'checkpoints',
      message: e.message,
    });
  }
  return problems;
}

/** `pass "message" (evidence 0, 3)`: enough to see which part of a tampered verdict differs. */
const showVerdict = (v: Pick<Verdict, 'verdict' | 'message' | 'evidence'>) =>
  `${v.verdict} "${v.message}" (evidence ${v.evidence.length ? v.evidence.join(', ') : 'none'})`;

/** Every checkpoint of the scenario has exactly one verdict, in order, with the checkpoint's level and sentence id. */
function checkVerdicts(path: string, record: TrialRecord, scenario: Scenario): Problem[] {
  const problems: Problem[] = [];
  const bySlug = new Map(scenario.checkpoints.map((c) => [c.slug, c]));
  record.verdicts.forEach((v, i) => {
    const c = bySlug.get(v.checkpoint);
    if (!c) {
      problems.push({
        file: path,
        field: `verdicts[${i}].checkpoint`,
        message: `unknown checkpoint "${v.checkpoint}" in scenario "${scenario.id}"`,
        hint: `known: ${[...bySlug.keys()].join(', ')}`,
      });
      return;
    }
    if (c.level !== v.level)
      problems.push({
        file: path,
        field: `verdicts[${i}].level`,
        message: `level ${v.level} does not match checkpoint "${c.slug}" (${c.level})`,
      });
    const spec = c.spec?.id ?? null;
    if (spec !== v.spec)
      problems.push({
        file: path,
        field: `verdicts[${i}].spec`,
        message: `sentence ${v.spec} does not match checkpoint "${c.slug}" (${spec})`,
      });
  });
  const seen = record.verdicts.map((v) => v.checkpoint);
  const want = scenario.checkpoints.map((c) => c.slug);
  for (const slug of want)
    if (!seen.includes(slug))
      problems.push({
        file: path,
        field: 'verdicts',
        message: `missing verdict for checkpoint "${slug}"`,
        hint: 'records carry one verdict per checkpoint; run `npm run rejudge`',
      });
  const dup = seen.filter((s, i) => seen.indexOf(s) !== i);
  for (const slug of new Set(dup))
    problems.push({ file: path, field: 'verdicts', message: `duplicate verdict for checkpoint "${slug}"` });
  if (problems.length === 0 && seen.join(',') !== want.join(','))
    problems.push({
      file: path,
      field: 'verdicts',
      message: 'verdicts are not in scenario order',
      hint: 'run `npm run rejudge`',
    });
  return problems;
}
