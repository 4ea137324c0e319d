import { scaleLinear } from 'd3-scale';
import type { ExchangeView, WireMark } from './exchanges.ts';

/** Geometry of the build-time SVG timeline. Pure numbers and (untrusted) title strings; the component draws it. */
export interface TimelineGeom {
  width: number;
  height: number;
  /** Plot area left/right edges. */
  left: number;
  right: number;
  /** Axis ticks; `anchor` keeps the first and last labels inside the picture. */
  ticks: { x: number; label: string; anchor: 'start' | 'middle' | 'end' }[];
  /** y of the agent lane, when transcript turns are drawn. */
  agentY?: number;
  turns: { x: number; w: number; y: number; href: string; title: string; cls: string }[];
  bars: { x: number; w: number; y: number; href: string; title: string; cls: string }[];
  /** SSE events and responses: small ticks on their exchange's bar. */
  dots: { x: number; y: number; title: string; cls: string }[];
  /** Connection opens/closes and stray errors, on the top track. */
  marks: { x: number; title: string; cls: string }[];
}

export interface TimelineInput {
  exchanges: readonly ExchangeView[];
  marks: readonly WireMark[];
  /** Turns on the same clock (ms since the wire log started), when timestamps allow. */
  turns?: readonly { n: number; t: number; tEnd: number; label: string; error: boolean }[];
  /** Link to an exchange's detail (it may live on another page). */
  hrefOf: (x: number) => string;
  width?: number;
}

const LANE_H = 9;
const TOP = 22;
export const MAX_LANES = 24;
/** More marks than this and per-event ticks are dropped (bars stay): bounds the SVG of huge traces. */
export const MAX_DOTS = 1500;

/** Above this many exchanges, bars that touch on screen are merged (per lane), so the SVG stays small. */
export const MERGE_ABOVE = 300;

type Bar = TimelineGeom['bars'][number];

/** Width in pixels of the bins that merged bars fall into. */
export const BIN_PX = 4;

/**
 * Merge the bars of one lane whose start falls in the same BIN_PX-wide column: one bar per bin, spanning its members.
 * A bin holding a failing or erroring exchange takes that class and links to it (failures stay visible and clickable
 * among thousands of exchanges); otherwise it takes its most common class.
 */
export function mergeBars(bars: readonly Bar[], xs: readonly number[], binPx = BIN_PX): Bar[] {
  const groups = new Map<string, { members: Bar[]; first: number; last: number }>();
  bars.forEach((b, i) => {
    const key = `${b.y}:${Math.floor(b.x / binPx)}`;
    const g = groups.get(key);
    if (g) {
      g.members.push(b);
      g.last = xs[i]!;
    } else groups.set(key, { members: [b], first: xs[i]!, last: xs[i]! });
  });
  return [...groups.values()].map(({ members, first, last }) => {
    if (members.length === 1) return members[0]!;
    const head = members[0]!;
    const urgent = members.find((m) => m.cls === 'fail') ?? members.find((m) => m.cls === 'err');
    const counts = new Map<string, number>();
    for (const m of members) counts.set(m.cls, (counts.get(m.cls) ?? 0) + 1);
    const common = [...counts].sort((a, b) => b[1] - a[1])[0]![0];
    const end = Math.max(...members.map((m) => m.x + m.w));
    const tally = [...counts].map(([c, n]) => `${n} ${c}`).join(', ');
    return {
      ...head,
      w: end - head.x,
      cls: urgent?.cls ?? common,
      href: urgent?.href ?? head.href,
      title: `#${first}–#${last}: ${members.length} exchanges (${tally})`,
    };
  });
}

/** "250 ms", "1.5 s", "2 min 05 s": relative times on the axis and in titles. */
export function fmtMs(ms: number): string {
  if (Math.abs(ms) < 1000) return `${Math.round(ms)} ms`;
  if (Math.abs(ms) < 60_000) return `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1).replace(/\.?0+$/, '')} s`;
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
}

/** Greedy interval packing: each exchange goes to the first lane free at its start (last lane takes the overflow). */
export function packLanes(spans: readonly { t: number; tEnd: number }[], maxLanes = MAX_LANES): number[] {
  const laneEnd: number[] = [];
  return spans.map((s) => {
    let lane = laneEnd.findIndex((end) => end < s.t);
    if (lane === -1) lane = laneEnd.length < maxLanes ? laneEnd.length : maxLanes - 1;
    laneEnd[lane] = Math.max(laneEnd[lane] ?? -Infinity, s.tEnd);
    return lane;
  });
}

function exchangeClass(e: ExchangeView): string {
  if (e.failing) return 'fail';
  if (e.error || e.status === undefined) return 'err';
  return e.sse.length > 0 ? 'sse' : e.status >= 400 ? 'status4' : 'ok';
}

function exchangeTitle(e: ExchangeView): string {
  const what = e.error ? `${e.error.code}` : e.status !== undefined ? String(e.status) : 'no response';
  return `#${e.x} ${e.method} ${e.path}${e.rpc.length ? ` (${e.rpc.join(', ')})` : ''} → ${what} at ${fmtMs(e.t)}`;
}

