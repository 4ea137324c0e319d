import { isRequest } from '../../jsonrpc.ts';
import { fail, notApplicable, pass } from '../../types.ts';
import {
  clientMessages,
  initsDone,
  isInitializePost,
  reqHeader,
  serverRequests,
  show,
} from '../../common/client/view.ts';
import { judge } from '../../define.ts';

/**
 * 251125-basic-48: request ids are not reused within a session. Its reading (what the sentence leaves open) is the
 * checkpoint's `reading` in the scenario file.
 */
export const requestIdUnique = judge('jsonrpc-request-id-unique', ({ exchanges }) => {
  const reqs = clientMessages(exchanges).filter((m) => isRequest(m.msg));
  if (reqs.length === 0) return fail('no JSON-RPC request observed');
  const issued = new Map(initsDone(exchanges).map((d) => [d.x, d.sessionId]));
  const seen = new Map<string, number>();
  for (const m of reqs) {
    const session = (isInitializePost(m.ex) ? issued.get(m.x) : reqHeader(m.ex, 'mcp-session-id')) ?? '(no session)';
    const key = `${session}\u0000${JSON.stringify(m.msg.id)}`;
    const prev = seen.get(key);
    if (prev !== undefined)
      return fail(`id ${show(m.msg.id)} reused: x${prev} and x${m.x} (${String(m.msg.method)})`, [prev, m.x]);
    seen.set(key, m.x);
  }
  return pass(
    `${reqs.length} requests, ids unique per session`,
    reqs.map((m) => m.x),
  );
});

/**
 * Server-to-client request methods the 2025-11-25 schema defines, the ones a client can answer with a result. A
 * request with any other method can only be refused (an error response: `251125-basic-89`'s business).
 */
const RESULT_METHODS = [
  'ping',
  'roots/list',
  'sampling/createMessage',
  'elicitation/create',
  'tasks/get',
  'tasks/result',
  'tasks/list',
  'tasks/cancel',
];

/**
 * 251125-basic-69: each request the server sent (e.g. ping on an SSE stream) that a client can answer with a result is
 * answered with a response carrying its id.
 */
export const responseSameId = judge('jsonrpc-response-same-id', ({ exchanges }) => {
  const asked = serverRequests(exchanges).filter((r) => RESULT_METHODS.includes(r.method));
  if (asked.length === 0) return notApplicable('the server sent no request a client answers with a result');
  // Any message with an id and no method is the client's reply, even a malformed one (basic-70 judges its shape).
  const replies = clientMessages(exchanges).filter((m) => typeof m.msg.method !== 'string' && 'id' in m.msg);
  for (const r of asked) {
    const key = JSON.stringify(r.id);
    const match = replies.find((m) => m.t > r.t && JSON.stringify(m.msg.id) === key);
    if (!match) {
      const other = replies.find((m) => m.t > r.t);
      return fail(
        other
          ? `server ${r.method} id ${key} (x${r.x}) was answered with id ${show(other.msg.id)} (x${other.x})`
          : `server ${r.method} id ${key} (x${r.x}) got no response`,
        other ? [r.x, other.x] : [r.x],
      );
    }
  }
  return pass(
    `${asked.length} server request(s) answered with the same id`,
    asked.map((r) => r.x),
  );
});

/** 251125-basic-70: a success response the client sends (e.g. to the server's ping) includes a `result` field. */
export const responseHasResult = judge('jsonrpc-response-has-result', ({ exchanges }) => {
  const replies = clientMessages(exchanges).filter(
    (m) => typeof m.msg.method !== 'string' && 'id' in m.msg && !('error' in m.msg),
  );
  if (replies.length === 0) return notApplicable('the client sent no success response');
  const bad = replies.find((m) => !('result' in m.msg));
  if (bad) return fail(`response id ${show(bad.msg.id)} (x${bad.x}) has no result field`, [bad.x]);
  return pass(
    `${replies.length} success response(s), each with a result field`,
    replies.map((m) => m.x),
  );
});
