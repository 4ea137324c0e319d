import { describe, expect, it } from 'vitest';
import { formatProblem } from '../../bench/problems.ts';
import {
  ConformanceExpectationsSchema,
  type ConformanceExpectations,
  type ConformanceScenarioExpectation,
} from '../../bench/schema/conformance.ts';
import { compareConformance, type CompareInput, type ScenarioOutcome, type SuiteCheck } from './compare.ts';

const FILE = 'conformance/expectations.json';
const SUITE = '@modelcontextprotocol/conformance@0.2.0-alpha.12';
const NA = 'not-applicable: calls the fixture tool test_simple_text (issue #516)';
const ok = (id: string, name = id): SuiteCheck => ({ id, name, status: 'SUCCESS' });
const bad = (id: string, errorMessage = 'boom', name = id): SuiteCheck => ({
  id,
  name,
  status: 'FAILURE',
  errorMessage,
});

/** Expectations with the given 2026-07-28 server entries (everything else empty). */
function expectations(server: Record<string, ConformanceScenarioExpectation>, suite = SUITE): ConformanceExpectations {
  return ConformanceExpectationsSchema.parse({
    suite,
    '2025-11-25': { server: {}, client: {} },
    '2026-07-28': { server, client: {} },
  });
}

/** Compare a run of the 2026-07-28 server scenarios `outcomes` (the suite's list defaults to their names). */
function run(
  server: Record<string, ConformanceScenarioExpectation>,
  outcomes: Record<string, SuiteCheck[] | string>,
  o: Partial<CompareInput> & { suiteScenarios?: string[]; complete?: boolean } = {},
) {
  const outs: ScenarioOutcome[] = Object.entries(outcomes).map(([scenario, c]) => ({
    revision: '2026-07-28',
    role: 'server',
    scenario,
    ...(typeof c === 'string' ? { error: c } : { checks: c }),
  }));
  return compareConformance({
    file: FILE,
    expectations: o.expectations ?? expectations(server),
    installedSuite: o.installedSuite ?? SUITE,
    universe: [
      {
        revision: '2026-07-28',
        role: 'server',
        scenarios: o.suiteScenarios ?? Object.keys(outcomes),
        complete: o.complete ?? true,
      },
    ],
    oracleScenarios: {
      '2025-11-25': { server: [], client: [] },
      '2026-07-28': { server: ['stateless-tools', 'tasks'], client: [] },
    },
    outcomes: outs,
  });
}
const lines = (r: ReturnType<typeof run>) => r.problems.map(formatProblem);

