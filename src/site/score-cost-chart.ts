// Score against cost per revision: one dot per agent row with a cost (hollow: docs none, filled: full spec), its 95 %
// interval as a vertical whisker. Only real rows: with none the page says so instead of drawing an empty plot.
import { scaleLinear } from 'd3';
import type { Dataset } from '../bench/derive/dataset.ts';
import type { Revision } from '../bench/schema/common.ts';
import type { Chart, Mark } from './charts.ts';
import { intervalText, intervalValue } from './board-stats.ts';
import { pct, round4, usd } from './format.ts';
import { DEFAULT_HARNESS } from './harness-boards.ts';
import { harnessOfId } from './harness-name.ts';

const M = { top: 16, right: 16, bottom: 36, left: 44 };
const r2 = (v: number) => Math.round(v * 100) / 100;

export function scoreCostChart(d: Pick<Dataset, 'stats' | 'method'>, rev: Revision, width = 560, height = 280): Chart {
  const sc = d.stats.scoreCost.find((s) => s.revision === rev);
  // pi's rows only, as the default board: a chart of every harness would set models in different harnesses side by side.
  const points = (sc?.points ?? []).filter((p) => harnessOfId(p.subject)?.harness === DEFAULT_HARNESS);
  const x = scaleLinear()
    .domain([0, Math.max(0.01, ...points.map((p) => p.costUsd))])
    .nice()
    .range([M.left, width - M.right]);
  const y = scaleLinear()
    .domain([0, 1])
    .range([height - M.bottom, M.top]);
  const marks: Mark[] = [
    ...[0, 0.25, 0.5, 0.75, 1].flatMap((v): Mark[] => [
      { t: 'path', d: `M${M.left},${r2(y(v))}H${width - M.right}`, cls: 'grid' },
      { t: 'text', x: M.left - 6, y: r2(y(v)) + 4, text: pct(v), anchor: 'end', cls: 'tick' },
    ]),
    ...x.ticks(5).map((v): Mark => ({
      t: 'text',
      x: r2(x(v)),
      y: height - M.bottom + 14,
      text: usd(v),
      anchor: 'middle',
      cls: 'tick',
    })),
  ];
  for (const p of points) {
    const cx = r2(x(p.costUsd));
    marks.push({ t: 'path', d: `M${cx},${r2(y(p.interval.lo))}V${r2(y(p.interval.hi))}`, cls: 'delta' });
    marks.push({
      t: 'circle',
      cx,
      cy: r2(y(p.score)),
      r: 5,
      cls: `dot docs-${p.docs}`,
      label: `${p.label}, docs ${p.docs}: ${pct(p.score)} (CI ${intervalText(p.interval)}) at ${usd(p.costUsd)} per trial${p.provisional ? ', provisional' : ''}`,
    });
  }
  marks.push({
    t: 'text',
    x: r2((M.left + width - M.right) / 2),
    y: height - 6,
    text: 'mean cost per trial (US$); hollow: no docs, filled: full spec',
    anchor: 'middle',
    cls: 'axis-label',
  });
  const pc = `${Math.round(d.method.bootstrap.confidence * 100)}%`;
  return {
    id: `chart-score-cost-${rev}`,
    title: `Score and cost · ${rev}`,
    desc: `Each pi agent's overall score (with its ${pc} interval as a whisker) against its mean cost per trial: tokens measured at the model proxy (or pi's reported cost) × the price table of ${d.method.prices.asOf}. Other harnesses are on their own boards.`,
    width,
    height,
    marks,
    empty: points.length === 0,
    emptyNote: `No pi agent runs with a cost on ${rev} yet: this chart appears once they are published.`,
    table: {
      id: `chart-score-cost-${rev}`,
      caption: `Score and cost · ${rev}`,
      columns: [
        { key: 'subject', label: 'Subject' },
        { key: 'docs', label: 'Docs' },
        { key: 'score', label: 'Overall', numeric: true },
        { key: 'ci', label: `${pc} CI`, numeric: true },
        { key: 'cost_usd', label: 'Cost', numeric: true },
        { key: 'cost_source', label: 'Cost source' },
      ],
      rows: points.map((p) => [
        p.subject,
        p.docs,
        round4(p.score),
        intervalValue(p.interval),
        round4(p.costUsd),
        p.costSource,
      ]),
      cells: points.map((p) => [
        { text: p.label, note: p.subject },
        { text: p.docs },
        { text: pct(p.score), ...(p.provisional ? { flag: 'provisional' } : {}) },
        { text: intervalText(p.interval) },
        { text: usd(p.costUsd) },
        { text: p.costSource },
      ]),
      notes: [],
    },
  };
}
