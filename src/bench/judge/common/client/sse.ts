import type { Exchange } from '../../exchanges.ts';
import { bodyText, header } from '../../exchanges.ts';
import { fail, notApplicable, pass, type Judge } from '../../types.ts';
import { reqHeader, toolCalls } from './view.ts';

/** The client-role rule on JSON and SSE answers both revisions word the same way (registered in each `reused.ts`). */

/** Values shorter than this are too likely to recur by chance to prove the client read them. */
const MIN_TOKEN = 6;

/** Whether `value` appears in the body of any request the client sent after `t`. */
function usedAfter(exchanges: readonly Exchange[], t: number, value: string): Exchange | undefined {
  return exchanges.find((e) => e.request.t > t && bodyText(e.request.body).includes(value));
}

/**
 * 251125-transports-103: the client handles both a JSON and an SSE response. Evidence of handling: a value delivered in a
 * JSON-answered tool result is used in a later request, and likewise for SSE (or the client resumed with a
 * Last-Event-ID it could only have read from the SSE stream).
 */
export const jsonAndSseHandled: Judge = ({ exchanges }) => {
  const type = (e: Exchange) => (header(e.response?.headers, 'content-type') ?? '').split(';')[0]!.trim();
  const calls = toolCalls(exchanges);
  const jsonCalls = calls.filter((c) => type(c.ex) === 'application/json');
  const sseCalls = calls.filter((c) => type(c.ex) === 'text/event-stream');
  if (jsonCalls.length === 0 || sseCalls.length === 0)
    return notApplicable('the server did not answer tool calls both as JSON and as SSE');
  // The first (call, later request) pair where a value the call returned was used: only found pairs are kept.
  const used = (cs: typeof calls) =>
    cs.flatMap((c) => {
      const a = c.answer;
      if (!a || a.isError) return [];
      return a.texts
        .filter((v) => v.length >= MIN_TOKEN)
        .flatMap((v) => {
          const by = usedAfter(exchanges, a.t, v);
          return by ? [{ c, by }] : [];
        });
    })[0];
  const j = used(jsonCalls);
  if (!j)
    return fail(
      `no value from a JSON-answered tool result (${jsonCalls.map((c) => `${c.name} x${c.x}`).join(', ')}) was used later`,
      jsonCalls.map((c) => c.x),
    );
  const s = used(sseCalls);
  const ids = new Set(sseCalls.flatMap((c) => c.ex.sse.map((v) => v.id).filter((v) => v !== undefined)));
  const resumed = exchanges.find(
    (e) => e.request.method === 'GET' && ids.has(reqHeader(e, 'last-event-id') ?? '\u0000'),
  );
  const sse = s
    ? { text: `${s.c.name} (x${s.c.x}) result used in x${s.by.x}`, x: s.by.x }
    : resumed && { text: `resumed with Last-Event-ID from the stream (x${resumed.x})`, x: resumed.x };
  if (!sse)
    return fail(
      `nothing read from the SSE-answered call(s) (${sseCalls.map((c) => `${c.name} x${c.x}`).join(', ')}) was used later`,
      sseCalls.map((c) => c.x),
    );
  return pass(`JSON: ${j.c.name} (x${j.c.x}) result used in x${j.by.x}; SSE: ${sse.text}`, [j.c.x, j.by.x, sse.x]);
};