describe('compareConformance', () => {
  it('passes a scenario whose checks all pass, and fails one that does, path-first with the first failure', () => {
    expect(
      run({ caching: { against: 'stateless-tools', expect: 'pass' } }, { caching: [ok('a'), ok('b')] }).problems,
    ).toEqual([]);
    const r = run(
      { caching: { against: 'stateless-tools', expect: 'pass' } },
      { caching: [ok('a'), bad('sep-2549-ttl', 'tools/list response missing ttlMs'), bad('c')] },
    );
    expect(lines(r)[0]).toBe(
      'conformance/expectations.json: 2026-07-28.server.caching: expected pass, got 1/3 checks (first failure: sep-2549-ttl FAILURE: tools/list response missing ttlMs)\n  hint: fix the oracle (a test that fails on the old code first), or, if a check needs what no task asks for, list it under "checks" as not-applicable with the reason',
    );
    expect(r.rows[0]).toMatchObject({ scenario: 'caching', passed: 1, total: 3, ok: false });
  });

  it('counts WARNING and SKIPPED as not passing an expected pass; INFO lines are ignored', () => {
    expect(
      run(
        { s: { against: 'stateless-tools', expect: 'pass' } },
        { s: [ok('a'), { id: 'log', name: 'L', status: 'INFO' }] },
      ).problems,
    ).toEqual([]);
    expect(
      lines(
        run(
          { s: { against: 'stateless-tools', expect: 'pass' } },
          { s: [ok('a'), { id: 'w', name: 'W', status: 'WARNING', errorMessage: 'SHOULD' }] },
        ),
      )[0],
    ).toContain('got 1/2 checks (first failure: w WARNING: SHOULD)');
    expect(
      lines(
        run({ s: { against: 'stateless-tools', expect: 'pass' } }, { s: [{ id: 'k', name: 'K', status: 'SKIPPED' }] }),
      )[0],
    ).toContain('got 0/1 checks (first failure: k SKIPPED)');
  });

  it('refuses an expected pass of a scenario that reported only INFO lines (it exercised nothing)', () => {
    expect(
      lines(
        run({ s: { against: 'stateless-tools', expect: 'pass' } }, { s: [{ id: 'log', name: 'L', status: 'INFO' }] }),
      )[0],
    ).toContain('expected pass, but the suite reported no verdict check');
    expect(
      run({ s: { against: 'stateless-tools', expect: NA } }, { s: [{ id: 'log', name: 'L', status: 'INFO' }] })
        .problems,
    ).toEqual([]);
  });

  it('collapses a repeated check id to its worst occurrence, so a later success never hides a failure', () => {
    const r = run(
      { s: { against: 'stateless-tools', expect: 'pass' } },
      { s: [bad('h', 'first'), ok('h'), { id: 'h', name: 'h', status: 'SKIPPED' }] },
    );
    expect(lines(r)[0]).toContain('got 0/1 checks (first failure: h FAILURE: first)');
    expect(
      run(
        { s: { against: 'stateless-tools', expect: 'pass' } },
        { s: [ok('h'), { id: 'h', name: 'h', status: 'SKIPPED' }] },
      ).problems,
    ).toEqual([]);
  });

  it('accepts a not-applicable scenario that fails, and calls it stale once one of its checks passes', () => {
    expect(
      run({ s: { against: 'stateless-tools', expect: NA } }, { s: [bad('tools-call-simple-text')] }).problems,
    ).toEqual([]);
    const r = run(
      { s: { against: 'stateless-tools', expect: NA } },
      { s: [bad('tools-call-simple-text'), ok('wire-schema-valid')] },
    );
    expect(lines(r)).toEqual([
      'conformance/expectations.json: 2026-07-28.server.s: stale: expect is not-applicable, but 1/2 of its checks pass (wire-schema-valid)\n  hint: list the passing checks as "pass" under "checks"',
    ]);
    expect(lines(run({ s: { against: 'stateless-tools', expect: NA } }, { s: [ok('a')] }))[0]).toContain(
      'hint: the whole scenario passes now: set "expect": "pass" (and drop "checks")',
    );
  });

  it('treats a known disagreement like not-applicable: fine while failing, stale when passing', () => {
    const kd = 'known-disagreement: spec says "MUST encode"; the suite compares the raw header';
    expect(
      run({ s: { against: 'stateless-tools', expect: 'pass', checks: { h: kd } } }, { s: [ok('a'), bad('h')] })
        .problems,
    ).toEqual([]);
    expect(
      lines(run({ s: { against: 'stateless-tools', expect: 'pass', checks: { h: kd } } }, { s: [ok('a'), ok('h')] })),
    ).toEqual([
      'conformance/expectations.json: 2026-07-28.server.s.checks.h: stale: known-disagreement, but the check passes\n  hint: remove the entry',
    ]);
  });

  it('holds per-check expectations: a listed pass must pass, a listed not-applicable must not', () => {
    const entry = { against: 'stateless-tools', expect: NA, checks: { 'wire-schema-valid': 'pass' } };
    expect(run({ s: entry }, { s: [bad('x'), ok('wire-schema-valid')] }).problems).toEqual([]);
    expect(lines(run({ s: entry }, { s: [bad('x'), bad('wire-schema-valid', 'ttlMs missing')] }))).toEqual([
      'conformance/expectations.json: 2026-07-28.server.s.checks.wire-schema-valid: expected pass, got wire-schema-valid FAILURE: ttlMs missing\n  hint: fix the oracle (a test that fails on the old code first), or, if the check needs what no task asks for, mark it not-applicable with the reason',
    ]);
    const na = { against: 'stateless-tools', expect: 'pass', checks: { 'prompts-list': NA } };
    expect(run({ s: na }, { s: [ok('a'), bad('prompts-list')] }).problems).toEqual([]);
    expect(lines(run({ s: na }, { s: [ok('a'), ok('prompts-list')] }))[0]).toBe(
      'conformance/expectations.json: 2026-07-28.server.s.checks.prompts-list: stale: not-applicable, but the check passes\n  hint: remove the entry',
    );
  });

  it('tells apart differently named checks under one id with an id[name] key', () => {
    const entry = {
      against: 'stateless-tools',
      expect: 'pass',
      checks: { 'std[Name_tools_call]': 'known-disagreement: the suite does not decode the Base64 sentinel' },
    };
    const checks = (nameStatus: SuiteCheck['status']) => [
      ok('std', 'Method_tools_call'),
      { id: 'std', name: 'Name_tools_call', status: nameStatus },
    ];
    expect(run({ s: entry }, { s: checks('FAILURE') }).problems).toEqual([]);
    expect(
      lines(
        run(
          { s: entry },
          {
            s: [
              bad('std', 'method wrong', 'Method_tools_call'),
              { id: 'std', name: 'Name_tools_call', status: 'FAILURE' },
            ],
          },
        ),
      )[0],
    ).toContain('got 0/1 checks (first failure: std FAILURE: method wrong)');
  });

  it('calls a per-check entry stale when the suite no longer reports that check', () => {
    const entry = { against: 'stateless-tools', expect: 'pass', checks: { gone: NA } };
    expect(lines(run({ s: entry }, { s: [ok('a')] }))).toEqual([
      'conformance/expectations.json: 2026-07-28.server.s.checks.gone: stale: the suite reported no such check in this scenario\n  hint: remove the entry (or fix its id / id[name])',
    ]);
    expect(run({ s: entry }, { s: [ok('a'), bad('gone')] }).problems).toEqual([]);
  });

  it('fails a suite scenario with no entry, and an entry for a scenario the suite no longer has', () => {
    const r = run({ old: { against: 'stateless-tools', expect: 'pass' } }, { fresh: [ok('a')] });
    expect(lines(r)).toEqual([
      'conformance/expectations.json: 2026-07-28.server.old: stale: the suite has no server scenario "old" in its 2026-07-28 requirement set\n  hint: remove the entry (see `conformance list --requirements 2026-07-28`)',
      'conformance/expectations.json: 2026-07-28.server.fresh: the suite has this scenario, but there is no expectation for it\n  hint: add { "against": "<oracle scenario>", "expect": "pass" } (or "not-applicable: <the fixture or feature no task asks for>") after reading the scenario source',
    ]);
    expect(run({ fresh: { against: 'stateless-tools', expect: 'pass' } }, { fresh: [ok('a')] }).problems).toEqual([]);
  });

  it('skips the stale-entry check when only part of the suite ran (--scenario)', () => {
    expect(
      run(
        { old: { against: 'stateless-tools', expect: 'pass' }, s: { against: 'stateless-tools', expect: 'pass' } },
        { s: [ok('a')] },
        { complete: false, suiteScenarios: ['s'] },
      ).problems,
    ).toEqual([]);
  });

  it('fails an entry whose against names no oracle scenario', () => {
    expect(lines(run({ s: { against: 'no-such-oracle', expect: 'pass' } }, { s: [ok('a')] }))[0]).toBe(
      'conformance/expectations.json: 2026-07-28.server.s.against: unknown oracle scenario "no-such-oracle"\n  hint: one of stateless-tools, tasks (scenarios/2026-07-28/server/)',
    );
    expect(run({ s: { against: 'tasks', expect: 'pass' } }, { s: [ok('a')] }).problems).toEqual([]);
  });

  it('fails a scenario whose suite run produced no checks, whatever its expectation', () => {
    expect(
      lines(run({ s: { against: 'stateless-tools', expect: NA } }, { s: 'the suite wrote no result' }))[0],
    ).toContain(
      '2026-07-28.server.s: expected not-applicable, but the suite run gave no checks: the suite wrote no result',
    );
  });

  it('fails when the installed suite is not the one the expectations were written for', () => {
    const r = run(
      { s: { against: 'stateless-tools', expect: 'pass' } },
      { s: [ok('a')] },
      { installedSuite: '@modelcontextprotocol/conformance@0.2.0-alpha.13' },
    );
    expect(lines(r)[0]).toContain(
      'conformance/expectations.json: suite: written for @modelcontextprotocol/conformance@0.2.0-alpha.12, but @modelcontextprotocol/conformance@0.2.0-alpha.13 is installed',
    );
    expect(run({ s: { against: 'stateless-tools', expect: 'pass' } }, { s: [ok('a')] }).problems).toEqual([]);
  });
});

describe('ConformanceExpectationsSchema', () => {
  const parse = (server: unknown) =>
    ConformanceExpectationsSchema.safeParse({
      suite: SUITE,
      '2025-11-25': { server: {}, client: {} },
      '2026-07-28': { server, client: {} },
    });
  it('accepts pass, not-applicable and known-disagreement with a reason', () => {
    expect(
      parse({
        a: {
          against: 'tasks',
          expect: 'pass',
          checks: { x: NA, y: 'known-disagreement: the suite does not decode it' },
        },
      }).success,
    ).toBe(true);
  });
  it('rejects a bare not-applicable, an unknown kind, and a per-check entry equal to expect', () => {
    expect(parse({ a: { against: 'tasks', expect: 'not-applicable' } }).success).toBe(false);
    expect(parse({ a: { against: 'tasks', expect: 'skip: later' } }).success).toBe(false);
    const same = parse({ a: { against: 'tasks', expect: 'pass', checks: { x: 'pass' } } });
    expect(same.success).toBe(false);
    expect(same.error?.issues[0]).toMatchObject({
      path: ['2026-07-28', 'server', 'a', 'checks', 'x'],
      message: 'same as "expect"; remove it',
    });
  });
});
