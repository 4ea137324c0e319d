import { header, isObject, type Exchange } from '../../exchanges.ts';
import { answerOf, brief, resultOf, responsesIn, sentRequest } from '../../jsonrpc.ts';
import { basicToolChecks } from '../../common/server/checks.ts';
import { fail, notApplicable, pass } from '../../types.ts';
import {
  allOf,
  byStep,
  errorCodeOf,
  errorObjectOf,
  ok2xx,
  rejectsWith,
  resultOfStep,
  whatCame,
} from './step-checks.ts';
import { toolNames } from '../../common/server/find.ts';
import { statusIs } from '../../common/server/transport.ts';
import {
  BOGUS_VERSION,
  CODE,
  FIXTURE,
  LEGACY_ERA_STEPS,
  META,
  PROTOCOL_VERSION,
  STEP,
} from '../../../plans/2026-07-28/server-steps.ts';
import { judge } from '../../define.ts';

/** Task of `stateless-tools`: tools/list names add and echo; add(19, 23) = "42"; echo returns its text (the common checks, as in 2025-11-25). */
export const statelessToolsAnswer = judge('task-stateless-tools-answer', ({ exchanges }) =>
  allOf(
    'tools/list named add and echo; add and echo returned the expected texts',
    basicToolChecks(exchanges, { step: STEP, fixture: FIXTURE }),
  ),
);

/** 260728-basic-191: the very first request (a tools/call, no discover or handshake before it) is served. */
export const firstRequestServed = judge('stateless-first-request-served', ({ exchanges }) => {
  const first = exchanges[0];
  if (first?.step !== STEP.callAdd)
    return fail(
      `Expected the first request to be ${STEP.callAdd}, got ${first?.step ?? 'none'}`,
      first ? [first.x] : [],
    );
  const r = resultOfStep(exchanges, STEP.callAdd, 'a tools/call sent before any other request');
  return r.ok
    ? pass('a tools/call sent as the very first request, on a fresh connection, got a result', [first.x])
    : r.failure;
});

/** 260728-discover-8: server/discover answers a DiscoverResult (supportedVersions with 2026-07-28, capabilities). */
export const discoverImplemented = judge('discover-implemented', ({ exchanges }) => {
  const r = resultOfStep(exchanges, STEP.discover, 'server/discover');
  if (!r.ok) return r.failure;
  const { supportedVersions: v, capabilities: caps } = r.result;
  if (!Array.isArray(v) || !v.includes(PROTOCOL_VERSION) || !isObject(caps)) {
    return fail(
      `Expected a DiscoverResult with supportedVersions including ${PROTOCOL_VERSION} and a capabilities object, got supportedVersions ${brief(v)}, capabilities ${brief(caps)}`,
      [r.ex.x],
    );
  }
  return pass(`server/discover answered supportedVersions ${brief(v)} and capabilities ${brief(caps, 60)}`, [r.ex.x]);
});

/** `_meta["io.modelcontextprotocol/serverInfo"]` of a result when it names a server (name and version strings). */
function hasServerInfo(result: Record<string, unknown>): boolean {
  const info = isObject(result._meta) ? result._meta[META.serverInfo] : undefined;
  return isObject(info) && typeof info.name === 'string' && typeof info.version === 'string';
}

/** 260728-discover-99: the DiscoverResult carries `_meta.io.modelcontextprotocol/serverInfo`. */
export const discoverServerInfo = judge('discover-server-info', ({ exchanges }) => {
  const r = resultOfStep(exchanges, STEP.discover, 'server/discover');
  if (!r.ok) return r.failure;
  return hasServerInfo(r.result)
    ? pass('the DiscoverResult names the server in _meta serverInfo', [r.ex.x])
    : fail(
        `Expected _meta["${META.serverInfo}"] with name and version in the DiscoverResult, got _meta ${brief(r.result._meta)}`,
        [r.ex.x],
      );
});

/** Whether the exchange is one the prober sent as a 2025-11-25 client (a dual-era server may answer it by that revision). */
const legacyEra = (ex: Exchange) => LEGACY_ERA_STEPS.includes(ex.step ?? '');

