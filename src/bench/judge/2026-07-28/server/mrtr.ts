import { header, isObject, responseMessages, type Exchange } from '../../exchanges.ts';
import { answerOf, brief, isRequest, mediaType, resultOf, sentRequest, toolTexts } from '../../jsonrpc.ts';
import { fail, notApplicable, pass } from '../../types.ts';
import { allOf, byStep, errorCodeOf, errorObjectOf, resultOfStep, toolAnswers, whatCame } from './step-checks.ts';
import { CODE, FIXTURE, META, STEP } from '../../../plans/2026-07-28/server-steps.ts';
import { judge } from '../../define.ts';

const T = FIXTURE.transfer;
/** Which client capability each kind of input request needs (mrtr.mdx, schema.ts InputRequest). */
const NEEDS: Record<string, string> = {
  'elicitation/create': 'elicitation',
  'sampling/createMessage': 'sampling',
  'roots/list': 'roots',
};
/** Requests that may be answered with an InputRequiredResult (260728-mrtr-184 table). */
const MRTR_METHODS = ['tools/call', 'prompts/get', 'resources/read'];

/** The result of the exchange's own request when it is an InputRequiredResult. */
function inputRequired(ex: Exchange): Record<string, unknown> | undefined {
  const r = resultOf(answerOf(ex));
  return r?.resultType === 'input_required' ? r : undefined;
}

/** Whether the step's answer reports the transfer done (the tool's success text). */
function transferred(ex: Exchange | undefined): boolean {
  return ex !== undefined && toolTexts(resultOf(answerOf(ex))).includes(T.text);
}

/**
 * Task of `multi-round-trip`: the first call asks for an elicitation; the retry with the answer transfers 250; and, as
 * the prompt requires every transfer to be confirmed by the user, a client that cannot elicit gets no transfer.
 */
export const transferConfirmed = judge('task-transfer-confirmed', ({ exchanges }) =>
  allOf(
    'the first call returned an elicitation input request; the retry with the answer returned "transferred 250"; no transfer without confirmation',
    [
      () => {
        const r = resultOfStep(exchanges, STEP.transferInitial, `tools/call ${T.tool} without input`);
        if (!r.ok) return r.failure;
        const reqs = r.result.inputRequests;
        const elicit =
          isObject(reqs) && Object.values(reqs).some((q) => isObject(q) && q.method === 'elicitation/create');
        if (r.result.resultType !== 'input_required' || !elicit)
          return fail(
            `Expected an input_required result with an elicitation/create input request, got ${brief(r.result, 110)}`,
            [r.ex.x],
          );
        return r.ex;
      },
      () =>
        toolAnswers(
          exchanges,
          STEP.transferRetry,
          `the retry of ${T.tool} with inputResponses and requestState`,
          T.text,
        ),
      () => {
        const ex = byStep(exchanges, STEP.transferNoElicitation);
        if (!ex) return fail(`Expected the call from a client without elicitation to be sent, got ${whatCame(ex)}`, []);
        return transferred(ex)
          ? fail(
              `Expected no transfer for a client that cannot confirm it (no elicitation capability), got ${whatCame(ex)}`,
              [ex.x],
            )
          : ex;
      },
    ],
  ),
);

/** 260728-mrtr-245: every InputRequiredResult has a non-empty `inputRequests` or a `requestState`. */
export const inputRequiredHasRequestsOrState = judge('mrtr-input-required-has-requests-or-state', ({ exchanges }) => {
  const seen = exchanges.flatMap((ex) => {
    const r = inputRequired(ex);
    return r ? [{ ex, r }] : [];
  });
  if (seen.length === 0) return fail('Expected an InputRequiredResult to check, got none', []);
  for (const { ex, r } of seen) {
    const hasRequests = isObject(r.inputRequests) && Object.keys(r.inputRequests).length > 0;
    if (!hasRequests && typeof r.requestState !== 'string')
      return fail(`Expected inputRequests or requestState in the InputRequiredResult, got ${brief(r, 100)}`, [ex.x]);
  }
  return pass(
    `${seen.length} InputRequiredResult(s) carried inputRequests or requestState`,
    seen.map((s) => s.ex.x),
  );
});

