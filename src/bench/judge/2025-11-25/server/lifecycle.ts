import { isObject } from '../../exchanges.ts';
import { answerOf, brief, resultOf, sentRequest } from '../../jsonrpc.ts';
import { fail, notApplicable, pass } from '../../types.ts';
import { resultOfStep } from '../../common/server/find.ts';
import { BOGUS_VERSION, PROTOCOL_VERSION, STEP } from '../../../plans/2025-11-25/server-steps.ts';
import { judge } from '../../define.ts';

/**
 * 251125-lifecycle-170: initialize asking for 2025-11-25 gets 2025-11-25 back, if the server supports it. Its reading
 * (what the sentence leaves open) is the checkpoint's `reading` in the scenario file.
 */
export const initializeEchoesVersion = judge('lifecycle-initialize-echoes-version', ({ exchanges }) => {
  const r = resultOfStep(exchanges, STEP.initialize, `initialize (protocolVersion ${PROTOCOL_VERSION})`);
  if (!r.ok) return r.failure;
  const got = r.result.protocolVersion;
  if (got === PROTOCOL_VERSION) return pass(`initialize answered protocolVersion ${PROTOCOL_VERSION}`, [r.ex.x]);
  if (typeof got !== 'string' || got === '')
    return fail(`Expected protocolVersion ${PROTOCOL_VERSION} in the InitializeResult, got ${brief(got)}`, [r.ex.x]);
  const shown = exchanges.find(
    (e) => sentRequest(e)?.method === 'initialize' && resultOf(answerOf(e))?.protocolVersion === PROTOCOL_VERSION,
  );
  if (shown)
    return fail(
      `Expected protocolVersion ${PROTOCOL_VERSION} in the InitializeResult, got ${brief(got)}, although the server answered another initialize with ${PROTOCOL_VERSION} (so it supports it)`,
      [r.ex.x, shown.x],
    );
  return notApplicable(
    `initialize answered protocolVersion ${brief(got)} and no initialize was answered with ${PROTOCOL_VERSION}: the server does not support it, so the sentence's condition does not hold`,
    [r.ex.x],
  );
});

/** 251125-lifecycle-171: initialize asking for an unknown version gets a result naming another (dated) version. */
export const unknownVersionCountered = judge('lifecycle-unknown-version-countered', ({ exchanges }) => {
  const r = resultOfStep(exchanges, STEP.initializeUnknownVersion, `initialize (protocolVersion ${BOGUS_VERSION})`);
  if (!r.ok) return r.failure;
  const got = r.result.protocolVersion;
  if (typeof got !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(got) || got === BOGUS_VERSION) {
    return fail(`Expected a supported protocolVersion other than ${BOGUS_VERSION}, got ${brief(got)}`, [r.ex.x]);
  }
  return pass(`initialize with ${BOGUS_VERSION} was answered with protocolVersion ${got}`, [r.ex.x]);
});

/** 251125-tools-38: the InitializeResult declares `capabilities.tools` (the task is all about tools). */
export const toolsCapabilityDeclared = judge('tools-capability-declared', ({ exchanges }) => {
  const r = resultOfStep(exchanges, STEP.initialize, 'initialize');
  if (!r.ok) return r.failure;
  const caps = r.result.capabilities;
  return isObject(caps) && isObject(caps.tools)
    ? pass(`InitializeResult declares capabilities.tools ${brief(caps.tools)}`, [r.ex.x])
    : fail(`Expected capabilities.tools to be an object in the InitializeResult, got capabilities ${brief(caps)}`, [
        r.ex.x,
      ]);
});

/** What an InitializeResult lacks of its own capabilities and information, or undefined when it has both. */
function missingInfo(result: Record<string, unknown>): string | undefined {
  if (!isObject(result.capabilities)) return `capabilities ${brief(result.capabilities)}`;
  const info = result.serverInfo;
  if (!isObject(info) || typeof info.name !== 'string' || typeof info.version !== 'string')
    return `serverInfo ${brief(info)}`;
  return undefined;
}

