// The bench's figures: each measured value beside the goal (issue 19) or the outside anchor it is judged against, as a
// ratio, so one `npm run bench` run prints every number with what it should be. Pure formatting, unit-tested.

/** One measured figure. */
export interface Figure {
  /** What was measured, e.g. "derive ÷ JSON.parse, 10,000 trials". */
  name: string;
  value: number;
  /** How the value prints: `x` a ratio, `s` seconds, `ms`, `MB`, `KB`, `/s` a rate, `` a plain count. */
  unit: 'x' | 's' | 'ms' | 'MB' | 'KB' | '/s' | '';
  /** The goal: at most (`max`) or at least (`min`) this value; absent for an anchor-only or informational figure. */
  goal?: { max: number } | { min: number };
  /** An outside reference point instead of a goal (e.g. Astro's own docs build rate). */
  anchor?: { value: number; what: string };
}

const fmt = (v: number, unit: Figure['unit']): string => {
  if (!Number.isFinite(v)) return String(v);
  const n = Math.abs(v) >= 100 ? v.toFixed(0) : Math.abs(v) >= 10 ? v.toFixed(1) : v.toFixed(2);
  return unit === 'x' ? `${n}×` : unit === '' ? n : `${n} ${unit}`;
};

/** Ratio to the goal (value ÷ max, or min ÷ value: above 1 is worse either way) or to the anchor (value ÷ anchor). */
export function ratioOf(f: Figure): number | undefined {
  // A goal of at most 0 (differences, failures): met at 0, infinitely far at anything else.
  if (f.goal && 'max' in f.goal) return f.goal.max === 0 ? (f.value === 0 ? 0 : Infinity) : f.value / f.goal.max;
  if (f.goal) return f.goal.min / f.value;
  return f.anchor ? f.value / f.anchor.value : undefined;
}

/** The verdict column: `met`, `NOT MET`, or `anchor` for an anchor-only figure, `info` for neither. */
export function statusOf(f: Figure): 'met' | 'NOT MET' | 'anchor' | 'info' {
  const r = ratioOf(f);
  if (!f.goal) return f.anchor ? 'anchor' : 'info';
  return r !== undefined && r <= 1 ? 'met' : 'NOT MET';
}

/** The figures as an aligned table: name, measured, goal or anchor, ratio, status. */
export function figureTable(figures: readonly Figure[]): string[] {
  const rows = figures.map((f) => {
    const target = f.goal
      ? `${'max' in f.goal ? '≤' : '≥'} ${fmt('max' in f.goal ? f.goal.max : f.goal.min, f.unit)}`
      : f.anchor
        ? `${fmt(f.anchor.value, f.unit)} (${f.anchor.what})`
        : '—';
    const r = ratioOf(f);
    return [f.name, fmt(f.value, f.unit), target, r === undefined ? '—' : r.toFixed(2), statusOf(f)];
  });
  const head = ['figure', 'measured', 'goal / anchor', 'ratio', ''];
  const width = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === 1 || i === 3 ? c.padStart(width[i]!) : c.padEnd(width[i]!)))
      .join('  ')
      .trimEnd();
  return [line(head), ...rows.map(line)];
}
