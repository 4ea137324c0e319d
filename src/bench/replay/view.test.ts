import { describe, expect, it } from 'vitest';
import type { Verdict } from '../schema/verdict.ts';
import { bigWireLog, fixtureRow, hostileWireLog, piSession } from './fixtures.ts';
import { alignTurns, failuresFirst, pageHref, pageOfPosition, replayView } from './view.ts';

const v = (
  checkpoint: string,
  verdict: Verdict['verdict'],
  evidence: number[],
  level: Verdict['level'] = 'MUST',
): Verdict => ({ checkpoint, spec: '251125-transports-1', level, verdict, evidence, message: 'm' });
const HREF = '/base/trials/fixture-trial-1/';

describe('replayView', () => {
  it('links verdicts to their evidence and exchanges back to their verdicts', () => {
    const r = replayView({
      trial: fixtureRow([v('a', 'fail', [3]), v('b', 'pass', [0, 3])]),
      log: hostileWireLog(),
      trialHref: HREF,
    });
    expect(r.verdicts[0]!.evidenceLinks).toEqual([{ x: 3, href: `${HREF}#x-3` }]);
    expect(r.exchanges[3]!.verdicts.map((x) => x.checkpoint)).toEqual(['a', 'b']);
    expect(r.counts).toMatchObject({ exchanges: 8, sseEvents: 4, errors: 1, failingExchanges: 1 });
    expect(r.attribution.firstMustFailed?.checkpoint).toBe('a');
    expect(r.derivation[0]).toContain('Score 0');
  });

  it('pages a huge trace and points evidence at the page that holds the exchange', () => {
    const r = replayView({
      trial: fixtureRow([v('a', 'fail', [1999])]),
      log: bigWireLog(2000),
      trialHref: HREF,
      pageSize: 100,
    });
    expect(r.pages).toHaveLength(20);
    expect(r.pages[0]).toMatchObject({ n: 1, from: 0, to: 100, href: HREF });
    expect(r.pages[19]).toMatchObject({
      n: 20,
      firstX: 1900,
      lastX: 1999,
      href: `${HREF}exchanges/20/`,
      failing: 1,
      sse: 20,
      errors: 0,
    });
    expect(r.pages[0]!.failing).toBe(0);
    expect(r.verdicts[0]!.evidenceLinks[0]!.href).toBe(`${HREF}exchanges/20/#x-1999`);
    expect(r.exchanges[150]).toMatchObject({ page: 2, href: `${HREF}exchanges/2/#x-150` });
  });

  it('aligns transcript turns with the wire clock and draws the overview', () => {
    const r = replayView({
      trial: fixtureRow([]),
      log: hostileWireLog('2026-11-01T10:00:05.000Z'),
      transcript: piSession('2026-11-01T10:00:00.000Z'),
      trialHref: HREF,
    });
    expect(r.turnTimes[1]).toBe(-1000);
    expect(r.overview?.turns).toHaveLength(7);
    expect(r.overview?.agentY).toBeDefined();
    expect(r.attribution.agentFinished.value).toBe('yes');
  });

  it('renders an infra-error trial with no wire log and no score', () => {
    const r = replayView({
      trial: fixtureRow([], { status: 'infra-error', infraReason: 'no sandbox', score: null }),
      trialHref: HREF,
    });
    expect(r.exchanges).toEqual([]);
    expect(r.pages).toEqual([]);
    expect(r.attribution.infra.value).toBe(true);
    expect(r.derivation[0]).toContain('Not scored');
  });
});

describe('alignTurns', () => {
  it('aligns nothing when a turn lacks a timestamp', () => {
    expect(
      alignTurns(
        [{ n: 1, anchor: 't-1', role: 'user', text: [], thinking: [], toolCalls: [] }],
        '2026-11-01T10:00:00.000Z',
      ),
    ).toEqual({});
  });
});

describe('pages', () => {
  it('numbers pages from 1 and puts page 1 on the trial page itself', () => {
    expect(pageOfPosition(0, 100)).toBe(1);
    expect(pageOfPosition(100, 100)).toBe(2);
    expect(pageHref('/t/', 1)).toBe('/t/');
    expect(pageHref('/t/', 3)).toBe('/t/exchanges/3/');
  });
});

describe('failuresFirst', () => {
  it('puts counted failures first, then the failures that follow from another, then passes and n/a, stable inside', () => {
    const v = (checkpoint: string, verdict: string, consequenceOf?: string) => ({
      checkpoint,
      verdict,
      ...(consequenceOf ? { consequenceOf } : {}),
    });
    const ordered = failuresFirst([
      v('a', 'pass'),
      v('b', 'not-applicable'),
      v('c', 'fail', 'e'),
      v('d', 'pass'),
      v('e', 'fail'),
      v('f', 'fail'),
    ]);
    expect(ordered.map((x) => x.checkpoint)).toEqual(['e', 'f', 'c', 'a', 'd', 'b']);
  });
});
