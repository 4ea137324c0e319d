import { responseMessages } from '../../exchanges.ts';
import { brief, isNotification, isRequest } from '../../jsonrpc.ts';
import { fail, notApplicable, pass, type Judge } from '../../types.ts';

/** Server notifications (a `notifications/*` method) carry no `id`, on every stream and body of the run. */
export const notificationsWithoutId: Judge = ({ exchanges }) => {
  let n = 0;
  const ev: number[] = [];
  for (const ex of exchanges) {
    for (const m of responseMessages(ex)) {
      if (typeof m !== 'object' || m === null || typeof (m as { method?: unknown }).method !== 'string') continue;
      const method = (m as { method: string }).method;
      if (!method.startsWith('notifications/')) continue;
      if (!isNotification(m))
        return fail(`Expected ${method} without an id, got id ${brief((m as { id?: unknown }).id)}`, [ex.x]);
      n += 1;
      ev.push(ex.x);
    }
  }
  if (n === 0) return notApplicable('the server sent no notifications', []);
  return pass(`${n} server notifications carried no id`, ev);
};

/**
 * The server sent no JSON-RPC request (a message with a `method` and an `id`) in any response body or SSE event of
 * the run. Not applicable when it sent no JSON-RPC message at all.
 */
export const noServerRequests: Judge = ({ exchanges }) => {
  let n = 0;
  const ev: number[] = [];
  for (const ex of exchanges) {
    const msgs = responseMessages(ex);
    const req = msgs.find(isRequest);
    if (req) return fail(`Expected no request from the server, got ${brief(req, 90)}`, [ex.x]);
    if (msgs.length > 0) ev.push(ex.x);
    n += msgs.length;
  }
  if (n === 0) return notApplicable('the server sent no JSON-RPC message', []);
  return pass(`${n} server messages, none of them a request`, ev);
};
