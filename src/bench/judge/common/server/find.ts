import { header, isAnswered, isObject, type Answered, type Exchange } from '../../exchanges.ts';
import { answerOf, brief, described, errorOf, resultOf, type JsonRpcMessage } from '../../jsonrpc.ts';
import { fail, type JudgeResult } from '../../types.ts';

/** The first exchange the prober labelled with `step`. */
export function byStep(exchanges: readonly Exchange[], step: string): Exchange | undefined {
  return exchanges.find((e) => e.step === step);
}

/** Whether the request resumed a stream (carried `Last-Event-ID`): replays are judged apart from fresh streams. */
export function isResumed(ex: Exchange): boolean {
  return header(ex.request.headers, 'last-event-id') !== undefined;
}

/** The session id the server issued on an exchange's response (trimmed by the HTTP parser), if any. */
export function sessionIdOf(ex: Exchange | undefined): string | undefined {
  return ex ? header(ex.response?.headers, 'mcp-session-id') : undefined;
}

/** Whether an exchange got a 2xx status (a guard like `isAnswered`). */
export const ok2xx = (ex: Exchange | undefined): ex is Answered =>
  isAnswered(ex) && ex.response.status >= 200 && ex.response.status < 300;

/**
 * What `resultOfStep` found. Tagged so that `if (!r.ok) return r.failure;` narrows `r` to an exchange that surely
 * exists and a result that surely came: a success result implies the exchange, a missing exchange implies a failure.
 */
export type StepResult =
  | {
      /** The step was answered with a success result. */
      ok: true;
      /** The step's exchange (a result implies a response). */
      ex: Answered;
      /** The `result` object of the response carrying the request's id. */
      result: Record<string, unknown>;
    }
  | {
      /** The step did not get a success result. */
      ok: false;
      /** The step's exchange, when the prober sent it at all. */
      ex: Exchange | undefined;
      /** The ready-made FAIL naming what came instead. */
      failure: JudgeResult;
    };

/**
 * The success result of the step's own request, or a ready-made FAIL naming what came instead
 * ("Expected a result for tools/list, got status 500").
 */
export function resultOfStep(exchanges: readonly Exchange[], step: string, what: string): StepResult {
  const ex = byStep(exchanges, step);
  const ev = ex ? [ex.x] : [];
  if (!isAnswered(ex))
    return { ok: false, ex, failure: fail(`Expected a result for ${what}, got ${described(ex)}`, ev) };
  const answer: JsonRpcMessage | undefined = answerOf(ex);
  const result = resultOf(answer);
  if (result) return { ok: true, ex, result };
  const err = errorOf(answer);
  if (err)
    return {
      ok: false,
      ex,
      failure: fail(
        `Expected a result for ${what}, got JSON-RPC error ${brief(err.code)} ${brief(err.message, 80)}`,
        ev,
      ),
    };
  return {
    ok: false,
    ex,
    failure: fail(`Expected a result for ${what}, got ${described(ex)} without a response carrying the request id`, ev),
  };
}

/** What answered a step, for messages: the reply to its request when there was a response, else the transport outcome. */
export function whatCame(ex: Exchange | undefined): string {
  if (!ex?.response) return described(ex);
  const a = answerOf(ex);
  return a ? brief(a, 100) : `${described(ex)} without a response carrying the request id`;
}

/** Names of the tools (with an object inputSchema) a tools/list result lists, in order. */
export function toolNames(result: Record<string, unknown>): unknown[] {
  const tools = Array.isArray(result.tools) ? result.tools : [];
  return tools.filter((t) => isObject(t) && isObject(t.inputSchema)).map((t) => (t as { name: unknown }).name);
}
