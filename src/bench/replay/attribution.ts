import type { WireHeader } from '../schema/wire-event.ts';
import type { Verdict } from '../schema/verdict.ts';
import type { TrialScore } from '../scoring/score.ts';
import type { ExchangeView } from './exchanges.ts';
import type { TranscriptView } from './transcript.ts';

export type Tri = 'yes' | 'no' | 'unknown';

/** The four questions a reader asks first about a failed trial, each answered with its reason. */
export interface Attribution {
  infra: { value: boolean; reason?: string };
  /** `label` names the question for the subject's kind ("Agent finished", "Library server started", …). */
  agentFinished: { label: string; value: Tri; why: string };
  endpointUp: { value: Tri; why: string };
  /** The failed MUST whose cause (causeOf) comes first on the wire; `x` is that exchange. */
  firstMustFailed?: { checkpoint: string; spec: string | null; message: string; x?: number };
  /** One line summing it up. */
  headline: string;
}

export interface AttributionInput {
  status: 'completed' | 'infra-error' | 'contaminated';
  infraReason?: string;
  /** Where the trial's canaries turned up (contaminated trials). */
  contamination?: readonly { canary: string; foundIn: string }[];
  perspective?: WireHeader['perspective'];
  verdicts: readonly Verdict[];
  exchanges: readonly ExchangeView[];
  transcript?: TranscriptView;
  /** The trial's subject kind (default agent) and role: what "finished" means depends on both. */
  subjectKind?: SubjectKindIn;
  role?: 'client' | 'server';
  /** The runner's notes in the wire log (`runner: agent exited (code 0)`, `runner: port 4000 listening; probing`, …). */
  runnerNotes?: readonly string[];
}

/** Who ran the subject's side of the trial: an agent, or a program of ours or a library's driven by our glue. */
export type SubjectKindIn = 'agent' | 'library' | 'calibration';

/**
 * Did the subject's run end as it should. An agent with a transcript: its last assistant message stopped normally.
 * A library or calibration subject has no agent session, so "finished" means what the runner saw (its notes): a client
 * program (library glue, oracle, null, mutant) exited or the reference scenario finished; a server was started and
 * left running for the prober, so there it means the port was listening.
 */
function agentFinished(input: AttributionInput): Attribution['agentFinished'] {
  const t = input.transcript;
  const kind = input.subjectKind ?? 'agent';
  if (t || kind === 'agent') {
    const label = 'Agent finished';
    if (!t) return { label, value: 'unknown', why: 'no agent transcript for this trial' };
    const last = [...t.turns].reverse().find((x) => x.role === 'assistant');
    if (!last) return { label, value: 'no', why: 'the transcript has no assistant message' };
    if (last.stopReason === 'stop')
      return { label, value: 'yes', why: `last assistant message (turn ${last.n}) stopped normally` };
    const why = `last assistant message (turn ${last.n}) ended with stopReason "${last.stopReason ?? 'missing'}"${last.error ? `: ${last.error}` : ''}`;
    return { label, value: last.stopReason ? 'no' : 'unknown', why };
  }
  const who = kind === 'library' ? "the library's" : 'the calibration';
  const whose =
    kind === 'library'
      ? 'our glue drives the library the way its README shows; there is no agent session'
      : 'our own program (oracle, null, a mutant or the cheater); there is no agent session';
  const notes = input.runnerNotes ?? [];
  const find = (re: RegExp) => notes.map((n) => re.exec(n)).find((m) => m !== null);
  if (input.role === 'server') {
    const label = kind === 'library' ? 'Library server started' : 'Calibration server started';
    const up = find(/^runner: port (\d+) listening/);
    if (up)
      return {
        label,
        value: 'yes',
        why: `${who} server listened on port ${up[1]} and was left running for the prober; ${whose}`,
      };
    if (find(/^runner: nothing listened/))
      return { label, value: 'no', why: `${who} server never listened on its port; ${whose}` };
    return { label, value: 'unknown', why: `no runner note says whether ${who} server started; ${whose}` };
  }
  const label = kind === 'library' ? 'Library client finished' : 'Calibration client finished';
  const exit = find(/^runner: agent exited \((.*)\)$/);
  if (exit) return { label, value: 'yes', why: `${who} client program exited with ${exit[1]}; ${whose}` };
  if (find(/^runner: reference scenario finished/))
    return { label, value: 'yes', why: `${who} client ran until the reference scenario finished; ${whose}` };
  const limit = find(/^runner: session time limit of (.*) reached/);
  if (limit) return { label, value: 'no', why: `${who} client was stopped at the time limit of ${limit[1]}; ${whose}` };
  return { label, value: 'unknown', why: `no runner note says how ${who} client ended; ${whose}` };
}

