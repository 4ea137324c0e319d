import { fail, pass } from '../../types.ts';
import { clientRequests, isObject, META_CAPABILITIES, META_CLIENT_INFO, META_VERSION, show } from './view.ts';
import { judge } from '../../define.ts';

/** 260728-basic-367: every request's `_meta` has the required fields: protocolVersion (string) and clientCapabilities (object). */
export const metaRequired = judge('meta-required-fields', ({ exchanges }) => {
  const reqs = clientRequests(exchanges);
  if (reqs.length === 0) return fail('no JSON-RPC request observed');
  for (const r of reqs) {
    if (typeof r.meta?.[META_VERSION] !== 'string')
      return fail(`${r.method} x${r.x}: _meta has no ${META_VERSION} string (got ${show(r.meta?.[META_VERSION])})`, [
        r.x,
      ]);
    if (!isObject(r.meta[META_CAPABILITIES]))
      return fail(`${r.method} x${r.x}: _meta has no ${META_CAPABILITIES} object`, [r.x]);
  }
  return pass(
    `all ${reqs.length} requests carry protocolVersion and clientCapabilities in _meta`,
    reqs.map((r) => r.x),
  );
});

/** 260728-basic-384: every request's `_meta` has clientInfo with a name and a version. */
export const metaClientInfo = judge('meta-client-info', ({ exchanges }) => {
  const reqs = clientRequests(exchanges);
  if (reqs.length === 0) return fail('no JSON-RPC request observed');
  for (const r of reqs) {
    const info = r.meta?.[META_CLIENT_INFO];
    if (!isObject(info) || typeof info.name !== 'string' || typeof info.version !== 'string') {
      return fail(`${r.method} x${r.x}: _meta ${META_CLIENT_INFO} is ${show(info)}, expected {name, version}`, [r.x]);
    }
  }
  return pass(
    `all ${reqs.length} requests carry clientInfo in _meta`,
    reqs.map((r) => r.x),
  );
});

/**
 * 260728-basic-48: no request reuses the id of another request still in flight, i.e. one whose response had not been
 * sent when the new request arrived (a request never answered stays in flight).
 */
export const idUniqueInFlight = judge('jsonrpc-request-id-unique-in-flight', ({ exchanges }) => {
  const reqs = clientRequests(exchanges);
  if (reqs.length === 0) return fail('no JSON-RPC request observed');
  for (const [i, r] of reqs.entries()) {
    const key = JSON.stringify(r.id);
    const clash = reqs
      .slice(0, i)
      .find((q) => JSON.stringify(q.id) === key && (q.doneAt === undefined || q.doneAt > r.t));
    if (clash)
      return fail(`${r.method} x${r.x} reuses id ${key} of ${clash.method} x${clash.x}, which had no response yet`, [
        clash.x,
        r.x,
      ]);
  }
  return pass(
    `${reqs.length} requests, no id reused while in flight`,
    reqs.map((r) => r.x),
  );
});
