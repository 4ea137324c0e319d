import { describe, expect, it } from 'vitest';
import { derive } from '../derive/derive.ts';
import { fixtureRegistry, fixtureScenario, scenarioFile } from '../derive/test-fixtures.ts';
import { formatProblem } from '../problems.ts';
import type { CoverageExclusion } from '../schema/coverage.ts';
import { parseSentenceTsv } from '../spec/tsv.ts';
import { checkCoverage } from './check.ts';
import { sentenceUrl } from '../spec/links.ts';
import { SPEC_SOURCES } from '../spec/revisions.ts';

const F = 'docs/specification/2025-11-25/basic/transports.mdx';
const LEDGER = 'scenarios/2025-11-25/coverage.json';
/** Rows matching the fixture scenario's citations (70 MUST server, 7 SHOULD both, 99 MAY server) plus three more. */
const BASE_ROWS = [
  ['251125-transports-7', F, '7', 'SHOULD', 'both', 'quote of 251125-transports-7'],
  ['251125-transports-70', F, '70', 'MUST', 'server', 'quote of 251125-transports-70'],
  ['251125-transports-81', F, '81', 'SHOULD NOT', 'server', 'Servers **SHOULD NOT** bind widely.'],
  ['251125-transports-88', F, '88', 'MUST', 'client', 'Clients **MUST** POST.'],
  ['251125-transports-99', F, '99', 'MAY', 'server', 'quote of 251125-transports-99'],
  [
    '251125-lifecycle-40',
    'docs/specification/2025-11-25/basic/lifecycle.mdx',
    '40',
    'MUST',
    'both',
    'Init **MUST** come first.',
  ],
];
const tsv = (rows: string[][]) =>
  ['id\tfile\tline\tlevel\tapplies_to\tsentence\tkeywords', ...rows.map((r) => [...r, r[3]].join('\t'))].join('\n') +
  '\n';
const spec = (rows = BASE_ROWS) => {
  const parsed = parseSentenceTsv('normative-sentences.tsv', tsv(rows));
  expect(parsed.problems).toEqual([]);
  return { '2025-11-25': parsed.rows };
};
const X = (
  id: string,
  roles: ('server' | 'client')[],
  reason: CoverageExclusion['reason'] = 'not-yet-scenarioed',
  extra: Partial<CoverageExclusion> = {},
) => ({ id, roles, reason, why: 'test reason', ...extra });
/** A ledger that balances BASE_ROWS against the fixture scenario. */
const GOOD = [
  X('251125-transports-7', ['client']),
  X('251125-transports-81', ['server'], 'not-observable-on-the-wire'),
  X('251125-transports-88', ['client']),
  X('251125-lifecycle-40', ['server', 'client'], 'other-role'),
];
const ledger = (exclusions: unknown[], over: Record<string, unknown> = {}) => ({
  path: LEDGER,
  text: JSON.stringify({ format: 'mcpfs.coverage/1', revision: '2025-11-25', exclusions, ...over }),
});
const check = (exclusions: unknown[], rows = BASE_ROWS, withSpec = true) =>
  checkCoverage({
    ledgers: [ledger(exclusions)],
    scenarios: [fixtureScenario()],
    spec: withSpec ? spec(rows) : undefined,
  });
const texts = (r: { problems: unknown[]; gaps: unknown[] }) =>
  [...r.problems, ...r.gaps].map((p) => formatProblem(p as Parameters<typeof formatProblem>[0]));