/**
 * 260728-mrtr-232b: a retry with a tampered requestState does not complete the transfer. The sentence says "reject",
 * not how: a JSON-RPC error, another input_required, or a tool error result (`isError: true`) that does not transfer
 * are each a rejection (xmcp's documented way is a tool error; the SDK's `requestState.verify` answers -32602).
 */
export const requestStateIntegrity = judge('mrtr-request-state-integrity', ({ exchanges }) => {
  const ex = byStep(exchanges, STEP.transferTampered);
  if (!ex)
    return fail(
      'Expected a retry with a tampered requestState, got no such request (the server issued no requestState)',
      [],
    );
  const ev = [ex.x];
  if (!ex.response) return fail(`Expected the tampered requestState to be rejected, got ${whatCame(ex)}`, ev);
  const r = resultOf(answerOf(ex));
  const refusedAsToolError = r?.isError === true && !transferred(ex);
  if (r && r.resultType !== 'input_required' && !refusedAsToolError)
    return fail(
      `Expected the tampered requestState to be rejected, got a ${String(r.resultType ?? 'complete')} result ${brief(r, 90)}`,
      ev,
    );
  const how = refusedAsToolError ? 'a tool error result' : r ? 'asked for input again' : whatCame(ex);
  return pass(`the tampered requestState was not honoured (${how})`, ev);
});

/** The clientCapabilities the exchange's request declared. */
function declared(ex: Exchange): Record<string, unknown> {
  const p = sentRequest(ex)?.params;
  const meta = isObject(p) && isObject(p._meta) ? p._meta : {};
  return isObject(meta[META.clientCapabilities]) ? (meta[META.clientCapabilities] as Record<string, unknown>) : {};
}

/** 260728-mrtr-246a: no input request of a kind the request's clientCapabilities did not declare. */
export const noUndeclaredInputRequests = judge('mrtr-no-undeclared-input-requests', ({ exchanges }) => {
  const probe = byStep(exchanges, STEP.transferNoElicitation);
  if (!probe?.response)
    return fail(
      `Expected an answer to a call without the elicitation capability, got ${whatCame(probe)}`,
      probe ? [probe.x] : [],
    );
  for (const ex of exchanges) {
    const r = inputRequired(ex);
    if (!r || !isObject(r.inputRequests)) continue;
    const caps = declared(ex);
    for (const [key, q] of Object.entries(r.inputRequests)) {
      const need = isObject(q) && typeof q.method === 'string' ? NEEDS[q.method] : undefined;
      if (need && !(need in caps))
        return fail(
          `Expected no ${String((q as { method: string }).method)} input request without the ${need} capability, got inputRequests.${key} (clientCapabilities ${brief(caps)})`,
          [ex.x],
        );
    }
  }
  return pass('no InputRequiredResult asked for input the client had not declared', [probe.x]);
});

/**
 * 260728-basic-387b: processing the transfer requires the elicitation capability (the user confirms it), so the call
 * without it gets -32021 with data.requiredCapabilities naming elicitation. Its reading (what the sentence leaves
 * open) is the checkpoint's `reading` in the scenario file.
 */
export const missingCapability32021 = judge('capability-missing-32021', ({ exchanges }) => {
  const ex = byStep(exchanges, STEP.transferNoElicitation);
  const ev = ex ? [ex.x] : [];
  if (transferred(ex))
    return notApplicable(
      `${T.tool} completed without the elicitation capability, so processing did not require it`,
      ev,
    );
  const e = errorObjectOf(ex);
  if (e?.code !== CODE.missingCapability)
    return fail(
      `Expected JSON-RPC error -32021 for ${T.tool} without the elicitation capability, got ${whatCame(ex)}`,
      ev,
    );
  const caps = isObject(e.data) ? e.data.requiredCapabilities : undefined;
  if (!isObject(caps) || !('elicitation' in caps))
    return fail(`Expected data.requiredCapabilities to name elicitation, got data ${brief(e.data)}`, ev);
  return pass(`-32021 with requiredCapabilities ${brief(caps)}`, ev);
});

/**
 * 260728-basic-391: a MissingRequiredClientCapabilityError travels with HTTP 400. Applies to the -32021 the server
 * sent; a server that sent none has nothing this sentence constrains (…-387b judges whether it should have).
 */
