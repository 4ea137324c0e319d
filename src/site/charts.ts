// Chart geometry for build-time SVG (d3-scale / d3-shape through the d3 package; no DOM). A chart is a list of marks
// that one component writes as <svg> markup, plus a table with the same numbers as its accessible fallback.
import { line, scaleBand, scaleLinear } from 'd3';
import type { Dataset } from '../bench/derive/dataset.ts';
import { DOCS_AXES, REVISIONS, type Revision } from '../bench/schema/common.ts';
import { pct, points, round4 } from './format.ts';
import { scoreCostChart } from './score-cost-chart.ts';
import { DEFAULT_HARNESS } from './harness-boards.ts';
import { harnessOfId } from './harness-name.ts';
import type { Table } from './table.ts';

export type Mark =
  | { t: 'rect'; x: number; y: number; w: number; h: number; cls: string; label: string }
  | { t: 'circle'; cx: number; cy: number; r: number; cls: string; label: string }
  | { t: 'path'; d: string; cls: string }
  | { t: 'text'; x: number; y: number; text: string; anchor: 'start' | 'middle' | 'end'; cls: string };

export interface Chart {
  id: string;
  title: string;
  desc: string;
  width: number;
  height: number;
  marks: Mark[];
  /** Same numbers as the marks; shown as the fallback and downloadable. */
  table: Table;
  /** No data: the page shows an empty state instead of an empty plot. */
  empty: boolean;
  /** What the empty state says (default: no agent results yet). */
  emptyNote?: string;
}

const M = { top: 16, right: 16, bottom: 36, left: 44 };
const r2 = (v: number) => Math.round(v * 100) / 100;

/** Y axis 0–100% with grid lines. */
function scoreAxis(y: (v: number) => number, x0: number, x1: number): Mark[] {
  return [0, 0.25, 0.5, 0.75, 1].flatMap((v): Mark[] => [
    { t: 'path', d: `M${x0},${r2(y(v))}H${x1}`, cls: 'grid' },
    { t: 'text', x: x0 - 6, y: r2(y(v)) + 4, text: pct(v), anchor: 'end', cls: 'tick' },
  ]);
}

/** A one-line legend, right-aligned at (right, y): a swatch and a label per item. */
function legend(items: { label: string; cls: string }[], right: number, y: number): Mark[] {
  const marks: Mark[] = [];
  let x = right;
  for (const it of [...items].reverse()) {
    x -= it.label.length * 6.5;
    marks.push({ t: 'text', x, y: y + 9, text: it.label, anchor: 'start', cls: 'tick' });
    x -= 14;
    marks.push({ t: 'rect', x, y, w: 10, h: 10, cls: it.cls, label: it.label });
    x -= 12;
  }
  return marks;
}

/** Mean agent score per revision × docs axis (bars), each agent as a dot. */
export function scoreByRevisionChart(d: Pick<Dataset, 'stats'>, width = 560, height = 260): Chart {
  const groups = d.stats.agentScores;
  const x0 = scaleBand<string>()
    .domain([...REVISIONS])
    .range([M.left, width - M.right])
    .padding(0.25);
  const x1 = scaleBand<string>()
    .domain([...DOCS_AXES])
    .range([0, x0.bandwidth()])
    .padding(0.1);
  const y = scaleLinear()
    .domain([0, 1])
    .range([height - M.bottom, M.top]);
  const marks: Mark[] = scoreAxis(y, M.left, width - M.right);
  for (const g of groups) {
    const x = x0(g.revision)! + x1(g.docs)!;
    if (g.mean !== null)
      marks.push({
        t: 'rect',
        x: r2(x),
        y: r2(y(g.mean)),
        w: r2(x1.bandwidth()),
        h: r2(y(0) - y(g.mean)),
        cls: `bar docs-${g.docs}`,
        label: `${g.revision}, docs ${g.docs}: mean ${pct(g.mean)} over ${g.agents} agents`,
      });
    g.scores.forEach((s, i) =>
      marks.push({
        t: 'circle',
        cx: r2(x + x1.bandwidth() * ((i + 1) / (g.scores.length + 1))),
        cy: r2(y(s)),
        r: 3,
        cls: 'dot',
        label: `${g.revision}, docs ${g.docs}: ${pct(s)}`,
      }),
    );
    marks.push({
      t: 'text',
      x: r2(x + x1.bandwidth() / 2),
      y: height - M.bottom + 14,
      text: `docs ${g.docs}`,
      anchor: 'middle',
      cls: 'tick',
    });
  }
  for (const rev of REVISIONS)
    marks.push({
      t: 'text',
      x: r2(x0(rev)! + x0.bandwidth() / 2),
      y: height - 6,
      text: rev,
      anchor: 'middle',
      cls: 'axis-label',
    });
  return {
    id: 'chart-score-by-revision',
    title: 'Agent score by revision and docs axis',
    desc: 'Bars: mean overall score of the agents on each revision with no docs and with the full spec; dots: each agent.',
    width,
    height,
    marks,
    empty: groups.every((g) => g.agents === 0),
    table: {
      id: 'chart-score-by-revision',
      caption: 'Agent score by revision and docs axis',
      columns: [
        { key: 'revision', label: 'Revision' },
        { key: 'docs', label: 'Docs' },
        { key: 'agents', label: 'Agents', numeric: true },
        { key: 'mean', label: 'Mean', numeric: true },
        { key: 'min', label: 'Min', numeric: true },
        { key: 'max', label: 'Max', numeric: true },
      ],
      rows: groups.map((g) => [g.revision, g.docs, g.agents, round4(g.mean), round4(g.min), round4(g.max)]),
      cells: groups.map((g) => [
        { text: g.revision },
        { text: g.docs },
        { text: String(g.agents) },
        { text: pct(g.mean) },
        { text: pct(g.min) },
        { text: pct(g.max) },
      ]),
      notes: [],
    },
  };
}