/**
 * 251125-lifecycle-98: the InitializeResult carries the server's capabilities (an object) and its information
 * (`serverInfo` with string `name` and `version`), on the main initialize and on every other one answered with a result.
 */
export const initializeResultHasInfo = judge('lifecycle-initialize-result-capabilities-and-info', ({ exchanges }) => {
  const r = resultOfStep(exchanges, STEP.initialize, 'initialize');
  if (!r.ok) return r.failure;
  const answered = [
    { ex: r.ex, result: r.result },
    ...exchanges
      .filter((e) => e !== r.ex && sentRequest(e)?.method === 'initialize')
      .flatMap((e) => {
        const result = resultOf(answerOf(e));
        return result ? [{ ex: e, result }] : [];
      }),
  ];
  for (const a of answered) {
    const missing = missingInfo(a.result);
    if (missing)
      return fail(
        `Expected the InitializeResult to carry a capabilities object and serverInfo with string name and version, got ${missing}`,
        [a.ex.x],
      );
  }
  const info = r.result.serverInfo as { name: string; version: string };
  return pass(
    `${answered.length} InitializeResults carried capabilities and serverInfo (${brief(info.name, 40)} ${brief(info.version, 40)})`,
    answered.map((a) => a.ex.x),
  );
});

const DATED = /^\d{4}-\d{2}-\d{2}$/;

/**
 * 251125-lifecycle-172 (SHOULD): the version countered to an unsupported request is the server's latest: no version
 * the server agreed to in another initialize of the run is newer (dated versions compare as text).
 */
export const counteredVersionLatest = judge('lifecycle-countered-version-latest', ({ exchanges }) => {
  const r = resultOfStep(exchanges, STEP.initializeUnknownVersion, `initialize (protocolVersion ${BOGUS_VERSION})`);
  if (!r.ok) return r.failure;
  const got = r.result.protocolVersion;
  if (typeof got !== 'string' || !DATED.test(got) || got === BOGUS_VERSION)
    return fail(`Expected a supported protocolVersion other than ${BOGUS_VERSION}, got ${brief(got)}`, [r.ex.x]);
  const agreed = exchanges.flatMap((e) => {
    const asked = sentRequest(e);
    const v = resultOf(answerOf(e))?.protocolVersion;
    const params = asked?.method === 'initialize' && isObject(asked.params) ? asked.params : undefined;
    return params && typeof v === 'string' && v === params.protocolVersion ? [{ e, v }] : [];
  });
  const newer = agreed.find((a) => a.v > got);
  if (newer)
    return fail(
      `Expected the countered version ${got} to be the server's latest, but it agreed to ${newer.v} in another initialize`,
      [r.ex.x, newer.e.x],
    );
  return pass(`${BOGUS_VERSION} was countered with ${got}; no newer version was agreed to in the run`, [
    r.ex.x,
    ...agreed.map((a) => a.e.x),
  ]);
});

/** 251125-tools-201: every tool tools/list lists has an inputSchema that is a JSON object (not null, not an array). */
export const toolsInputSchemaObject = judge('tools-input-schema-object', ({ exchanges }) => {
  const r = resultOfStep(exchanges, STEP.toolsList, 'tools/list');
  if (!r.ok) return r.failure;
  const tools = r.result.tools;
  if (!Array.isArray(tools) || tools.length === 0)
    return fail(`Expected tools/list to list tools, got tools ${brief(tools)}`, [r.ex.x]);
  const bad = tools.find((t) => !isObject(t) || !isObject(t.inputSchema));
  if (bad !== undefined)
    return fail(
      `Expected every listed tool's inputSchema to be a JSON object, got ${isObject(bad) ? `inputSchema ${brief(bad.inputSchema)} for ${brief(bad.name)}` : `tool ${brief(bad)}`}`,
      [r.ex.x],
    );
  return pass(`${tools.length} listed tools had an object inputSchema`, [r.ex.x]);
});