/** Every result response of the run, with its exchange (the legacy-era steps left out). */
function allResults(exchanges: readonly Exchange[]): { ex: Exchange; result: Record<string, unknown> }[] {
  return exchanges
    .filter((ex) => !legacyEra(ex))
    .flatMap((ex) =>
      responsesIn(ex).flatMap((m) => {
        const result = resultOf(m);
        return result ? [{ ex, result }] : [];
      }),
    );
}

/** 260728-basic-73: every result carries a string `resultType`. */
export const resultTypeEverywhere = judge('result-type-everywhere', ({ exchanges }) => {
  const all = allResults(exchanges);
  if (all.length === 0) return fail('Expected result responses carrying resultType, got no result at all', []);
  const bad = all.find((r) => typeof r.result.resultType !== 'string');
  if (bad)
    return fail(
      `Expected resultType in every result, got a ${sentRequest(bad.ex)?.method ?? 'response'} result without it: ${brief(bad.result, 90)}`,
      [bad.ex.x],
    );
  return pass(
    `${all.length} results all carried resultType`,
    all.map((r) => r.ex.x),
  );
});

/** 260728-basic-396: every result's `_meta` names the server. */
export const resultServerInfo = judge('result-server-info-meta', ({ exchanges }) => {
  const all = allResults(exchanges);
  if (all.length === 0) return fail('Expected results naming the server in _meta, got no result at all', []);
  const bad = all.find((r) => !hasServerInfo(r.result));
  if (bad)
    return fail(
      `Expected _meta["${META.serverInfo}"] in every result, got a ${sentRequest(bad.ex)?.method ?? 'response'} result with _meta ${brief(bad.result._meta, 80)}`,
      [bad.ex.x],
    );
  return pass(
    `${all.length} results all named the server in _meta`,
    all.map((r) => r.ex.x),
  );
});

export const versionMismatch400 = judge(
  'version-header-mismatch-400',
  rejectsWith(
    STEP.versionMismatch,
    'MCP-Protocol-Version 2026-07-28 with _meta protocolVersion 2025-11-25',
    400,
    CODE.headerMismatch,
  ),
);
/**
 * 260728-shttp-279: a server that does not support pre-2025-06-18 clients rejects a request without the header per
 * Server Validation (400 + -32020). Its reading (what the sentence leaves open) is the checkpoint's `reading` in the
 * scenario file.
 */
export const versionMissingRejected = judge('version-header-missing-rejected', (input) => {
  const ex = byStep(input.exchanges, STEP.versionMissing);
  if (ok2xx(ex) && resultOf(answerOf(ex)))
    return notApplicable(
      `a POST without MCP-Protocol-Version was served (status ${ex.response.status} with a result): the server supports clients that omit the header`,
      [ex.x],
    );
  return rejectsWith(STEP.versionMissing, 'a POST without MCP-Protocol-Version', 400, CODE.headerMismatch)(input);
});
export const methodHeaderMissing400 = judge(
  'method-header-missing-400',
  rejectsWith(STEP.methodMissing, 'a POST without Mcp-Method', 400, CODE.headerMismatch),
);
export const unknownMethod404 = judge(
  'unknown-method-404',
  rejectsWith(STEP.unknownMethod, `method ${FIXTURE.unknownMethod}`, 404, CODE.methodNotFound),
);
/** 260728-basic-380: a request whose `_meta` lacks clientCapabilities is rejected with -32602 (any HTTP status: that is …-381). */
export const capabilitiesMissing32602 = judge('meta-capabilities-missing-32602', ({ exchanges }) => {
  const ex = byStep(exchanges, STEP.capabilitiesMissing);
  const ev = ex ? [ex.x] : [];
  const got = errorCodeOf(ex);
  if (ex?.response && got === CODE.invalidParams)
    return pass(
      `_meta without clientCapabilities got JSON-RPC error ${CODE.invalidParams} (status ${ex.response.status})`,
      ev,
    );
  return fail(
    `Expected JSON-RPC error ${CODE.invalidParams} for _meta without clientCapabilities, got ${got === undefined ? whatCame(ex) : `JSON-RPC error ${brief(got)}`}`,
    ev,
  );
});