function endpointUp(
  perspective: AttributionInput['perspective'],
  ex: readonly ExchangeView[],
): Attribution['endpointUp'] {
  const answered = ex.filter((e) => e.status !== undefined).length;
  if (perspective === 'reference') {
    return ex.length > 0
      ? {
          value: 'yes',
          why: `the agent's client sent ${ex.length} request${ex.length === 1 ? '' : 's'} to the reference server`,
        }
      : { value: 'no', why: "the agent's client never reached the reference server" };
  }
  if (ex.length === 0) return { value: 'unknown', why: 'the prober sent no request' };
  if (answered > 0) return { value: 'yes', why: `${answered} of ${ex.length} requests got an HTTP response` };
  const err = ex.find((e) => e.error)?.error;
  return {
    value: 'no',
    why: `no request got an HTTP response${err ? ` (first error ${err.code}: ${err.message})` : ''}`,
  };
}

/**
 * The exchange that caused a failed verdict. Judges name the offending exchange in their message (`x4`, "submit_answer
 * (x4)", "tools/call x5 has no MCP-Session-Id, issued … (x1)"): the first exchange the message names that is also in
 * the evidence. A message naming none lists context before the offender (`[request, its retry]`, `[get_secret,
 * submit_answer]`, `[first use of an id, its reuse]`), so then the last evidence exchange.
 */
export function causeOf(v: Pick<Verdict, 'evidence' | 'message'>): number | undefined {
  if (v.evidence.length === 0) return undefined;
  const named = [...v.message.matchAll(/\bx(\d+)\b/g)].map((m) => Number(m[1])).find((x) => v.evidence.includes(x));
  return named ?? v.evidence.at(-1);
}

/**
 * The failed MUST whose cause comes first on the wire. At the same exchange a spec checkpoint goes before the task
 * checkpoint (the task usually fails because of the rule broken there), then verdict order; no evidence sorts last.
 */
function firstMust(verdicts: readonly Verdict[]): Attribution['firstMustFailed'] {
  const failed = verdicts
    .map((v, i) => ({ v, i, x: causeOf(v) }))
    .filter(({ v }) => v.level === 'MUST' && v.verdict === 'fail');
  if (failed.length === 0) return undefined;
  const key = (x: number | undefined) => x ?? Infinity;
  const task = (v: Verdict) => (v.spec === null ? 1 : 0);
  failed.sort((a, b) => key(a.x) - key(b.x) || task(a.v) - task(b.v) || a.i - b.i);
  const { v, x } = failed[0]!;
  return { checkpoint: v.checkpoint, spec: v.spec, message: v.message, ...(x !== undefined ? { x } : {}) };
}

/** Did the agent finish, did the endpoint come up, which MUST failed first, was it infra. */
export function attribute(input: AttributionInput): Attribution {
  const infra = { value: input.status === 'infra-error', ...(input.infraReason ? { reason: input.infraReason } : {}) };
  const finished = agentFinished(input);
  const up = endpointUp(input.perspective, input.exchanges);
  const first = input.status === 'completed' ? firstMust(input.verdicts) : undefined;
  let headline: string;
  if (infra.value) headline = `Infrastructure error (not counted): ${input.infraReason ?? 'no reason recorded'}`;
  else if (input.status === 'contaminated')
    headline = `Contaminated (not counted): a planted secret turned up — ${(input.contamination ?? []).map((c) => `${c.canary} in ${c.foundIn}`).join(', ')}`;
  else if (up.value === 'no') headline = `The subject never answered: ${up.why}`;
  else if (first)
    headline = `First MUST failure: ${first.checkpoint}${first.x !== undefined ? ` at exchange #${first.x}` : ''}: ${first.message}`;
  else headline = 'No MUST failed';
  return { infra, agentFinished: finished, endpointUp: up, ...(first ? { firstMustFailed: first } : {}), headline };
}

/** Lines explaining how the score follows from the verdicts (the rule is in scoring/score.ts). */
export function scoreDerivation(score: TrialScore | null): string[] {
  if (!score) return ['Not scored: infra-error and contaminated trials are excluded everywhere.'];
  const lines: string[] = [];
  if (score.mustFailed.length)
    lines.push(
      `Score 0: ${score.mustFailed.length} MUST checkpoint${score.mustFailed.length === 1 ? '' : 's'} failed (${score.mustFailed.join(', ')}); any failed MUST zeroes a trial.`,
    );
  else if (score.should.applicable === 0) lines.push('Score 1: every MUST passed and no SHOULD applies.');
  else
    lines.push(
      `Score ${score.should.passed}/${score.should.applicable} = ${score.score.toFixed(3)}: every MUST passed; the score is the fraction of applicable SHOULDs passed.`,
    );
  if (score.consequences.length)
    lines.push(
      `Not counted: ${score.consequences.join(', ')} failed only because another checkpoint failed (a consequence is shown, never counted twice).`,
    );
  lines.push(`SHOULD: ${score.should.passed} passed of ${score.should.applicable} applicable.`);
  lines.push(`MAY: ${score.may.passed} of ${score.may.applicable} applicable (never moves the score; breaks ties).`);
  return lines;
}
