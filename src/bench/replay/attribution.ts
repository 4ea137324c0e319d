import type { WireHeader } from '../schema/wire-event.ts';
import type { Verdict } from '../schema/verdict.ts';
import type { TrialScore } from '../scoring/score.ts';
import type { ExchangeView } from './exchanges.ts';
import type { TranscriptView } from './transcript.ts';

export type Tri = 'yes' | 'no' | 'unknown';

/** The four questions a reader asks first about a failed trial, each answered with its reason. */
export interface Attribution {
  infra: { value: boolean; reason?: string };
  agentFinished: { value: Tri; why: string };
  endpointUp: { value: Tri; why: string };
  /** The failed MUST whose earliest evidence comes first on the wire (verdict order breaks ties). */
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
}

function agentFinished(t: TranscriptView | undefined): Attribution['agentFinished'] {
  if (!t) return { value: 'unknown', why: 'no agent transcript for this trial' };
  const last = [...t.turns].reverse().find((x) => x.role === 'assistant');
  if (!last) return { value: 'no', why: 'the transcript has no assistant message' };
  if (last.stopReason === 'stop')
    return { value: 'yes', why: `last assistant message (turn ${last.n}) stopped normally` };
  const why = `last assistant message (turn ${last.n}) ended with stopReason "${last.stopReason ?? 'missing'}"${last.error ? `: ${last.error}` : ''}`;
  return { value: last.stopReason ? 'no' : 'unknown', why };
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

function firstMust(verdicts: readonly Verdict[]): Attribution['firstMustFailed'] {
  const failed = verdicts.map((v, i) => ({ v, i })).filter(({ v }) => v.level === 'MUST' && v.verdict === 'fail');
  if (failed.length === 0) return undefined;
  const key = (v: Verdict) => (v.evidence.length ? Math.min(...v.evidence) : Infinity);
  failed.sort((a, b) => key(a.v) - key(b.v) || a.i - b.i);
  const v = failed[0]!.v;
  return {
    checkpoint: v.checkpoint,
    spec: v.spec,
    message: v.message,
    ...(v.evidence.length ? { x: Math.min(...v.evidence) } : {}),
  };
}

/** Did the agent finish, did the endpoint come up, which MUST failed first, was it infra. */
export function attribute(input: AttributionInput): Attribution {
  const infra = { value: input.status === 'infra-error', ...(input.infraReason ? { reason: input.infraReason } : {}) };
  const finished = agentFinished(input.transcript);
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
  lines.push(`SHOULD: ${score.should.passed} passed of ${score.should.applicable} applicable.`);
  lines.push(`MAY: ${score.may.passed} of ${score.may.applicable} applicable (never moves the score; breaks ties).`);
  return lines;
}