describe('checkCoverage', () => {
  it('balances when every in-scope sentence is tested or excluded', () => {
    const r = check(GOOD);
    expect(texts(r)).toEqual([]);
    const rev = r.report.revisions.find((x) => x.revision === '2025-11-25')!;
    const count = (role: string, level: string) => rev.counts.find((c) => c.role === role && c.level === level)!;
    expect(count('server', 'MUST')).toMatchObject({ inScope: 2, tested: 1, excludedTotal: 1 });
    expect(count('server', 'MUST').excluded['other-role']).toBe(1);
    expect(count('server', 'SHOULD')).toMatchObject({ inScope: 2, tested: 1, excludedTotal: 1 });
    expect(count('client', 'SHOULD')).toMatchObject({ inScope: 1, tested: 0, excludedTotal: 1 });
    expect(count('client', 'MUST')).toMatchObject({ inScope: 2, tested: 0, excludedTotal: 2 });
    for (const c of rev.counts) expect(c.inScope).toBe(c.tested + c.excludedTotal + c.unaccounted);
    expect(rev.counts.every((c) => c.unaccounted === 0)).toBe(true);
  });

  it('carries the figures per role × TSV level and the share of observable MUSTs tested', () => {
    const r = check(GOOD);
    const rev = r.report.revisions.find((x) => x.revision === '2025-11-25')!;
    expect(rev.levelCounts.map((c) => [c.role, c.rawLevel, c.inScope, c.tested])).toEqual([
      ['client', 'MUST', 2, 0],
      ['client', 'SHOULD', 1, 0],
      ['server', 'MUST', 2, 1],
      ['server', 'SHOULD', 1, 1],
      ['server', 'SHOULD NOT', 1, 0],
      ['server', 'MAY', 1, 1],
    ]);
    // Server: 70 tested, lifecycle-40 binds the harness (other-role). Client: 88 not yet scenarioed, 40 other-role.
    expect(rev.observableMusts).toEqual([
      {
        role: 'client',
        tested: 0,
        observable: 1,
        share: 0,
        untested: [{ cause: 'not-yet-scenarioed', sentences: 1 }],
        notCounted: 1,
      },
      { role: 'server', tested: 1, observable: 1, share: 1, untested: [], notCounted: 1 },
    ]);
    expect(r.report.mustShare['not-yet-scenarioed']).toBe('untested');
    expect(r.report.mustShare['other-role']).toBe('not-counted');
  });

  it('lists each sentence with its checkpoints or its exclusion, quote and link', () => {
    const rev = check(GOOD).report.revisions[0]!;
    expect(rev.sentences.find((s) => s.id === '251125-transports-70' && s.role === 'server')).toEqual({
      id: '251125-transports-70',
      role: 'server',
      level: 'MUST',
      rawLevel: 'MUST',
      appliesTo: 'server',
      file: F,
      line: 70,
      quote: 'quote of 251125-transports-70',
      url: `https://github.com/modelcontextprotocol/modelcontextprotocol/blob/${SPEC_SOURCES[0].commit}/${F}#L70`,
      checkpoints: [{ scenario: 'fixture-echo', slug: 'post-returns-200' }],
    });
    expect(rev.sentences.find((s) => s.id === '251125-transports-81')!.exclusion).toEqual({
      reason: 'not-observable-on-the-wire',
      why: 'test reason',
    });
  });

  it('counts a "both" sentence once per role: tested by a server checkpoint, it still needs a client verdict', () => {
    const without = GOOD.filter((e) => e.id !== '251125-transports-7');
    expect(texts(check(without))).toEqual([
      `${LEDGER}: exclusions: sentence "251125-transports-7" (client, SHOULD, ${F}:7) is neither tested by a client checkpoint nor excluded\n  hint: cite it from a 2025-11-25 client checkpoint, or add {"id": "251125-transports-7", "roles": ["client"], "reason": "…", "why": "…"}`,
    ]);
  });

  it('fails naming the id when the TSV gains a sentence', () => {
    const rows = [
      ...BASE_ROWS,
      ['251125-transports-300', F, '300', 'MUST', 'server', 'Servers **MUST** do a new thing.'],
    ];
    expect(texts(check(GOOD, rows))).toEqual([
      `${LEDGER}: exclusions: sentence "251125-transports-300" (server, MUST, ${F}:300) is neither tested by a server checkpoint nor excluded\n  hint: cite it from a 2025-11-25 server checkpoint, or add {"id": "251125-transports-300", "roles": ["server"], "reason": "…", "why": "…"}`,
    ]);
  });

  it('fails when an exclusion names a sentence a checkpoint tests', () => {
    expect(texts(check([...GOOD, X('251125-transports-70', ['server'])]))).toEqual([
      `${LEDGER}: exclusions[4]: "251125-transports-70" is excluded for server but tested by fixture-echo/post-returns-200\n  hint: remove "server" from its roles`,
    ]);
  });

  it('detects an excluded-yet-tested sentence even without the spec', () => {
    expect(texts(check([X('251125-transports-70', ['server'])], BASE_ROWS, false))).toEqual([
      `${LEDGER}: exclusions[0]: "251125-transports-70" is excluded for server but tested by fixture-echo/post-returns-200\n  hint: remove "server" from its roles`,
    ]);
  });

  it('fails when the ledger names an id the TSV lacks', () => {
    expect(texts(check([...GOOD, X('251125-transports-12345', ['server'])]))).toEqual([
      `${LEDGER}: exclusions[4].id: unknown sentence "251125-transports-12345" in the pinned 2025-11-25 TSV\n  hint: remove it, or fix the id`,
    ]);
  });

  it('fails when an exclusion names a role the sentence is not in scope for', () => {
    const bad = GOOD.map((e) =>
      e.id === '251125-transports-88' ? X('251125-transports-88', ['client', 'server']) : e,
    );
    expect(texts(check(bad))).toEqual([
      `${LEDGER}: exclusions[2].roles: "251125-transports-88" applies to client only; it is not in scope for server\n  hint: remove "server" from its roles`,
    ]);
  });

  it('accepts "restated-elsewhere" only when the other sentence is tested for that role', () => {
    const ok = GOOD.map((e) =>
      e.id === '251125-transports-81'
        ? X('251125-transports-81', ['server'], 'restated-elsewhere', { sameAs: '251125-transports-70' })
        : e,
    );
    expect(texts(check(ok))).toEqual([]);
    const bad = GOOD.map((e) =>
      e.id === '251125-transports-88'
        ? X('251125-transports-88', ['client'], 'restated-elsewhere', { sameAs: '251125-transports-70' })
        : e,
    );
    expect(texts(check(bad))).toEqual([
      `${LEDGER}: exclusions[2].sameAs: "251125-transports-70" is not tested by any client checkpoint, so it cannot stand in for "251125-transports-88"\n  hint: pick another reason`,
    ]);
  });

  it('rejects a malformed ledger path-first', () => {
    const r = checkCoverage({
      ledgers: [
        ledger(
          [
            X('251125-transports-81', ['server']),
            X('260728-shttp-1', ['server']),
            X('251125-transports-81', ['server', 'server']),
            { ...X('251125-transports-88', ['client']), why: 'two\nlines' },
          ],
          { revision: '2026-07-28' },
        ),
        { path: 'scenarios/2024-11-05/coverage.json', text: '{}' },
      ],
      scenarios: [],
    });
    expect(texts(r)).toEqual([
      `${LEDGER}: exclusions[2].roles: roles must not repeat`,
      `${LEDGER}: exclusions[3].why: must be one line`,
      'scenarios/2024-11-05/coverage.json: unexpected coverage ledger\n  hint: ledgers live at scenarios/2025-11-25/coverage.json or scenarios/2026-07-28/coverage.json',
    ]);
    const r2 = checkCoverage({
      ledgers: [
        ledger(
          [
            X('251125-transports-81', ['server']),
            X('260728-shttp-1', ['server']),
            X('251125-transports-81', ['server']),
          ],
          { revision: '2026-07-28' },
        ),
      ],
      scenarios: [],
    });
    expect(texts(r2)).toEqual([
      `${LEDGER}: revision: expected "2025-11-25" (the folder), got "2026-07-28"`,
      `${LEDGER}: exclusions[1].id: "260728-shttp-1" is not a 2025-11-25 sentence id (they start with "251125-")`,
      `${LEDGER}: exclusions[2]: "251125-transports-81" is already excluded for server by exclusions[0]`,
    ]);
  });

  it('requires a ledger for a revision whose TSV is present, and none without the spec', () => {
    expect(texts(checkCoverage({ ledgers: [], scenarios: [], spec: spec() }))).toEqual([
      `${LEDGER}: missing coverage ledger: the pinned 2025-11-25 TSV has 6 sentences to test or exclude\n  hint: create it: {"format": "mcpfs.coverage/1", "revision": "2025-11-25", "exclusions": []}, then run derive for the list`,
    ]);
    expect(texts(checkCoverage({ ledgers: [], scenarios: [fixtureScenario()] }))).toEqual([]);
  });

  it('without the spec lists what the scenarios and ledger say, with unknown scope', () => {
    const rev = check(GOOD, BASE_ROWS, false).report.revisions[0]!;
    expect(rev.specPresent).toBe(false);
    expect(rev.counts.every((c) => c.inScope === null)).toBe(true);
    expect(rev.sentences.find((s) => s.id === '251125-transports-70')).toMatchObject({
      level: 'MUST',
      line: 70,
      checkpoints: [{ scenario: 'fixture-echo', slug: 'post-returns-200' }],
    });
    expect(rev.sentences.find((s) => s.id === '251125-transports-81')).toMatchObject({
      level: null,
      exclusion: { reason: 'not-observable-on-the-wire' },
    });
  });
});

