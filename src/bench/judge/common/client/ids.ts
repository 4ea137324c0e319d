import { isRequest } from '../../jsonrpc.ts';
import { fail, notApplicable, pass, type Judge } from '../../types.ts';
import { clientMessages, show } from './view.ts';

/** Client-role request-id rules both revisions word the same way (each revision registers them in its `reused.ts`). */

/** 251125-basic-47: no request the client sends has `id: null`. */
export const requestIdNotNull: Judge = ({ exchanges }) => {
  const reqs = clientMessages(exchanges).filter((m) => isRequest(m.msg));
  if (reqs.length === 0) return fail('no JSON-RPC request observed');
  const bad = reqs.find((m) => m.msg.id === null);
  if (bad) return fail(`${String(bad.msg.method)} (x${bad.x}) has id null`, [bad.x]);
  return pass(
    `${reqs.length} requests, none with id null`,
    reqs.map((m) => m.x),
  );
};

/** 251125-basic-46: every request id is a string or an integer. */
export const requestIdType: Judge = ({ exchanges }) => {
  const reqs = clientMessages(exchanges).filter((m) => isRequest(m.msg));
  if (reqs.length === 0) return fail('no JSON-RPC request observed');
  const bad = reqs.find((m) => typeof m.msg.id !== 'string' && !Number.isInteger(m.msg.id));
  if (bad)
    return fail(`${String(bad.msg.method)} (x${bad.x}) has id ${show(bad.msg.id)}, neither a string nor an integer`, [
      bad.x,
    ]);
  return pass(
    `${reqs.length} requests, every id a string or an integer`,
    reqs.map((m) => m.x),
  );
};

/**
 * 251125-basic-108: no notification the client sends has an `id` member. A notification is read by its method: one in
 * the `notifications/` namespace (every notification method of both revisions is), since a notification carrying an
 * id is otherwise indistinguishable from a request. `id: null` is an id too.
 */
export const notificationNoId: Judge = ({ exchanges }) => {
  const sent = clientMessages(exchanges).filter(
    (m) => typeof m.msg.method === 'string' && m.msg.method.startsWith('notifications/'),
  );
  if (sent.length === 0) return notApplicable('the client sent no notification');
  const bad = sent.find((m) => 'id' in m.msg);
  if (bad) return fail(`${String(bad.msg.method)} (x${bad.x}) carries id ${show(bad.msg.id)}`, [bad.x]);
  return pass(
    `${sent.length} notification(s), none with an id`,
    sent.map((m) => m.x),
  );
};
