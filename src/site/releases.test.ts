import { describe, expect, it } from 'vitest';
import type { Dataset } from '../bench/schema/dataset.ts';
import { flakyViews, lineageText, releaseView } from './releases.ts';

const own = { code: 'own', note: 'its own transport code' } as const;
const rel = (v: string) => ({ version: v, subject: `library/x@${v}`, label: `x ${v}`, transport: own });
const row = (v: string, mean: number) => ({ subject: `library/x@${v}`, overall: { mean } });
// Hand-made data: only the fields the views read.
const data = {
  boards: [
    {
      kind: 'library',
      docs: 'none',
      revision: '2025-11-25',
      role: 'server',
      rows: [row('1.2.0', 1)],
      earlier: [row('1.1.0', 0.5)],
    },
  ],
  libraries: {
    registered: [
      { ...rel('1.0.0'), library: 'x', superseded: true },
      { ...rel('1.1.0'), library: 'x', superseded: true },
      { ...rel('1.2.0'), library: 'x', superseded: false },
    ],
    notAttempted: [{ subject: 'library/x@1.0.0', negotiates: '2025-06-18' }],
    releases: [
      {
        library: 'x',
        releases: [rel('1.1.0'), rel('1.2.0')],
        pairs: [
          {
            from: '1.1.0',
            to: '1.2.0',
            compared: 2,
            flaky: 0,
            flips: [
              {
                revision: '2025-11-25',
                role: 'server',
                scenario: 'tools-basics',
                checkpoint: 'origin-foreign-returns-403',
                level: 'MUST',
                before: 'fail',
                after: 'pass',
                regression: false,
                fromTrial: 'a',
                toTrial: 'b',
              },
            ],
          },
        ],
      },
    ],
  },
} as unknown as Pick<Dataset, 'libraries' | 'boards'>;

describe('release history view', () => {
  it('lists every registered release oldest first with its score per board, the one speaking another version noted', () => {
    const v = releaseView(data, 'library/x@1.1.0')!;
    expect(v.columns).toEqual(['2025-11-25 server']);
    expect(v.rows.map((r) => [r.version, r.scores[0], r.self, r.newest, r.note])).toEqual([
      ['1.0.0', '—', false, false, 'speaks 2025-06-18 only: not attempted'],
      ['1.1.0', '0.500', true, false, undefined],
      ['1.2.0', '1.000', false, true, undefined],
    ]);
  });

  it('says what changed between consecutive releases, with both trials, and nothing for a library with one release', () => {
    const [p] = releaseView(data, 'library/x@1.2.0')!.pairs;
    expect(p!.summary).toBe('2 scenarios compared: 1 verdict changed, 0 of them regressions.');
    expect(p!.flips[0]).toMatchObject({ change: 'fail → pass', regression: false });
    expect(p!.flips[0]!.fromHref).toMatch(/\/trials\/a\/$/);
    expect(releaseView(data, 'library/y@1.0.0')).toBeUndefined();
  });

  it('names whose transport a library runs, and lists flaky repetitions with their trials', () => {
    expect(lineageText(own)).toBe('its own');
    expect(lineageText({ code: 'sdk', package: '@modelcontextprotocol/sdk', version: '1.32.2', note: 'n' })).toBe(
      "the official SDK's, from @modelcontextprotocol/sdk 1.32.2",
    );
    const [f] = flakyViews([
      {
        revision: '2025-11-25',
        role: 'server',
        scenario: 'streaming',
        docs: 'none',
        subject: 'library/x@1.2.0',
        checkpoint: 'c',
        level: 'SHOULD',
        runs: [
          { trial: 't1', k: 1, verdict: 'pass' },
          { trial: 't2', k: 2, verdict: 'fail' },
        ],
      },
    ]);
    expect(f).toMatchObject({ where: '2025-11-25 server · streaming', summary: 'pass in k1, fail in k2' });
    expect(f!.runs.map((r) => r.label)).toEqual(['k1: pass', 'k2: fail']);
  });
});
