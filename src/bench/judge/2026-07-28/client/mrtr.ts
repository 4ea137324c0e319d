import { fail, notApplicable, pass, type JudgeResult } from '../../types.ts';
import type { Exchange } from '../../exchanges.ts';
import { clientRequests, isObject, resultFor, show, type ClientRequest, type Msg } from './view.ts';
import { judge } from '../../define.ts';

/** A request the server answered with an InputRequiredResult, and the client's retry of it (if any). */
interface Round {
  r: ClientRequest;
  irr: Msg;
  /** When the IRR arrived (an IRR is an answer, so a round always has one). */
  answeredAt: number;
  /** The next request for the same operation (same method, same tool name / uri) sent after the IRR arrived. */
  retry?: ClientRequest;
}

/** What identifies "the original request" across retries: method plus tool/prompt name or resource uri. */
const operation = (r: ClientRequest): string => `${r.method}\u0000${String(r.params.name ?? r.params.uri ?? '')}`;

function rounds(exchanges: readonly Exchange[]): { reqs: ClientRequest[]; rounds: Round[] } {
  const reqs = clientRequests(exchanges);
  const out: Round[] = [];
  for (const r of reqs) {
    const irr = resultFor(r);
    if (!r.answer || irr?.resultType !== 'input_required') continue;
    const answeredAt = r.answer.t;
    const retry = reqs.find((q) => q.t > answeredAt && operation(q) === operation(r));
    out.push({ r, irr, answeredAt, ...(retry ? { retry } : {}) });
  }
  return { reqs, rounds: out };
}

/** Judge every IRR round the filter keeps and that the client retried. */
function overRetries(
  exchanges: readonly Exchange[],
  what: string,
  keep: (rd: Round) => boolean,
  check: (rd: Round & { retry: ClientRequest }) => string | undefined,
): JudgeResult {
  const picked = rounds(exchanges).rounds.filter(
    (rd): rd is Round & { retry: ClientRequest } => keep(rd) && rd.retry !== undefined,
  );
  if (picked.length === 0) return notApplicable(`no retried InputRequiredResult ${what}`);
  for (const rd of picked) {
    const problem = check(rd);
    if (problem) return fail(`retry x${rd.retry.x} of ${rd.r.method} x${rd.r.x}: ${problem}`, [rd.r.x, rd.retry.x]);
  }
  return pass(
    `${picked.length} retried InputRequiredResult(s) ${what}: all as required`,
    picked.flatMap((rd) => [rd.r.x, rd.retry.x]),
  );
}

/** 260728-mrtr-251: a retry after an IRR with `inputRequests` carries `inputResponses` with a response for every key. */
export const inputResponsesSent = judge('mrtr-input-responses-sent', ({ exchanges }) =>
  overRetries(
    exchanges,
    'with inputRequests',
    (rd) => isObject(rd.irr.inputRequests),
    (rd) => {
      const keys = Object.keys(rd.irr.inputRequests as Msg);
      const got = rd.retry.params.inputResponses;
      const missing = keys.filter((k) => !isObject(got) || !isObject(got[k]));
      return missing.length ? `inputResponses lacks ${show(missing)} (got ${show(got)})` : undefined;
    },
  ),
);

/** 260728-mrtr-254: a retry after an IRR with `requestState` echoes exactly that string. */
export const requestStateEchoed = judge('mrtr-request-state-echoed', ({ exchanges }) =>
  overRetries(
    exchanges,
    'with requestState',
    (rd) => typeof rd.irr.requestState === 'string',
    (rd) =>
      rd.retry.params.requestState === rd.irr.requestState
        ? undefined
        : `requestState ${show(rd.retry.params.requestState)}, issued ${show(rd.irr.requestState)}`,
  ),
);

/** 260728-mrtr-255b: a retry after an IRR without `requestState` carries none. */
export const noUnissuedRequestState = judge('mrtr-no-unissued-request-state', ({ exchanges }) =>
  overRetries(
    exchanges,
    'without requestState',
    (rd) => !('requestState' in rd.irr),
    (rd) =>
      'requestState' in rd.retry.params
        ? `carries requestState ${show(rd.retry.params.requestState)} although none was issued`
        : undefined,
  ),
);

/** 260728-mrtr-256: the retry's JSON-RPC id differs from the original request's. */
export const retryNewId = judge('mrtr-retry-new-id', ({ exchanges }) =>
  overRetries(
    exchanges,
    'of any kind',
    () => true,
    (rd) => (JSON.stringify(rd.retry.id) === JSON.stringify(rd.r.id) ? `reuses id ${show(rd.r.id)}` : undefined),
  ),
);

/**
 * 260728-mrtr-257: `inputResponses` / `requestState` appear only on retries of the request they were issued for. Its
 * reading (what the sentence leaves open) is the checkpoint's `reading` in the scenario file.
 */
export const stateNotReused = judge('mrtr-state-not-reused', ({ exchanges }) => {
  const { reqs, rounds: rs } = rounds(exchanges);
  if (rs.length === 0) return notApplicable('the server sent no InputRequiredResult');
  const ops = rs.map((rd) => ({ op: operation(rd.r), t: rd.answeredAt }));
  for (const q of reqs) {
    if (!('inputResponses' in q.params) && !('requestState' in q.params)) continue;
    const isRetry = ops.some((o) => o.op === operation(q) && o.t < q.t);
    if (!isRetry)
      return fail(
        `${q.method} x${q.x} carries inputResponses/requestState but retries no InputRequiredResult request`,
        [q.x],
      );
  }
  return pass(
    `inputResponses/requestState appear only on retries (${rs.length} InputRequiredResult(s))`,
    rs.map((rd) => rd.r.x),
  );
});
