import type { Exchange } from '../../exchanges.ts';
import { answerOf, brief, errorOf, resultOf } from '../../jsonrpc.ts';
import { allOf, toolAnswers } from '../../common/server/checks.ts';
import { fail, pass, type Judge } from '../../types.ts';
import { byStep, ok2xx, resultOfStep, whatCame } from '../../common/server/find.ts';

export { allOf, byStep, ok2xx, resultOfStep, toolAnswers, whatCame };

/**
 * The error object of the step's answer, or of an error response without the request's id (allowed when the server
 * could not read the request): `errorOf` only accepts a response with an `error` object, so the body as a whole can
 * stand in for it.
 */
export function errorObjectOf(
  ex: Exchange | undefined,
): { code?: unknown; message?: unknown; data?: unknown } | undefined {
  return ex ? errorOf(answerOf(ex) ?? ex.json) : undefined;
}

/** The JSON-RPC error code the step's answer carried, if it was an error response. */
export function errorCodeOf(ex: Exchange | undefined): unknown {
  return errorObjectOf(ex)?.code;
}

/** Judge: the step was answered with exactly HTTP `status` and JSON-RPC error `code`. */
export function rejectsWith(step: string, what: string, status: number, code: number): Judge {
  return ({ exchanges }) => {
    const ex = byStep(exchanges, step);
    const ev = ex ? [ex.x] : [];
    const got = errorCodeOf(ex);
    if (ex?.response?.status === status && got === code)
      return pass(`${what} got ${status} with JSON-RPC error ${code}`, ev);
    const detail = ex?.response
      ? `status ${ex.response.status} with ${got === undefined ? `no JSON-RPC error (${whatCame(ex)})` : `JSON-RPC error ${brief(got)}`}`
      : whatCame(ex);
    return fail(`Expected ${status} with JSON-RPC error ${code} for ${what}, got ${detail}`, ev);
  };
}

/** Whether the step's request was turned down: a non-2xx status or a JSON-RPC error instead of a result. */
export function wasRejected(ex: Exchange | undefined): boolean {
  if (!ex?.response) return false;
  const answer = answerOf(ex);
  return !ok2xx(ex) || (errorOf(answer) !== undefined && resultOf(answer) === undefined);
}

/** Judge: the step was rejected (any error status or JSON-RPC error), not served. */
export function rejects(step: string, what: string): Judge {
  return ({ exchanges }) => {
    const ex = byStep(exchanges, step);
    const ev = ex ? [ex.x] : [];
    if (wasRejected(ex)) return pass(`${what} was rejected (${whatCame(ex)})`, ev);
    return fail(`Expected ${what} to be rejected, got ${whatCame(ex)}`, ev);
  };
}

/** Judge: the step was served with the tool text `want`. */
export function servesText(step: string, what: string, want: string): Judge {
  return ({ exchanges }) =>
    allOf(`${what} was served with ${JSON.stringify(want)}`, [() => toolAnswers(exchanges, step, what, want)]);
}