export const missingCapability400 = judge('capability-missing-400', ({ exchanges }) => {
  const ex = byStep(exchanges, STEP.transferNoElicitation);
  const ev = ex ? [ex.x] : [];
  if (!ex?.response || errorCodeOf(ex) !== CODE.missingCapability)
    return notApplicable(`no MissingRequiredClientCapabilityError (-32021) was sent: ${whatCame(ex)}`, ev);
  if (ex.response.status === 400) return pass('-32021 came with HTTP 400', ev);
  return fail(`Expected HTTP 400 with the -32021 error, got status ${ex.response.status}`, ev);
});

/** 260728-mrtr-192: no InputRequiredResult on a request other than tools/call, prompts/get, resources/read. */
export const inputRequiredOnlyWhereAllowed = judge('mrtr-input-required-only-where-allowed', ({ exchanges }) => {
  const others = exchanges.flatMap((e) => {
    const m = sentRequest(e)?.method;
    return m !== undefined && !MRTR_METHODS.includes(m) && resultOf(answerOf(e)) ? [{ e, method: m }] : [];
  });
  if (others.length === 0)
    return fail('Expected results to requests other than tools/call (tools/list, server/discover), got none', []);
  const bad = others.find((o) => inputRequired(o.e));
  if (bad)
    return fail(`Expected no InputRequiredResult on ${bad.method}, got ${brief(resultOf(answerOf(bad.e)), 90)}`, [
      bad.e.x,
    ]);
  return pass(
    `${others.length} results to other requests were not input_required`,
    others.map((o) => o.e.x),
  );
});

/** POSTs answered with an SSE stream. */
function sseExchanges(exchanges: readonly Exchange[]): Exchange[] {
  return exchanges.filter((e) => e.request.method === 'POST' && mediaType(e) === 'text/event-stream');
}

/** 260728-shttp-117: no JSON-RPC request (method + id) on any SSE response stream. */
export const sseNoServerRequests = judge('sse-no-server-requests', ({ exchanges }) => {
  const streams = sseExchanges(exchanges);
  if (streams.length === 0) return notApplicable('no request was answered with an SSE stream');
  for (const ex of streams) {
    const req = responseMessages(ex).find(isRequest);
    if (req)
      return fail(
        `Expected no JSON-RPC request on the SSE stream of ${sentRequest(ex)?.method ?? 'a POST'}, got ${brief(req, 90)}`,
        [ex.x],
      );
  }
  return pass(
    `${streams.length} SSE streams carried no server-initiated request`,
    streams.map((e) => e.x),
  );
});

/** 260728-shttp-136: SSE responses carry X-Accel-Buffering: no. */
export const sseNoBuffering = judge('sse-x-accel-buffering-no', ({ exchanges }) => {
  const streams = sseExchanges(exchanges);
  if (streams.length === 0) return notApplicable('no request was answered with an SSE stream');
  const bad = streams.find((e) => header(e.response?.headers, 'x-accel-buffering')?.trim().toLowerCase() !== 'no');
  if (bad)
    return fail(
      `Expected X-Accel-Buffering: no on the SSE response, got ${brief(header(bad.response?.headers, 'x-accel-buffering') ?? null)}`,
      [bad.x],
    );
  return pass(
    `${streams.length} SSE responses carried X-Accel-Buffering: no`,
    streams.map((e) => e.x),
  );
});

/** 260728-shttp-125: an SSE stream that delivered its response ends (the prober waits a short grace before cutting it). */
export const sseClosesAfterResponse = judge('sse-closes-after-response', ({ exchanges }) => {
  const streams = sseExchanges(exchanges).filter((e) => answerOf(e));
  if (streams.length === 0) return notApplicable('no SSE stream delivered its response');
  const open = streams.find((e) => e.end?.reason !== 'complete');
  if (open)
    return fail(
      `Expected the SSE stream of ${sentRequest(open)?.method ?? 'a POST'} to end after its response, got end ${open.end?.reason ?? 'none'}`,
      [open.x],
    );
  return pass(
    `${streams.length} SSE streams ended after their response`,
    streams.map((e) => e.x),
  );
});