/** 260728-basic-381: on HTTP, that malformed request is answered with status 400 (whatever error it carries: that is …-380). */
export const capabilitiesMissing400 = judge('meta-capabilities-missing-400', ({ exchanges }) => {
  const ex = byStep(exchanges, STEP.capabilitiesMissing);
  const ev = ex ? [ex.x] : [];
  if (ex?.response?.status === 400) return pass('_meta without clientCapabilities got status 400', ev);
  return fail(
    `Expected status 400 for the malformed request (_meta without clientCapabilities), got ${whatCame(ex)}${ex?.response ? ` (status ${ex.response.status})` : ''}`,
    ev,
  );
});

/** 260728-shttp-263: an unsupported version gets 400 + UnsupportedProtocolVersionError listing supported versions. */
export const versionUnsupported400 = judge('version-unsupported-400', (input) => {
  const base = rejectsWith(
    STEP.versionUnsupported,
    `protocol version ${BOGUS_VERSION}`,
    400,
    CODE.unsupportedVersion,
  )(input);
  if (base.verdict !== 'pass') return base;
  const data = errorObjectOf(byStep(input.exchanges, STEP.versionUnsupported))?.data;
  const supported = isObject(data) ? data.supported : undefined;
  if (!Array.isArray(supported) || !supported.includes(PROTOCOL_VERSION))
    return fail(`Expected error data.supported listing ${PROTOCOL_VERSION}, got data ${brief(data)}`, base.evidence);
  return pass(`protocol version ${BOGUS_VERSION} got 400 with -32022 and supported ${brief(supported)}`, base.evidence);
});

/** 260728-shttp-680: GET and DELETE get 405; a request with Mcp-Session-Id is served and no session id comes back. */
export const legacyTrafficHandled = judge('legacy-get-delete-session-ignored', ({ exchanges }) => {
  for (const step of [STEP.get, STEP.del]) {
    const ex = byStep(exchanges, step);
    if (ex?.response?.status !== 405)
      return fail(`Expected 405 for ${step.toUpperCase()}, got ${whatCame(ex)}`, ex ? [ex.x] : []);
  }
  const ev = exchanges
    .filter((e) => [STEP.get, STEP.del, STEP.sessionIdIgnored].includes(e.step as never))
    .map((e) => e.x);
  const r = resultOfStep(exchanges, STEP.sessionIdIgnored, 'a request carrying Mcp-Session-Id');
  if (!r.ok) return r.failure;
  const minted = exchanges.flatMap((e) => {
    if (legacyEra(e)) return [];
    const id = header(e.response?.headers, 'mcp-session-id');
    return id === undefined ? [] : [{ e, id }];
  })[0];
  if (minted)
    return fail(`Expected no Mcp-Session-Id from a server without sessions, got "${minted.id}" on ${minted.e.step}`, [
      minted.e.x,
    ]);
  return pass(
    `GET and DELETE got 405; a request with Mcp-Session-Id was served (${r.ex.response.status}) and no session id was issued`,
    ev,
  );
});

/** 260728-tools-63: tools/list before and after tools/call (separate connections) lists the same set of tools. */
export const toolsListStable = judge('tools-list-stable-across-connections', ({ exchanges }) => {
  const a = resultOfStep(exchanges, STEP.toolsList, 'tools/list');
  if (!a.ok) return a.failure;
  const b = resultOfStep(exchanges, STEP.toolsListAgain, 'tools/list (again, after tools/call)');
  if (!b.ok) return b.failure;
  const set = (r: Record<string, unknown>) => JSON.stringify(toolNames(r).map(String).sort());
  if (set(a.result) !== set(b.result))
    return fail(`Expected the same tools before and after tools/call, got ${set(a.result)} then ${set(b.result)}`, [
      a.ex.x,
      b.ex.x,
    ]);
  return pass(`tools/list gave the same set ${set(a.result)} on two connections, before and after tools/call`, [
    a.ex.x,
    b.ex.x,
  ]);
});

/** 260728-shttp-60: a POST with a foreign Origin is refused with 403 (the same check as 2025-11-25's). */
export const foreignOrigin403 = judge(
  'origin-foreign-returns-403',
  statusIs(STEP.foreignOrigin, 403, 'a POST with Origin: http://evil.example'),
);
