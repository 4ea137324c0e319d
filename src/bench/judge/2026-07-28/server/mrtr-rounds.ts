import { bodyText, isObject, responseMessages, type Exchange } from '../../exchanges.ts';
import { answerOf, brief, isRequest, resultOf, sentRequest, toolTexts } from '../../jsonrpc.ts';
import { fail, notApplicable, pass, type JudgeResult } from '../../types.ts';
import { byStep, errorObjectOf, whatCame } from './step-checks.ts';
import { scanJson } from '../../../derive/json-scan.ts';
import { FIXTURE, STEP } from '../../../plans/2026-07-28/server-steps.ts';
import { judge } from '../../define.ts';

const T = FIXTURE.transfer;
/** The request kinds an `inputRequests` value may be (260728-mrtr-229), with whether `params` is required. */
const INPUT_KINDS: Record<string, boolean> = {
  'elicitation/create': true,
  'sampling/createMessage': true,
  'roots/list': false,
};

/** The result of the exchange's own request when it is an InputRequiredResult. */
function inputRequired(ex: Exchange | undefined): Record<string, unknown> | undefined {
  const r = ex ? resultOf(answerOf(ex)) : undefined;
  return r?.resultType === 'input_required' ? r : undefined;
}

/** Every InputRequiredResult of the run that carries an `inputRequests` object. */
function withInputRequests(exchanges: readonly Exchange[]): { ex: Exchange; reqs: Record<string, unknown> }[] {
  return exchanges.flatMap((ex) => {
    const reqs = inputRequired(ex)?.inputRequests;
    return isObject(reqs) ? [{ ex, reqs }] : [];
  });
}

/** Whether the step's answer transferred anything (a tool text `transferred <n>`). */
function transferredAny(ex: Exchange | undefined): string | undefined {
  const r = ex ? resultOf(answerOf(ex)) : undefined;
  return toolTexts(r).find((t) => /^transferred \d/.test(t));
}

/** The raw JSON texts the server sent in the exchange (the body, or each SSE event's data). */
function rawTexts(ex: Exchange): string[] {
  return ex.sse.length > 0 ? ex.sse.map((s) => s.data) : ex.body ? [bodyText(ex.body)] : [];
}

/** A step the prober sends only when the server issued a state for it; its absence or silence fails. */
function answered(exchanges: readonly Exchange[], step: string, what: string): Exchange | JudgeResult {
  const ex = byStep(exchanges, step);
  if (!ex?.response) return fail(`Expected an answer to ${what}, got ${whatCame(ex)}`, ex ? [ex.x] : []);
  return ex;
}
const isVerdict = (v: Exchange | JudgeResult): v is JudgeResult => 'verdict' in v;

/**
 * 260728-mrtr-228: `inputRequests` keys are unique. JSON.parse keeps the last of two equal keys, so the judge scans the
 * raw text of every response that carried an InputRequiredResult.
 */
