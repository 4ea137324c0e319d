import { isObject, requestMessages, type Exchange } from '../../exchanges.ts';
import { isNotification, isRequest, responsesIn } from '../../jsonrpc.ts';
import { fail, notApplicable, pass, type Judge } from '../../types.ts';
import { afterInit } from './http.ts';
import { clientMessages, initsDone, isInitializePost, reqHeader, show } from '../../common/client/view.ts';
import { judge } from '../../define.ts';

/** Published MCP protocol revisions: a client can only "support" a version that exists. */
export const KNOWN_VERSIONS = ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28'];

const initRequests = (input: Parameters<Judge>[0]) =>
  clientMessages(input.exchanges).filter((m) => isRequest(m.msg) && m.msg.method === 'initialize');

/** The first HTTP request, described: its method and the JSON-RPC methods it carries. */
function firstIs(first: Exchange): string {
  const what = requestMessages(first)
    .map((m) => (isObject(m) && typeof m.method === 'string' ? m.method : show(m)))
    .join(', ');
  return `first request (x${first.x}) is ${first.request.method} ${what || '(no JSON-RPC message)'}, not initialize`;
}

/** 251125-lifecycle-40, strict reading: the very first HTTP request is a POST carrying `initialize`. */
const initializeFirstStrict: Judge = ({ exchanges }) => {
  const first = exchanges[0];
  if (!first) return fail('no request observed: the client never contacted the server');
  if (isInitializePost(first)) return pass(`first request (x${first.x}) is POST initialize`, [first.x]);
  return fail(firstIs(first), [first.x]);
};

/** The one revision whose requests carry their version instead of an initialize handshake. */
const MODERN_VERSION = '2026-07-28';

/**
 * A 2026-07-28 ("modern") request a client built for both eras sends to learn a server's era: a POST whose every
 * message is a request that is `server/discover`, or names 2026-07-28 in `MCP-Protocol-Version` or in its `_meta`
 * (`io.modelcontextprotocol/protocolVersion`).
 */
function isModernProbe(ex: Exchange): boolean {
  if (ex.request.method !== 'POST') return false;
  const msgs = requestMessages(ex);
  if (msgs.length === 0 || !msgs.every(isRequest)) return false;
  const headerModern = reqHeader(ex, 'mcp-protocol-version') === MODERN_VERSION;
  return msgs.every((m) => {
    const meta = isObject(m.params) && isObject(m.params._meta) ? m.params._meta : {};
    return (
      m.method === 'server/discover' ||
      headerModern ||
      meta['io.modelcontextprotocol/protocolVersion'] === MODERN_VERSION
    );
  });
}

/** Whether the server refused the exchange: a 4xx/5xx status, or a JSON-RPC error answer. */
const refused = (ex: Exchange): boolean =>
  (ex.response !== undefined && ex.response.status >= 400) || responsesIn(ex).some((m) => 'error' in m);

/**
 * 251125-lifecycle-40, contested: initialization is the first interaction, except that a client built for both eras
 * may first send a 2026-07-28 request the server refuses and then fall back to `initialize` (the 2026-07-28
 * backward-compatibility sections tell such a client to do exactly that). Any other request before initialize (a GET
 * stream, a 2025 request) still fails; the strict reading fails the probe too.
 */
export const initializeFirst = judge(
  'lifecycle-initialize-first',
  ({ exchanges }) => {
    const first = exchanges[0];
    if (!first) return fail('no request observed: the client never contacted the server');
    if (isInitializePost(first)) return pass(`first request (x${first.x}) is POST initialize`, [first.x]);
    const at = exchanges.findIndex(isInitializePost);
    const before = at < 0 ? exchanges : exchanges.slice(0, at);
    const other = before.find((ex) => !isModernProbe(ex) || !refused(ex));
    if (other) {
      if (other === first && !isModernProbe(first)) return fail(firstIs(first), [first.x]);
      const why = isModernProbe(other) ? 'a 2026-07-28 request the server did not refuse' : 'not a 2026-07-28 probe';
      return fail(`x${other.x} before initialize is ${why}`, [other.x]);
    }
    const init = exchanges[at];
    if (!init) return fail(`${firstIs(first)}, and no initialize followed`, [first.x]);
    const xs = before.map((ex) => ex.x);
    return pass(
      `POST initialize (x${init.x}) follows only refused 2026-07-28 probes (${xs.map((x) => `x${x}`).join(', ')})`,
      [...xs, init.x],
    );
  },
  initializeFirstStrict,
);

/** 251125-lifecycle-47: every initialize carries protocolVersion, capabilities and clientInfo {name, version}. */
export const initializeParams = judge('lifecycle-initialize-params', (input) => {
  const inits = initRequests(input);
  if (inits.length === 0) return fail('no initialize request observed');
  for (const { x, msg } of inits) {
    const p = isObject(msg.params) ? msg.params : {};
    const missing: string[] = [];
    if (typeof p.protocolVersion !== 'string') missing.push('protocolVersion');
    if (!isObject(p.capabilities)) missing.push('capabilities');
    if (!isObject(p.clientInfo) || typeof p.clientInfo.name !== 'string' || typeof p.clientInfo.version !== 'string')
      missing.push('clientInfo{name,version}');
    if (missing.length) return fail(`initialize (x${x}) lacks ${missing.join(', ')}`, [x]);
  }
  return pass(
    `${inits.length} initialize request(s) carry protocolVersion, capabilities and clientInfo`,
    inits.map((m) => m.x),
  );
});