/** Lay out the timeline: a d3 linear time scale, lanes packed so overlapping exchanges (SSE streams) stay visible. */
export function timelineGeom(input: TimelineInput): TimelineGeom {
  const width = input.width ?? 960;
  const left = 8;
  const right = width - 8;
  const turns = input.turns ?? [];
  const times = [
    0,
    ...input.exchanges.flatMap((e) => [e.t, e.tEnd]),
    ...input.marks.map((m) => m.t),
    ...turns.flatMap((t) => [t.t, t.tEnd]),
  ];
  const lo = Math.min(...times);
  const hi = Math.max(...times, lo + 1);
  const x = scaleLinear().domain([lo, hi]).range([left, right]);
  const agentY = turns.length ? TOP : undefined;
  const wireTop = TOP + (turns.length ? LANE_H + 6 : 0);
  const lanes = packLanes(input.exchanges);
  const laneCount = Math.max(1, ...lanes.map((l) => l + 1));
  const px = (t: number) => Math.round(x(t) * 10) / 10;
  const bars = input.exchanges.map((e, i) => ({
    x: px(e.t),
    w: Math.max(2, px(e.tEnd) - px(e.t)),
    y: wireTop + lanes[i]! * LANE_H,
    href: input.hrefOf(e.x),
    title: exchangeTitle(e),
    cls: exchangeClass(e),
  }));
  const drawn =
    input.exchanges.length > MERGE_ABOVE
      ? mergeBars(
          bars,
          input.exchanges.map((e) => e.x),
        )
      : bars;
  const dots: TimelineGeom['dots'] = [];
  const dotCount = input.exchanges.reduce((n, e) => n + e.sse.length + 1, 0);
  if (dotCount <= MAX_DOTS) {
    input.exchanges.forEach((e, i) => {
      const y = wireTop + lanes[i]! * LANE_H;
      if (e.tResponse !== undefined)
        dots.push({ x: px(e.tResponse), y, title: `#${e.x} status ${e.status} at ${fmtMs(e.tResponse)}`, cls: 'resp' });
      for (const s of e.sse)
        dots.push({
          x: px(s.t),
          y,
          title: `#${e.x} SSE event ${s.i}${s.event ? ` (${s.event})` : ''} at ${fmtMs(s.t)}`,
          cls: 'sse',
        });
    });
  }
  return {
    width,
    height: wireTop + laneCount * LANE_H + 6,
    left,
    right,
    ticks: x.ticks(8).map((t) => ({
      x: px(t),
      label: fmtMs(t),
      anchor: px(t) < left + 24 ? 'start' : px(t) > right - 24 ? 'end' : 'middle',
    })),
    ...(agentY !== undefined ? { agentY } : {}),
    turns: turns.map((t) => ({
      x: px(t.t),
      w: Math.max(2, px(t.tEnd) - px(t.t)),
      y: agentY!,
      href: `#t-${t.n}`,
      title: `turn ${t.n}: ${t.label}`,
      cls: t.error ? 'err' : 'turn',
    })),
    bars: drawn,
    dots,
    marks: input.marks.map((m) => ({ x: px(m.t), title: `${m.text} at ${fmtMs(m.t)}`, cls: m.kind })),
  };
}

/** One entry of a timeline's legend: how a mark is drawn (`shape` + the SVG class it carries) and what it means. */
export interface LegendEntry {
  shape: 'bar' | 'tick' | 'mark';
  cls: string;
  label: string;
}

const LEGEND: readonly (LegendEntry & { in: (g: TimelineGeom) => boolean })[] = [
  { shape: 'bar', cls: 'turn', label: 'agent turn (top lane)', in: (g) => g.turns.some((t) => t.cls === 'turn') },
  {
    shape: 'bar',
    cls: 'err',
    label: 'agent turn with an error, or an exchange with no HTTP response',
    in: (g) => [...g.turns, ...g.bars].some((b) => b.cls === 'err'),
  },
  {
    shape: 'bar',
    cls: 'ok',
    label: 'exchange answered (request to end of response)',
    in: (g) => g.bars.some((b) => b.cls === 'ok'),
  },
  {
    shape: 'bar',
    cls: 'sse',
    label: 'exchange answered with an SSE stream',
    in: (g) => g.bars.some((b) => b.cls === 'sse'),
  },
  {
    shape: 'bar',
    cls: 'status4',
    label: 'exchange answered 4xx or 5xx',
    in: (g) => g.bars.some((b) => b.cls === 'status4'),
  },
  { shape: 'bar', cls: 'fail', label: 'evidence of a failed verdict', in: (g) => g.bars.some((b) => b.cls === 'fail') },
  { shape: 'tick', cls: 'resp', label: 'status line received', in: (g) => g.dots.some((d) => d.cls === 'resp') },
  { shape: 'tick', cls: 'sse', label: 'SSE event received', in: (g) => g.dots.some((d) => d.cls === 'sse') },
  {
    shape: 'mark',
    cls: 'conn-open',
    label: 'connection opened or closed, harness note (top track)',
    in: (g) => g.marks.some((m) => m.cls !== 'error'),
  },
  {
    shape: 'mark',
    cls: 'error',
    label: 'transport error outside an exchange',
    in: (g) => g.marks.some((m) => m.cls === 'error'),
  },
];

/**
 * What the marks of one timeline mean: only the kinds it draws, in a fixed order. Each lane is one row of exchanges
 * that overlap in time (streams stay open beside later requests); the x axis is time since the wire log started.
 */
export function timelineLegend(g: TimelineGeom): LegendEntry[] {
  return LEGEND.filter((e) => e.in(g)).map(({ shape, cls, label }) => ({ shape, cls, label }));
}
