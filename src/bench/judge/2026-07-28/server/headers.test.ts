import { describe, expect, it } from 'vitest';
import { judgeOn, override, paramHeaders, result, rpcError, textResult } from './test-logs.ts';
import * as H from './headers.ts';
import { STEP } from '../../../plans/2026-07-28/server-steps.ts';

const answer = (step: string, status: number, json: unknown) => override(paramHeaders(), { [step]: { status, json } });
const mismatch = (id: number) => rpcError(id, -32020);

describe('2026-07-28 parameter-header judges', () => {
  it('returns PASS for every header judge on a conformant log', () => {
    const all = [
      H.routeQueryAnswers,
      H.base64Decoded,
      H.lowercaseHeaderNames,
      H.paramHeaderOmittedRejected,
      H.paramHeaderMismatch400,
      H.nullParamHeaderNotExpected,
      H.absentParamHeaderNotExpected,
      H.integerComparedNumerically,
      H.nameMismatchRejected,
    ];
    expect(all.map((j) => judgeOn(j, paramHeaders())).filter((r) => r.verdict !== 'pass')).toEqual([]);
  });
  it('returns FAIL when tools/list drops the x-mcp-header annotations', () => {
    const r = judgeOn(
      H.routeQueryAnswers,
      answer(
        STEP.toolsList,
        200,
        result(1, {
          tools: [{ name: 'route_query', inputSchema: { type: 'object', properties: { region: {}, priority: {} } } }],
        }),
      ),
    );
    expect(r.message).toBe(
      'Expected route_query with x-mcp-header "Region" on region and "Priority" on priority, got region nothing, priority nothing',
    );
  });
  it('returns FAIL when the plain call answers the wrong text', () => {
    expect(
      judgeOn(H.routeQueryAnswers, answer(STEP.callPlain, 200, textResult(2, 'US-WEST1|3|SELECT 1'))).verdict,
    ).toBe('fail');
  });
  it('returns FAIL when a Base64-encoded Mcp-Param or Mcp-Name is refused', () => {
    expect(judgeOn(H.base64Decoded, answer(STEP.callBase64Param, 400, mismatch(3)))).toMatchObject({
      verdict: 'fail',
      evidence: [2],
    });
    expect(judgeOn(H.base64Decoded, answer(STEP.callBase64Name, 400, mismatch(4)))).toMatchObject({
      verdict: 'fail',
      evidence: [3],
    });
  });
  it('returns FAIL when lower-case header names are refused', () => {
    expect(judgeOn(H.lowercaseHeaderNames, answer(STEP.callLowercase, 400, mismatch(5))).message).toContain(
      'JSON-RPC error -32020',
    );
  });
  it('returns FAIL when a call missing its Mcp-Param header is served', () => {
    const r = judgeOn(
      H.paramHeaderOmittedRejected,
      answer(STEP.callParamMissing, 200, textResult(6, 'eu-west1|5|SELECT 5')),
    );
    expect(r.message).toMatch(/^Expected a call with region in the body but no Mcp-Param-Region to be rejected, got /);
  });
  it('returns FAIL when a mismatching Mcp-Param header gets -32602 instead of -32020', () => {
    expect(judgeOn(H.paramHeaderMismatch400, answer(STEP.callParamMismatch, 400, rpcError(7, -32602))).verdict).toBe(
      'fail',
    );
  });
  it('returns FAIL with a HeaderMismatch message when a null or absent argument is refused for its header', () => {
    expect(judgeOn(H.nullParamHeaderNotExpected, answer(STEP.callParamNull, 400, mismatch(8))).message).toMatch(
      /^Expected a call with region null not to be refused for its missing Mcp-Param-Region, got a HeaderMismatch/,
    );
    expect(judgeOn(H.absentParamHeaderNotExpected, answer(STEP.callParamAbsent, 400, mismatch(9))).verdict).toBe(
      'fail',
    );
  });
  it('returns PASS when a null region (not a valid string) is refused as invalid params rather than for its header', () => {
    // region is a plain string: refusing null for that is the server's right; only a HeaderMismatch shows it expected a header.
    expect(judgeOn(H.nullParamHeaderNotExpected, answer(STEP.callParamNull, 400, rpcError(8, -32602))).verdict).toBe(
      'pass',
    );
    expect(
      judgeOn(H.nullParamHeaderNotExpected, answer(STEP.callParamNull, 200, textResult(8, 'global|7|SELECT 7')))
        .verdict,
    ).toBe('pass');
  });
  it('returns FAIL when 42.0 does not match 42', () => {
    expect(judgeOn(H.integerComparedNumerically, answer(STEP.callIntegerFloat, 400, mismatch(10))).verdict).toBe(
      'fail',
    );
  });
  it('returns FAIL when an Mcp-Name naming another tool is served', () => {
    expect(
      judgeOn(H.nameMismatchRejected, answer(STEP.callNameMismatch, 200, textResult(11, 'us-west1|3|SELECT 1')))
        .verdict,
    ).toBe('fail');
  });
  it('returns FAIL when a raw non-ASCII Mcp-Param value is served, PASS when it is refused', () => {
    expect(judgeOn(H.paramInvalidCharsRejected, paramHeaders()).verdict).toBe('pass');
    const served = answer(STEP.callParamInvalidChars, 200, textResult(12, 'café|12|SELECT 12'));
    expect(judgeOn(H.paramInvalidCharsRejected, served).message).toMatch(
      /^Expected a call whose Mcp-Param-Region carries the raw byte 0xE9 \(café\) to be rejected, got /,
    );
  });
});
