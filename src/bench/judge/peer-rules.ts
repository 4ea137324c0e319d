// Our peers meet the strictest reading: the server-side rules that bind every message a server sends, whatever the
// client did, applied in their strict form to what our own servers sent (the reference servers in every client-role
// calibration trial, the oracle servers in server-role ones). `src/harness/reference/peer-strictness.test.ts` runs
// them over the committed calibration logs; a miss there is our defect, never a subject's.
import type { Revision } from '../schema/common.ts';
import { ok2xx } from './common/server/find.ts';
import { resultIdsEchoed } from './common/server/transport.ts';
import { strictOf } from './define.ts';
import { responsesIn, sentRequest } from './jsonrpc.ts';
import type { Exchange } from './exchanges.ts';
import { JUDGES } from './registry.ts';
import type { Judge, JudgeInput, JudgeResult } from './types.ts';

/**
 * What a run must hold before a rule's `fail` can mean a violation: the subject judges fail a run that showed them
 * nothing ("Not testable"), which for a peer only means the client sent nothing to answer.
 */
const NEEDS = {
  /** Any JSON-RPC message from the server. */
  message: (xs: readonly Exchange[]) => xs.some((ex) => responsesIn(ex).length > 0),
  /** Any result response. */
  result: (xs: readonly Exchange[]) => xs.some((ex) => responsesIn(ex).some((m) => 'result' in m)),
  /** A result to a request other than tools/call. */
  otherResult: (xs: readonly Exchange[]) =>
    xs.some((ex) => sentRequest(ex)?.method !== 'tools/call' && responsesIn(ex).some((m) => 'result' in m)),
  /** A 2xx answer to a POSTed JSON-RPC request. */
  answer: (xs: readonly Exchange[]) => xs.some((ex) => ex.request.method === 'POST' && sentRequest(ex) && ok2xx(ex)),
} as const;

/** One message rule: a server-role checkpoint's slug, what it needs, and the judge when not the registry's own. */
export interface PeerRule {
  slug: string;
  needs?: keyof typeof NEEDS;
  /** The judge to apply instead of the registry's (a rule whose subject judge also demands coverage only the prober arranges). */
  judge?: Judge;
}

/** The rules, per revision. Each names a server-role checkpoint whose judge scans every exchange of the run. */
export const PEER_RULES: Record<Revision, readonly PeerRule[]> = {
  '2025-11-25': [
    { slug: 'jsonrpc-error-id-echoed' },
    { slug: 'jsonrpc-response-id-echoed', judge: resultIdsEchoed },
    { slug: 'jsonrpc-error-code-integer' },
    { slug: 'jsonrpc-error-has-code-and-message' },
    { slug: 'jsonrpc-messages-utf8', needs: 'message' },
    { slug: 'jsonrpc-result-field-present', needs: 'result' },
    { slug: 'jsonrpc-notification-has-no-id' },
    { slug: 'request-content-type-json-or-sse', needs: 'answer' },
    { slug: 'session-id-visible-ascii' },
    { slug: 'sse-priming-event-first' },
    { slug: 'sse-event-ids-unique' },
    { slug: 'sse-post-messages-relate-to-request' },
    { slug: 'message-sent-on-one-stream' },
    { slug: 'resume-never-replays-other-stream' },
  ],
  '2026-07-28': [
    { slug: 'jsonrpc-error-id-echoed' },
    { slug: 'jsonrpc-result-id-echoed', judge: resultIdsEchoed },
    { slug: 'jsonrpc-error-code-integer' },
    { slug: 'jsonrpc-error-code-message-present' },
    { slug: 'jsonrpc-messages-utf8', needs: 'message' },
    { slug: 'jsonrpc-result-field-present', needs: 'result' },
    { slug: 'jsonrpc-notification-has-no-id' },
    { slug: 'request-content-type-json-or-sse', needs: 'answer' },
    { slug: 'result-type-everywhere', needs: 'result' },
    { slug: 'result-server-info-meta', needs: 'result' },
    { slug: 'error-codes-reserved-range-defined', needs: 'message' },
    { slug: 'error-codes-retired-not-emitted', needs: 'message' },
    { slug: 'server-initiates-no-requests' },
    { slug: 'server-cancelled-only-for-listen' },
    { slug: 'stream-notifications-relate-to-request' },
    { slug: 'sse-no-server-requests' },
    { slug: 'sse-x-accel-buffering-no' },
    { slug: 'sse-closes-after-response' },
    { slug: 'mrtr-server-requests-only-via-mrtr', needs: 'message' },
    { slug: 'mrtr-input-required-only-where-allowed', needs: 'otherResult' },
  ],
};

/** A rule a peer's run broke: the slug and the strict judge's failing result. */
export interface PeerMiss {
  slug: string;
  result: JudgeResult;
}

/**
 * Apply every rule of the revision, in its strict form (a contested checkpoint's strict judge, else its only one), to
 * a run in which one of our servers answered. `input.checkpoint` is ignored by these judges; the slug is passed.
 */
export function peerMisses(revision: Revision, input: Omit<JudgeInput, 'checkpoint'>): PeerMiss[] {
  const registry = JUDGES[revision]?.server ?? {};
  const misses: PeerMiss[] = [];
  for (const rule of PEER_RULES[revision]) {
    const own = registry[rule.slug];
    if (!own) throw new Error(`peer rule "${rule.slug}" names no ${revision} server judge`);
    if (rule.needs && !NEEDS[rule.needs](input.exchanges)) continue;
    const judge = rule.judge ?? strictOf(own) ?? own;
    const result = judge({ ...input, checkpoint: { slug: rule.slug } as JudgeInput['checkpoint'] });
    if (result.verdict === 'fail') misses.push({ slug: rule.slug, result });
  }
  return misses;
}
