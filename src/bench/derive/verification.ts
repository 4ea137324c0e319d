// The re-run verification sidecar (`<name>.verification.jsonl`, mcpfs.verification/1, written by `npm run verify`):
// line 1 its header, then the re-run's wire log as recorded. Derive checks it belongs to this version of the record,
// that the embedded log is intact (parse.ts, its seal in the header), re-judges the log with the record's scenario and
// compares outcomes with the record: the agreement the site shows is derived here, never stored.
import { createHash } from 'node:crypto';
import { parseJson, zodProblems, type Problem } from '../problems.ts';
import { JudgeError, judgeTrial } from '../judge/run.ts';
import type { JudgeRegistry } from '../judge/types.ts';
import type { Scenario } from '../schema/scenario.ts';
import type { TrialRecord } from '../schema/trial.ts';
import { VERIFICATION_FORMAT, VerificationHeaderSchema, type VerificationHeader } from '../schema/verification.ts';
import type { TrialVerification } from '../schema/verification-row.ts';
import { compareVerdicts } from '../verify/compare.ts';
import { scenarioHash } from '../versions/hash.ts';
import { onLine, parseWireLog } from './parse.ts';

/** `<dir>/k1.json` → `<dir>/k1.verification.jsonl`: beside its record, not named by it (verify writes it later). */
export const verificationPath = (recordPath: string): string => recordPath.replace(/\.json$/, '.verification.jsonl');

/** `sha256:<hex>` of a file's text as bytes (UTF-8): what a verification's `record` field pins. */
export const fileDigest = (text: string): string => `sha256:${createHash('sha256').update(text).digest('hex')}`;

const HINT = 'verifications are written by `npm run verify` and never edited by hand: run it again';

export interface VerificationInput {
  /** The verification sidecar's path and text. */
  file: string;
  text: string;
  /** The record's path, its text as read (its digest is compared) and its parsed content. */
  recordPath: string;
  recordText: string;
  record: TrialRecord;
  /** The record's scenario as it is now (undefined: unknown or broken, reported on its own). */
  scenario?: Scenario;
  judges: JudgeRegistry;
}

/** The header (line 1), problems named `line 1: <field>`. */
function parseHeader(file: string, line: string): { header?: VerificationHeader; problems: Problem[] } {
  const j = parseJson(file, line);
  if (!j.ok) return { problems: [onLine(1, j.problem)] };
  if (
    typeof j.value !== 'object' ||
    j.value === null ||
    (j.value as { format?: unknown }).format !== VERIFICATION_FORMAT
  )
    return {
      problems: [
        {
          file,
          field: 'line 1',
          message: `expected the verification header {"format":"${VERIFICATION_FORMAT}",…} as the first line`,
        },
      ],
    };
  const r = VerificationHeaderSchema.safeParse(j.value);
  return r.success
    ? { header: r.data, problems: [] }
    : { problems: zodProblems(file, r.error).map((p) => onLine(1, p)) };
}

/** Check a verification against its record and derive how its re-run compares (absent when there are problems). */
export function checkVerification(v: VerificationInput): { verification?: TrialVerification; problems: Problem[] } {
  const nl = v.text.indexOf('\n');
  const first = nl < 0 ? v.text : v.text.slice(0, nl);
  const { header: h, problems } = parseHeader(v.file, first);
  if (!h) return { problems };
  if (h.trial !== v.record.trial.id)
    problems.push({
      file: v.file,
      field: 'line 1: trial',
      message: `"${h.trial}" is not the trial of ${v.recordPath} ("${v.record.trial.id}"): the verification belongs to another trial`,
      hint: HINT,
    });
  const digest = fileDigest(v.recordText);
  if (h.record !== digest)
    problems.push({
      file: v.file,
      field: 'line 1: record',
      message: `verification is of another version of the record: ${h.record} is not the digest of ${v.recordPath} (${digest})`,
      hint: `re-run \`npm run verify -- ${v.recordPath}\``,
    });
  const rest = nl < 0 ? '' : v.text.slice(nl + 1);
  // The blank line stands for the header: parseWireLog then names the embedded log's lines by their file line.
  const w = rest.trim() === '' ? undefined : parseWireLog(v.file, '\n' + rest);
  if (!w && h.status === 'completed')
    problems.push({
      file: v.file,
      field: 'line 2',
      message: 'a completed verification holds the re-run wire log after its header, and this one holds none',
      hint: HINT,
    });
  if (w) problems.push(...w.problems, ...logProblems(v, h, w));
  if (problems.length > 0) return { problems };
  const base = { verifiedAt: h.verifiedAt, repositoryCommit: h.repositoryCommit, isolation: h.isolation };
  if (h.status === 'infra-error')
    return {
      verification: {
        ...base,
        status: 'infra-error',
        ...(h.infraReason ? { infraReason: h.infraReason } : {}),
        checkpoints: [],
      },
      problems,
    };
  if (!v.scenario || !w?.log) return { problems };
  // Judged only against the scenario version the record ran: today's scenario may ask other checkpoints.
  if (scenarioHash(v.scenario) !== v.record.trial.scenarioHash)
    return { verification: { ...base, status: 'stale', checkpoints: [] }, problems };
  try {
    const checkpoints = compareVerdicts(v.record.verdicts, judgeTrial(v.scenario, w.log, v.judges));
    return {
      verification: { ...base, status: checkpoints.every((c) => c.match) ? 'agrees' : 'disagrees', checkpoints },
      problems,
    };
  } catch (e) {
    if (!(e instanceof JudgeError)) throw e;
    // The record's own re-judging meets the same missing judge and reports it on the scenario file.
    return {
      problems: [
        {
          file: `scenarios/${v.record.trial.revision}/${v.record.trial.role}/${v.record.trial.scenario}.json`,
          field: 'checkpoints',
          message: e.message,
        },
      ],
    };
  }
}

/** The embedded log against the header's seal and the trial's role. */
function logProblems(v: VerificationInput, h: VerificationHeader, w: ReturnType<typeof parseWireLog>): Problem[] {
  if (!w.log || !w.seal) return [];
  const out: Problem[] = [];
  const perspective = v.record.trial.role === 'server' ? 'prober' : 'reference';
  if (w.log.header.perspective !== perspective)
    out.push({
      file: v.file,
      field: 'line 2: perspective',
      message: `expected "${perspective}" for a ${v.record.trial.role}-role trial, got "${w.log.header.perspective}"`,
    });
  if (h.wireChain.events !== w.seal.events)
    out.push({
      file: v.file,
      field: 'line 1: wireChain.events',
      message: `the header seals ${h.wireChain.events} events, the embedded log has ${w.seal.events}: lines were ${w.seal.events < h.wireChain.events ? 'deleted' : 'added'}`,
      hint: HINT,
    });
  else if (h.wireChain.head !== w.storedHead)
    out.push({
      file: v.file,
      field: 'line 1: wireChain.head',
      message: `${h.wireChain.head} is not the h of the embedded log's last line (${w.storedHead ?? 'none'}): the log is not the one this verification was written with`,
      hint: HINT,
    });
  return out;
}
