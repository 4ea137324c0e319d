import { describe, expect, it } from 'vitest';
import { STEP } from '../../../plans/2026-07-28/server-steps.ts';
import { judgeOn, override, paramHeaders, result } from './test-logs.ts';
import * as A from './annotations.ts';

/** A param-headers log whose tools/list lists route_query with these extra parameters. */
function listing(extra: Record<string, unknown>, base: Record<string, unknown> = {}) {
  const properties = {
    region: { type: 'string', 'x-mcp-header': 'Region' },
    priority: { type: 'integer', 'x-mcp-header': 'Priority' },
    ...base,
    ...extra,
  };
  const tools = [{ name: 'route_query', inputSchema: { type: 'object', properties } }];
  return override(paramHeaders(), { [STEP.toolsList]: { status: 200, json: result(1, { tools }) } });
}
const verdicts = (log: ReturnType<typeof listing>) =>
  Object.fromEntries(
    Object.entries(A)
      .filter(([k]) => !k.startsWith('tool'))
      .map(([k, j]) => [k, judgeOn(j, log).verdict]),
  );

describe('2026-07-28 x-mcp-header annotation judges', () => {
  it('returns PASS for every annotation judge on the schema the prompt fixes', () => {
    const all = Object.values(A).map((j) => judgeOn(j, paramHeaders()));
    expect(all.filter((r) => r.verdict !== 'pass')).toEqual([]);
  });

  it('returns FAIL for the empty name (and the token rule) only', () => {
    expect(verdicts(listing({ label: { type: 'string', 'x-mcp-header': '' } }))).toEqual({
      headerNameNotEmpty: 'fail',
      headerNameToken: 'fail',
      headerNameNoControl: 'pass',
      headerNameUnique: 'pass',
      onPrimitiveOnly: 'pass',
      staticallyReachable: 'pass',
      chainNoForbiddenKeyword: 'pass',
    });
  });

  it('returns FAIL for a control character and for a space on the rules they break', () => {
    const ctl = listing({ zone: { type: 'string', 'x-mcp-header': 'Re\u0001gion' } });
    expect(judgeOn(A.headerNameNoControl, ctl).message).toBe(
      'Expected every x-mcp-header to be free of control characters, got "Re\\u0001gion" at route_query $.zone, which contains a control character',
    );
    expect(judgeOn(A.toolHeaderNameNoControl, ctl).verdict).toBe('fail');
    const space = listing({ zone: { type: 'string', 'x-mcp-header': 'Re gion' } });
    expect([judgeOn(A.headerNameToken, space).verdict, judgeOn(A.headerNameNoControl, space).verdict]).toEqual([
      'fail',
      'pass',
    ]);
  });

  it('returns FAIL when two names differ only in case, naming the first', () => {
    const r = judgeOn(A.headerNameUnique, listing({ rank: { type: 'integer', 'x-mcp-header': 'PRIORITY' } }));
    expect(r.message).toContain('it repeats "Priority" of $.priority');
  });

  it('returns FAIL for a non-primitive or partly non-primitive type', () => {
    expect(judgeOn(A.onPrimitiveOnly, listing({ tags: { type: 'array', 'x-mcp-header': 'Tags' } })).verdict).toBe(
      'fail',
    );
    const nullable = listing({ note: { type: ['string', 'null'], 'x-mcp-header': 'Note' } });
    expect(judgeOn(A.toolOnPrimitiveOnly, nullable).verdict).toBe('fail');
  });

  it('tells a chain through items (both rules) from one through additionalProperties (reachability only)', () => {
    const items = listing({
      filters: {
        type: 'array',
        items: { type: 'object', properties: { key: { type: 'string', 'x-mcp-header': 'K' } } },
      },
    });
    expect([judgeOn(A.staticallyReachable, items).verdict, judgeOn(A.chainNoForbiddenKeyword, items).verdict]).toEqual([
      'fail',
      'fail',
    ]);
    const extra = listing({ map: { type: 'object', additionalProperties: { type: 'string', 'x-mcp-header': 'M' } } });
    expect([judgeOn(A.staticallyReachable, extra).verdict, judgeOn(A.chainNoForbiddenKeyword, extra).verdict]).toEqual([
      'fail',
      'pass',
    ]);
  });

  it('returns NOT-APPLICABLE when no annotation is listed, FAIL when tools/list failed', () => {
    const none = override(paramHeaders(), {
      [STEP.toolsList]: { status: 200, json: result(1, { tools: [{ name: 'x', inputSchema: { type: 'object' } }] }) },
    });
    expect(judgeOn(A.headerNameToken, none).verdict).toBe('not-applicable');
    expect(
      judgeOn(A.headerNameToken, override(paramHeaders(), { [STEP.toolsList]: { status: 500, json: undefined } }))
        .verdict,
    ).toBe('fail');
  });
});