/**
 * Per pi agent on one revision: overall score with no docs → with the full spec (a dumbbell per agent). pi's rows
 * only, as the default board: each harness's agents are compared on their own boards.
 */
export function docsDeltaChart(d: Pick<Dataset, 'stats'>, rev: Revision, width = 560): Chart {
  const items = d.stats.docsDelta.filter(
    (i) => i.revision === rev && harnessOfId(i.subject)?.harness === DEFAULT_HARNESS,
  );
  const rowH = 22;
  const left = 200;
  const height = M.top + M.bottom + Math.max(1, items.length) * rowH;
  const x = scaleLinear()
    .domain([0, 1])
    .range([left, width - M.right]);
  const y = scaleBand<string>()
    .domain(items.map((i) => i.subject))
    .range([M.top, height - M.bottom])
    .padding(0.3);
  const link = line<[number, number]>();
  const marks: Mark[] = [0, 0.25, 0.5, 0.75, 1].flatMap((v): Mark[] => [
    { t: 'path', d: `M${r2(x(v))},${M.top}V${height - M.bottom}`, cls: 'grid' },
    { t: 'text', x: r2(x(v)), y: height - M.bottom + 14, text: pct(v), anchor: 'middle', cls: 'tick' },
  ]);
  for (const i of items) {
    const cy = r2(y(i.subject)! + y.bandwidth() / 2);
    marks.push({
      t: 'text',
      x: left - 8,
      y: cy + 4,
      text: i.label.length > 30 ? `${i.label.slice(0, 29)}…` : i.label,
      anchor: 'end',
      cls: 'tick',
    });
    if (i.none !== null && i.full !== null)
      marks.push({
        t: 'path',
        d: link([
          [r2(x(i.none)), cy],
          [r2(x(i.full)), cy],
        ])!,
        cls: 'delta',
      });
    if (i.none !== null)
      marks.push({
        t: 'circle',
        cx: r2(x(i.none)),
        cy,
        r: 5,
        cls: 'dot docs-none',
        label: `${i.label}: docs none ${pct(i.none)}`,
      });
    if (i.full !== null)
      marks.push({
        t: 'circle',
        cx: r2(x(i.full)),
        cy,
        r: 5,
        cls: 'dot docs-full',
        label: `${i.label}: docs full ${pct(i.full)}`,
      });
  }
  marks.push({
    t: 'text',
    x: r2((left + width - M.right) / 2),
    y: height - 6,
    text: 'overall score (hollow: no docs, filled: full spec)',
    anchor: 'middle',
    cls: 'axis-label',
  });
  return {
    id: `chart-docs-delta-${rev}`,
    title: `Docs axis effect · ${rev}`,
    desc: 'For each agent, its overall score with no docs (hollow dot) and with the full pinned spec (filled dot).',
    width,
    height,
    marks,
    empty: items.length === 0,
    table: {
      id: `chart-docs-delta-${rev}`,
      caption: `Docs axis effect · ${rev}`,
      columns: [
        { key: 'subject', label: 'Subject' },
        { key: 'none', label: 'No docs', numeric: true },
        { key: 'full', label: 'Full spec', numeric: true },
        { key: 'delta', label: 'Δ', numeric: true },
      ],
      rows: items.map((i) => [i.subject, round4(i.none), round4(i.full), round4(i.delta)]),
      cells: items.map((i) => [
        { text: i.label },
        { text: pct(i.none) },
        { text: pct(i.full) },
        { text: points(i.delta) },
      ]),
      notes: [],
    },
  };
}