describe('sentenceUrl', () => {
  const [mcp, ext] = SPEC_SOURCES;
  it("links main-repository files at the pinned commit, by the manifest's copies", () => {
    expect(sentenceUrl('2025-11-25', 'docs/specification/2025-11-25/basic/x.mdx', 3)).toBe(
      `https://github.com/modelcontextprotocol/modelcontextprotocol/blob/${mcp.commit}/docs/specification/2025-11-25/basic/x.mdx#L3`,
    );
  });
  it('links tasks-extension files into their own repository', () => {
    expect(sentenceUrl('2026-07-28', 'ext-tasks/specification/draft/tasks.md', 9)).toBe(
      `https://github.com/modelcontextprotocol/ext-tasks/blob/${ext.commit}/specification/draft/tasks.md#L9`,
    );
  });
  it('gives no link for a file no pinned source holds', () => {
    expect(sentenceUrl('2025-11-25', 'ext-tasks/specification/draft/tasks.md', 9)).toBeUndefined();
    expect(sentenceUrl('2025-11-25', 'docs/x.mdx', 3)).toBeUndefined();
  });
});

describe('derive with the coverage ledger', () => {
  const input = (exclusions: unknown[], gate = true) => ({
    scenarios: [scenarioFile()],
    results: new Map<string, string>(),
    judges: fixtureRegistry(),
    spec: spec(),
    coverage: [ledger(exclusions)],
    gate,
  });

  it('fails path-first on an unaccounted sentence, and lists it only as a gap when the gate is off', () => {
    const without = GOOD.filter((e) => e.id !== '251125-transports-81');
    const out = derive(input(without));
    expect(out.problems.map(formatProblem).filter((p) => p.startsWith(LEDGER))).toEqual([
      `${LEDGER}: exclusions: sentence "251125-transports-81" (server, SHOULD NOT, ${F}:81) is neither tested by a server checkpoint nor excluded\n  hint: cite it from a 2025-11-25 server checkpoint, or add {"id": "251125-transports-81", "roles": ["server"], "reason": "…", "why": "…"}`,
    ]);
    const open = derive(input(without, false));
    expect(open.problems).toEqual([]);
    const rev = (open.dataset!.extra.coverage as ReturnType<typeof checkCoverage>['report']).revisions[0]!;
    expect(rev.counts.find((c) => c.role === 'server' && c.level === 'SHOULD')).toMatchObject({
      inScope: 2,
      tested: 1,
      excludedTotal: 0,
      unaccounted: 1,
    });
  });

  it('publishes the report as dataset.extra.coverage', () => {
    const out = derive(input(GOOD, false));
    const report = out.dataset!.extra.coverage as ReturnType<typeof checkCoverage>['report'];
    expect(report.revisions.map((r) => [r.revision, r.ledger, r.specPresent])).toEqual([
      ['2025-11-25', LEDGER, true],
      ['2026-07-28', null, false],
    ]);
  });

  it('always fails on an invalid ledger file, gate or not', () => {
    expect(
      derive({ ...input(GOOD, false), coverage: [{ path: LEDGER, text: '{' }] }).problems.map(formatProblem),
    ).toEqual([`${LEDGER}: invalid JSON: Expected property name or '}' in JSON at position 1 (line 1 column 2)`]);
  });
});
