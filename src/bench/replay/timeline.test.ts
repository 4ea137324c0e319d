import { describe, expect, it } from 'vitest';
import { exchangeViews, wireMarks } from './exchanges.ts';
import { bigWireLog, hostileWireLog } from './fixtures.ts';
import {
  fmtMs,
  MAX_DOTS,
  MAX_LANES,
  mergeBars,
  packLanes,
  timelineGeom,
  timelineLegend,
  type TimelineGeom,
} from './timeline.ts';

describe('fmtMs', () => {
  it('formats milliseconds, seconds and minutes', () => {
    expect(fmtMs(250)).toBe('250 ms');
    expect(fmtMs(1500)).toBe('1.5 s');
    expect(fmtMs(12_000)).toBe('12 s');
    expect(fmtMs(125_000)).toBe('2 min 05 s');
  });
});

describe('packLanes', () => {
  it('reuses a lane once the previous span ended and stacks overlapping ones', () => {
    expect(
      packLanes([
        { t: 0, tEnd: 10 },
        { t: 5, tEnd: 6 },
        { t: 11, tEnd: 12 },
        { t: 7, tEnd: 8 },
      ]),
    ).toEqual([0, 1, 0, 1]);
  });

  it('puts the overflow into the last lane', () => {
    const spans = Array.from({ length: MAX_LANES + 5 }, () => ({ t: 0, tEnd: 100 }));
    expect(Math.max(...packLanes(spans))).toBe(MAX_LANES - 1);
  });
});

describe('timelineGeom', () => {
  const log = hostileWireLog();
  const ex = exchangeViews(log, []);
  const g = timelineGeom({ exchanges: ex, marks: wireMarks(log), hrefOf: (x) => `#x-${x}`, width: 800 });

  it('draws one bar per exchange inside the plot area, linking to it', () => {
    expect(g.bars).toHaveLength(ex.length);
    for (const b of g.bars) {
      expect(b.x).toBeGreaterThanOrEqual(g.left);
      expect(b.x + b.w).toBeLessThanOrEqual(g.right + 2);
    }
    expect(g.bars.map((b) => b.href)).toEqual(ex.map((e) => `#x-${e.x}`));
  });

  it('classes the error, the SSE stream and the plain exchange apart', () => {
    expect(g.bars[5]!.cls).toBe('err');
    expect(g.bars[1]!.cls).toBe('sse');
    expect(g.bars[0]!.cls).toBe('ok');
  });

  it('orders time left to right and puts the long GET stream on its own lane', () => {
    expect(g.bars[1]!.x).toBeGreaterThan(g.bars[0]!.x);
    expect(g.bars[3]!.y).not.toBe(g.bars[2]!.y);
  });

  it('draws SSE ticks and connection marks, and labelled ticks', () => {
    expect(g.dots.filter((d) => d.cls === 'sse')).toHaveLength(4);
    expect(g.marks.length).toBeGreaterThanOrEqual(4);
    expect(g.ticks.length).toBeGreaterThan(2);
    expect(g.ticks[0]!.label).toMatch(/ms$/);
    expect(g.ticks[0]!.anchor).toBe('start');
  });

  it('adds an agent lane above the wire when turns are given', () => {
    const h = timelineGeom({
      exchanges: ex,
      marks: [],
      turns: [{ n: 1, t: -5000, tEnd: -1000, label: 'user: go', error: false }],
      hrefOf: (x) => `#x-${x}`,
    });
    expect(h.agentY).toBeDefined();
    expect(h.turns[0]!.href).toBe('#t-1');
    expect(h.turns[0]!.x).toBeLessThan(h.bars[0]!.x);
  });

  it('drops per-event ticks and merges touching bars for huge traces, keeping failures visible', () => {
    const big = exchangeViews(bigWireLog(2000), [
      { checkpoint: 'c', spec: null, level: 'MUST', verdict: 'fail', evidence: [1500], message: 'm' },
    ]);
    const h = timelineGeom({ exchanges: big, marks: [], hrefOf: (x) => `#x-${x}` });
    expect(h.bars.length).toBeLessThan(600);
    expect(h.bars.length).toBeGreaterThan(10);
    expect(h.bars.some((b) => b.cls === 'fail' && b.href === '#x-1500')).toBe(true);
    expect(h.dots.length).toBeLessThanOrEqual(MAX_DOTS);
  });

  it('merges the bars of a lane that start in the same pixel bin, a failure winning over the majority', () => {
    const bar = (x: number, cls: string, y = 10) => ({ x, w: 2, y, href: `#x-${x}`, title: 't', cls });
    const merged = mergeBars(
      [bar(0, 'ok'), bar(1, 'fail'), bar(3, 'ok'), bar(3, 'ok', 20), bar(50, 'ok')],
      [0, 1, 2, 3, 4],
      4,
    );
    expect(merged).toHaveLength(3);
    expect(merged[0]).toMatchObject({
      x: 0,
      w: 5,
      cls: 'fail',
      href: '#x-1',
      title: '#0–#2: 3 exchanges (2 ok, 1 fail)',
    });
    expect(merged[1]).toMatchObject({ y: 20, title: 't' });
  });

  it('gives a merged bar without failures its most common class', () => {
    const bar = (x: number, cls: string) => ({ x, w: 1, y: 10, href: `#x-${x}`, title: 't', cls });
    expect(mergeBars([bar(0, 'status4'), bar(1, 'ok'), bar(2, 'ok')], [0, 1, 2], 4)[0]).toMatchObject({
      cls: 'ok',
      href: '#x-0',
    });
  });
});

describe('timelineLegend', () => {
  it('lists only the kinds of mark a timeline draws, each with what it means', () => {
    const g: TimelineGeom = {
      width: 100,
      height: 40,
      left: 8,
      right: 92,
      ticks: [],
      turns: [],
      bars: [
        { x: 0, w: 2, y: 22, href: '#x-0', title: '#0', cls: 'ok' },
        { x: 5, w: 2, y: 22, href: '#x-1', title: '#1', cls: 'fail' },
      ],
      dots: [{ x: 1, y: 22, title: '#0 status 200', cls: 'resp' }],
      marks: [{ x: 0, title: 'connection 1 opened', cls: 'conn-open' }],
    };
    expect(timelineLegend(g).map((e) => `${e.shape}.${e.cls}`)).toEqual([
      'bar.ok',
      'bar.fail',
      'tick.resp',
      'mark.conn-open',
    ]);
    expect(timelineLegend({ ...g, bars: [], dots: [], marks: [] })).toEqual([]);
  });
});