/** Histogram: completed agent trials by number of failed MUST checkpoints, per revision. */
export function mustFailureChart(d: Pick<Dataset, 'stats'>, width = 560, height = 240): Chart {
  const h = d.stats.mustFailures;
  const bins = h.bins.map((b) => String(b.mustFailed));
  const x0 = scaleBand<string>()
    .domain(bins)
    .range([M.left, width - M.right])
    .padding(0.2);
  const x1 = scaleBand<string>()
    .domain([...REVISIONS])
    .range([0, x0.bandwidth()])
    .padding(0.05);
  const y = scaleLinear()
    .domain([0, Math.max(1, h.peak)])
    .nice()
    .range([height - M.bottom, M.top + 18]);
  const marks: Mark[] = y.ticks(4).flatMap((v): Mark[] => [
    { t: 'path', d: `M${M.left},${r2(y(v))}H${width - M.right}`, cls: 'grid' },
    { t: 'text', x: M.left - 6, y: r2(y(v)) + 4, text: String(v), anchor: 'end', cls: 'tick' },
  ]);
  for (const bin of h.bins) {
    const b = String(bin.mustFailed);
    for (const rev of REVISIONS) {
      const c = bin.counts[rev];
      if (c)
        marks.push({
          t: 'rect',
          x: r2(x0(b)! + x1(rev)!),
          y: r2(y(c)),
          w: r2(x1.bandwidth()),
          h: r2(y(0) - y(c)),
          cls: `bar rev-${rev === REVISIONS[0] ? 'a' : 'b'}`,
          label: `${rev}: ${c} trials with ${b} failed MUST`,
        });
    }
    marks.push({
      t: 'text',
      x: r2(x0(b)! + x0.bandwidth() / 2),
      y: height - M.bottom + 14,
      text: b,
      anchor: 'middle',
      cls: 'tick',
    });
  }
  marks.push({
    t: 'text',
    x: r2((M.left + width - M.right) / 2),
    y: height - 6,
    text: 'failed MUST checkpoints per trial',
    anchor: 'middle',
    cls: 'axis-label',
  });
  marks.push(
    ...legend(
      REVISIONS.map((r, i) => ({ label: r, cls: `bar rev-${i === 0 ? 'a' : 'b'}` })),
      width - M.right,
      2,
    ),
  );
  const shown = h.trials > 0 ? h.bins : [];
  return {
    id: 'chart-must-failures',
    title: 'MUST failures per agent trial',
    desc: `How many MUST checkpoints each completed agent trial failed, per revision (${REVISIONS.join(' and ')}). Any failed MUST zeroes the trial.`,
    width,
    height,
    marks,
    empty: h.trials === 0,
    table: {
      id: 'chart-must-failures',
      caption: 'MUST failures per agent trial',
      columns: [
        { key: 'must_failed', label: 'Failed MUST', numeric: true },
        ...REVISIONS.map((r) => ({ key: r, label: r, numeric: true })),
      ],
      rows: shown.map((b) => [b.mustFailed, ...REVISIONS.map((r) => b.counts[r])]),
      cells: shown.map((b) => [
        { text: String(b.mustFailed) },
        ...REVISIONS.map((r) => ({ text: String(b.counts[r]) })),
      ]),
      notes: [],
    },
  };
}

/** Every chart of the site: the leaderboard's two, and a docs-axis and a score-vs-cost chart per revision. */
export interface SiteCharts {
  scoreByRevision: Chart;
  mustFailures: Chart;
  docsDelta: Record<Revision, Chart>;
  /** Score against cost per revision. */
  scoreCost: Record<Revision, Chart>;
}

export function allCharts(d: Pick<Dataset, 'stats' | 'method'>): SiteCharts {
  return {
    scoreCost: Object.fromEntries(REVISIONS.map((rev) => [rev, scoreCostChart(d, rev)])) as Record<Revision, Chart>,
    scoreByRevision: scoreByRevisionChart(d),
    mustFailures: mustFailureChart(d),
    docsDelta: Object.fromEntries(REVISIONS.map((rev) => [rev, docsDeltaChart(d, rev)])) as Record<Revision, Chart>,
  };
}