export const inputRequestKeysUnique = judge('mrtr-input-request-keys-unique', ({ exchanges }) => {
  const seen = withInputRequests(exchanges);
  if (seen.length === 0) return fail('Expected an InputRequiredResult with inputRequests to check, got none', []);
  for (const { ex } of seen) {
    for (const text of rawTexts(ex)) {
      const dup = scanJson(text).find((i) => i.kind === 'duplicate' && /(^|\.)inputRequests\.[^.[]+$/.test(i.field));
      if (dup) return fail(`Expected unique inputRequests keys, got the key ${dup.field} twice`, [ex.x]);
    }
  }
  return pass(
    `${seen.length} inputRequests object(s) had unique keys`,
    seen.map((s) => s.ex.x),
  );
});

/** 260728-mrtr-229: every `inputRequests` value is an elicitation/create, sampling/createMessage or roots/list request. */
export const inputRequestsKnownKinds = judge('mrtr-input-requests-known-kinds', ({ exchanges }) => {
  const seen = withInputRequests(exchanges);
  if (seen.length === 0) return fail('Expected an InputRequiredResult with inputRequests to check, got none', []);
  for (const { ex, reqs } of seen) {
    for (const [key, q] of Object.entries(reqs)) {
      const method = isObject(q) && typeof q.method === 'string' ? q.method : undefined;
      const needsParams = method === undefined ? undefined : INPUT_KINDS[method];
      if (needsParams === undefined)
        return fail(
          `Expected inputRequests.${key} to be an elicitation/create, sampling/createMessage or roots/list request, got ${brief(q, 90)}`,
          [ex.x],
        );
      if (needsParams && !isObject((q as Record<string, unknown>).params))
        return fail(`Expected inputRequests.${key} (${String(method)}) to carry params, got ${brief(q, 90)}`, [ex.x]);
    }
  }
  return pass(
    `every inputRequests value was an elicitation, sampling or roots request (${seen.length} result(s))`,
    seen.map((s) => s.ex.x),
  );
});

/**
 * 260728-mrtr-10: server-to-client requests travel only inside InputRequiredResults: no JSON-RPC request (method and
 * id) in any body or SSE stream the server sent.
 */
export const serverRequestsOnlyViaMrtr = judge('mrtr-server-requests-only-via-mrtr', ({ exchanges }) => {
  const answered = exchanges.filter((e) => e.response && responseMessages(e).length > 0);
  if (answered.length === 0) return fail('Expected JSON-RPC messages from the server to check, got none', []);
  for (const ex of answered) {
    const req = responseMessages(ex).find(isRequest);
    if (req)
      return fail(
        `Expected server-to-client requests only as inputRequests, got a JSON-RPC request in the answer to ${sentRequest(ex)?.method ?? 'a POST'}: ${brief(req, 90)}`,
        [ex.x],
      );
  }
  return pass(
    `${answered.length} answers carried no JSON-RPC request`,
    answered.map((e) => e.x),
  );
});

/** 260728-mrtr-241: the successful retry, sent again, transfers nothing (a confirmation is good for one transfer). */
export const stateOneTime = judge('mrtr-state-one-time', ({ exchanges }) => {
  const retry = byStep(exchanges, STEP.transferRetry);
  if (!toolTexts(retry ? resultOf(answerOf(retry)) : undefined).includes(T.text))
    return fail(`Not testable: the retry did not transfer, so there is nothing to replay (${whatCame(retry)})`, []);
  const ex = answered(exchanges, STEP.transferReplay, 'the replayed retry');
  if (isVerdict(ex)) return ex;
  const again = transferredAny(ex);
  if (again) return fail(`Expected the replayed confirmation to transfer nothing, got "${again}"`, [retry!.x, ex.x]);
  return pass(`the replayed confirmation transferred nothing (${whatCame(ex)})`, [retry!.x, ex.x]);
});

/**
 * 260728-mrtr-234, the originating-request part: a state issued for 250, presented on a call for 999, completes
 * nothing. Principal and TTL are not judged (the checkpoint's reading says why).
 */
export const stateBoundToRequest = judge('mrtr-state-bound-to-request', ({ exchanges }) => {
  const ex = answered(exchanges, STEP.transferOtherAmount, `a state for 250 presented on a call for ${T.otherAmount}`);
  if (isVerdict(ex)) return ex;
  const done = transferredAny(ex);
  if (done)
    return fail(`Expected the state issued for 250 to be refused on a call for ${T.otherAmount}, got "${done}"`, [
      ex.x,
    ]);
  return pass(`the state was not honoured on another request (${whatCame(ex)})`, [ex.x]);
});

/** 260728-mrtr-261: an answer that is no ElicitResult is refused (an error, or asked again), never read as an answer. */
export const inputResponsesValidated = judge('mrtr-input-responses-validated', ({ exchanges }) => {
  const ex = answered(exchanges, STEP.transferMalformedResponse, 'a retry whose answer is not an ElicitResult');
  if (isVerdict(ex)) return ex;
  const r = resultOf(answerOf(ex));
  if (r && r.resultType !== 'input_required' && r.isError !== true)
    return fail(`Expected the malformed answer to be refused, got a result ${brief(r, 90)}`, [ex.x]);
  return pass(`the malformed answer was refused (${whatCame(ex)})`, [ex.x]);
});

/**
 * 260728-mrtr-262: the malformed answer is a protocol error, so the refusal is a JSON-RPC error with an integer code
 * and a message. Not applicable when the server asked again instead (…-266 allows that).
 */
export const protocolErrorJsonRpc = judge('mrtr-protocol-error-json-rpc', ({ exchanges }) => {
  const ex = answered(exchanges, STEP.transferMalformedResponse, 'a retry whose answer is not an ElicitResult');
  if (isVerdict(ex)) return ex;
  if (inputRequired(ex)) return notApplicable('the server asked for the input again instead of refusing it', [ex.x]);
  const e = errorObjectOf(ex);
  if (!e || !Number.isInteger(e.code) || typeof e.message !== 'string')
    return fail(`Expected a JSON-RPC error with an integer code and a message, got ${whatCame(ex)}`, [ex.x]);
  return pass(`the malformed answer got JSON-RPC error ${String(e.code)}`, [ex.x]);
});

/** 260728-mrtr-264: an extra, unrequested key in inputResponses is ignored: the transfer still happens. */
export const extraResponsesIgnored = judge('mrtr-extra-input-responses-ignored', ({ exchanges }) => {
  const ex = answered(exchanges, STEP.transferExtraResponse, `a retry with the extra answer ${T.extraKey}`);
  if (isVerdict(ex)) return ex;
  if (toolTexts(resultOf(answerOf(ex))).includes(T.text))
    return pass(`the extra answer was ignored and "${T.text}" returned`, [ex.x]);
  return fail(`Expected "${T.text}" with the extra answer ignored, got ${whatCame(ex)}`, [ex.x]);
});

/** 260728-mrtr-266: a retry that leaves the requested answer out gets a new InputRequiredResult asking for it. */
export const missingInputAskedAgain = judge('mrtr-missing-input-asked-again', ({ exchanges }) => {
  const ex = answered(exchanges, STEP.transferMissingResponse, 'a retry without the answer');
  if (isVerdict(ex)) return ex;
  const reqs = inputRequired(ex)?.inputRequests;
  if (isObject(reqs) && Object.keys(reqs).length > 0)
    return pass('the retry without the answer was asked for it again', [ex.x]);
  return fail(`Expected a new input_required result asking for the missing answer, got ${whatCame(ex)}`, [ex.x]);
});
