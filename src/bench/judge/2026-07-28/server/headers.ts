import { isObject } from '../../exchanges.ts';
import { brief } from '../../jsonrpc.ts';
import { fail, pass, type Judge } from '../../types.ts';
import {
  allOf,
  byStep,
  errorCodeOf,
  rejects,
  rejectsWith,
  resultOfStep,
  servesText,
  toolAnswers,
  whatCame,
} from './step-checks.ts';
import { CODE, FIXTURE, STEP } from '../../../plans/2026-07-28/server-steps.ts';
import { judge } from '../../define.ts';

const R = FIXTURE.route;

/** Task of `param-headers`: tools/list lists route_query with its two x-mcp-header annotations; a plain call answers. */
export const routeQueryAnswers = judge('task-route-query-answers', ({ exchanges }) =>
  allOf('tools/list showed route_query with x-mcp-header Region and Priority; the plain call answered', [
    () => {
      const r = resultOfStep(exchanges, STEP.toolsList, 'tools/list');
      if (!r.ok) return r.failure;
      const tools = Array.isArray(r.result.tools) ? r.result.tools : [];
      const tool = tools.find((t) => isObject(t) && t.name === R.tool) as Record<string, unknown> | undefined;
      const props =
        isObject(tool?.inputSchema) && isObject(tool.inputSchema.properties) ? tool.inputSchema.properties : {};
      const ann = (k: string) => (isObject(props[k]) ? props[k]['x-mcp-header'] : undefined);
      if (ann('region') !== 'Region' || ann('priority') !== 'Priority') {
        return fail(
          `Expected ${R.tool} with x-mcp-header "Region" on region and "Priority" on priority, got ${tool ? `region ${brief(ann('region'))}, priority ${brief(ann('priority'))}` : 'no such tool'}`,
          [r.ex.x],
        );
      }
      return r.ex;
    },
    () => toolAnswers(exchanges, STEP.callPlain, `tools/call ${R.tool} ${JSON.stringify(R.plain.args)}`, R.plain.text),
  ]),
);

/** 260728-shttp-501: Base64-sentinel Mcp-Param-Region and Mcp-Name values are decoded before comparing. */
export const base64Decoded = judge('param-base64-sentinel-decoded', ({ exchanges }) =>
  allOf('calls with =?base64?…?= in Mcp-Param-Region and in Mcp-Name were served', [
    () =>
      toolAnswers(
        exchanges,
        STEP.callBase64Param,
        'a call whose Mcp-Param-Region is =?base64?5p2x5Lqs?=',
        R.unicode.text,
      ),
    () => toolAnswers(exchanges, STEP.callBase64Name, 'a call whose Mcp-Name is Base64-encoded', R.encodedName.text),
  ]),
);

/** 260728-shttp-574: lower-case header names (mcp-protocol-version, mcp-method, mcp-name, mcp-param-*) are accepted. */
export const lowercaseHeaderNames = judge(
  'header-names-case-insensitive',
  servesText(STEP.callLowercase, 'a call with all-lower-case MCP header names', R.lower.text),
);

/** 260728-shttp-566: the argument is in the body, its Mcp-Param header is missing: rejected. */
export const paramHeaderOmittedRejected = judge(
  'param-header-omitted-rejected',
  rejects(STEP.callParamMissing, 'a call with region in the body but no Mcp-Param-Region'),
);

/** 260728-shttp-557: Mcp-Param-Region differs from the body's region: 400 + -32020. */
export const paramHeaderMismatch400 = judge(
  'param-header-mismatch-400',
  rejectsWith(
    STEP.callParamMismatch,
    `Mcp-Param-Region ${R.mismatch.header} with region ${R.mismatch.args.region} in the body`,
    400,
    CODE.headerMismatch,
  ),
);

/** A step that must not be refused for lacking a header: served with the expected text. */
function notRefusedForMissingHeader(step: string, what: string, want: string): Judge {
  return ({ exchanges }) => {
    const ex = byStep(exchanges, step);
    const r = toolAnswers(exchanges, step, what, want);
    if (!('verdict' in r)) return pass(`${what} was served without Mcp-Param-Region`, [r.x]);
    const mismatch = errorCodeOf(ex) === CODE.headerMismatch;
    return fail(
      mismatch
        ? `Expected ${what} to be served without Mcp-Param-Region, got a HeaderMismatch: ${whatCame(ex)}`
        : r.message,
      r.evidence,
    );
  };
}

/**
 * 260728-shttp-564b: with `region` null and no Mcp-Param-Region header, the server must not expect the header. Its reading (what the sentence leaves open) is the checkpoint's `reading`
 * in the scenario file.
 */
export const nullParamHeaderNotExpected = judge('param-null-header-not-expected', ({ exchanges }) => {
  const ex = byStep(exchanges, STEP.callParamNull);
  const ev = ex ? [ex.x] : [];
  if (!ex?.response)
    return fail(`Not testable: expected an answer to a call with region null, got ${whatCame(ex)}`, ev);
  if (errorCodeOf(ex) === CODE.headerMismatch)
    return fail(
      `Expected a call with region null not to be refused for its missing Mcp-Param-Region, got a HeaderMismatch: ${whatCame(ex)}`,
      ev,
    );
  return pass(`a call with region null was not refused for lacking Mcp-Param-Region (${whatCame(ex)})`, ev);
});
/** 260728-shttp-565b: region absent, no header: not rejected. */
export const absentParamHeaderNotExpected = judge(
  'param-absent-header-not-expected',
  notRefusedForMissingHeader(STEP.callParamAbsent, 'a call without region', R.absentRegion.text),
);

/** 260728-shttp-591: priority 42 with Mcp-Param-Priority 42.0 is accepted (numeric comparison). */
export const integerComparedNumerically = judge(
  'param-integer-compared-numerically',
  servesText(STEP.callIntegerFloat, 'priority 42 with Mcp-Param-Priority: 42.0', R.integer.text),
);

/** 260728-shttp-582: Mcp-Name naming another tool than the body: rejected. */
export const nameMismatchRejected = judge(
  'name-header-mismatch-rejected',
  rejects(STEP.callNameMismatch, `a call with Mcp-Name ${R.otherName} for ${R.tool} in the body`),
);

/**
 * 260728-shttp-552: a recognized Mcp-Param header whose value holds characters outside visible ASCII (é sent raw as
 * the byte 0xE9, not Base64-encoded) is rejected.
 */
export const paramInvalidCharsRejected = judge(
  'param-header-invalid-chars-rejected',
  rejects(STEP.callParamInvalidChars, 'a call whose Mcp-Param-Region carries the raw byte 0xE9 (café)'),
);