/** 251125-lifecycle-167: the requested protocolVersion is a published revision (one a client can support). */
export const initializeVersionSupported = judge('lifecycle-initialize-version-supported', (input) => {
  const inits = initRequests(input);
  if (inits.length === 0) return fail('no initialize request observed');
  for (const { x, msg } of inits) {
    const v = isObject(msg.params) ? msg.params.protocolVersion : undefined;
    if (typeof v !== 'string' || !KNOWN_VERSIONS.includes(v))
      return fail(`initialize (x${x}) asks for protocolVersion ${show(v)}, not a published MCP revision`, [x]);
  }
  return pass(
    `initialize asks for ${inits.map((m) => show((m.msg.params as Record<string, unknown>).protocolVersion)).join(', ')}`,
    inits.map((m) => m.x),
  );
});

/**
 * The latest version a 2025-11-25 client can ask for in `initialize`: the ground rules make it speak 2025-11-25, and
 * the one later revision (2026-07-28) has no initialize at all.
 */
export const LATEST_INITIALIZE_VERSION = '2025-11-25';

/** 251125-lifecycle-168: every initialize asks for the latest version the client supports (read as 2025-11-25). */
export const initializeVersionLatest = judge('lifecycle-initialize-version-latest', (input) => {
  const inits = initRequests(input);
  if (inits.length === 0) return fail('no initialize request observed');
  for (const { x, msg } of inits) {
    const v = isObject(msg.params) ? msg.params.protocolVersion : undefined;
    if (v !== LATEST_INITIALIZE_VERSION)
      return fail(
        `initialize (x${x}) asks for protocolVersion ${show(v)}, not ${LATEST_INITIALIZE_VERSION}, the latest a 2025-11-25 client supports`,
        [x],
      );
  }
  return pass(
    `${inits.length} initialize request(s) ask for ${LATEST_INITIALIZE_VERSION}`,
    inits.map((m) => m.x),
  );
});

/** 251125-lifecycle-147: after each successful initialize, `notifications/initialized` follows (before the next initialize). */
export const initializedNotification = judge('lifecycle-initialized-notification', (input) => {
  const done = initsDone(input.exchanges);
  if (done.length === 0) return notApplicable('no initialize succeeded');
  const msgs = clientMessages(input.exchanges);
  for (const [i, d] of done.entries()) {
    const next = done[i + 1];
    const until = next ? next.ex.request.t : Infinity;
    const n = msgs.find(
      (m) => m.t > d.t && m.t < until && isNotification(m.msg) && m.msg.method === 'notifications/initialized',
    );
    if (!n) return fail(`no notifications/initialized after the InitializeResult of x${d.x}`, [d.x]);
  }
  return pass(
    `notifications/initialized sent after each of ${done.length} InitializeResult(s)`,
    done.map((d) => d.x),
  );
});

/** 251125-lifecycle-157: before the InitializeResult was sent, no request other than ping (and initialize itself). */
export const noRequestBeforeInitResult = judge('lifecycle-no-request-before-initialize-result', (input) => {
  const done = initsDone(input.exchanges);
  if (done.length === 0) return notApplicable('no initialize succeeded');
  const msgs = clientMessages(input.exchanges);
  for (const d of done) {
    const initT = d.ex.request.t;
    const early = msgs.find(
      (m) => m.t >= initT && m.t < d.t && m.x !== d.x && isRequest(m.msg) && m.msg.method !== 'ping',
    );
    if (early)
      return fail(
        `${String(early.msg.method)} (x${early.x}) sent before the InitializeResult of x${d.x} was returned`,
        [early.x, d.x],
      );
  }
  return pass(
    'no request other than ping before the InitializeResult',
    done.map((d) => d.x),
  );
});

/** Server capability a client request method needs (2025-11-25 server features and utilities). */
const NEEDS: readonly [prefix: string, capability: string][] = [
  ['tools/', 'tools'],
  ['prompts/', 'prompts'],
  ['resources/', 'resources'],
  ['logging/', 'logging'],
  ['completion/', 'completions'],
  ['tasks/', 'tasks'],
];

/** 251125-lifecycle-217 (capabilities half): after initialization, the client calls no method whose server capability was not declared. */
export const onlyNegotiatedCapabilities = judge('lifecycle-only-negotiated-capabilities', ({ exchanges }) => {
  if (initsDone(exchanges).length === 0) return notApplicable('no initialize succeeded');
  const later = afterInit(exchanges);
  let n = 0;
  for (const { init, ex } of later) {
    for (const m of requestMessages(ex)) {
      if (!isRequest(m)) continue;
      n++;
      const need = NEEDS.find(([prefix]) => m.method.startsWith(prefix))?.[1];
      if (need && !(need in init.capabilities)) {
        return fail(
          `${m.method} (x${ex.x}) needs the server capability "${need}", which the InitializeResult (x${init.x}) did not declare`,
          [init.x, ex.x],
        );
      }
    }
  }
  if (n === 0) return notApplicable('no request after initialization');
  return pass(
    `${n} requests after initialization use only declared server capabilities`,
    later.map(({ ex }) => ex.x),
  );
});
