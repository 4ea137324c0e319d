// Flaky verdicts: a checkpoint whose verdict differs between the completed current repetitions of one cell. The
// libraries run every cell three times; agents may too. Nothing is dropped or re-judged: each repetition keeps its
// verdict and score (so the flake is in the cell's mean and interval), and this list says where the repetitions
// disagree, for the trial, checkpoint and subject pages.
import type { FlakyVerdict } from '../schema/stats.ts';
import type { TrialRow } from '../schema/trial-row.ts';

const cellOf = (t: TrialRow) => [t.revision, t.role, t.scenario, t.docs, t.subject.id].join('\u0000');

/** Every flaky (cell × checkpoint), sorted by revision, role, scenario, subject, docs and slug. */
export function flakyVerdicts(trials: readonly TrialRow[]): FlakyVerdict[] {
  const cells = new Map<string, TrialRow[]>();
  for (const t of trials)
    if (t.current && t.status === 'completed') cells.set(cellOf(t), [...(cells.get(cellOf(t)) ?? []), t]);
  const out: FlakyVerdict[] = [];
  for (const ts of cells.values()) {
    if (ts.length < 2) continue;
    const sorted = [...ts].sort((a, b) => a.k - b.k || (a.id < b.id ? -1 : 1));
    const first = sorted[0]!;
    const slugs = [...new Set(sorted.flatMap((t) => t.verdicts.map((v) => v.checkpoint)))];
    for (const checkpoint of slugs) {
      const runs = sorted.flatMap((t) => {
        const v = t.verdicts.find((x) => x.checkpoint === checkpoint);
        return v ? [{ trial: t.id, k: t.k, verdict: v.verdict, level: v.level }] : [];
      });
      if (runs.length < 2 || new Set(runs.map((r) => r.verdict)).size < 2) continue;
      out.push({
        revision: first.revision,
        role: first.role,
        scenario: first.scenario,
        docs: first.docs,
        subject: first.subject.id,
        checkpoint,
        level: runs[0]!.level,
        runs: runs.map(({ trial, k, verdict }) => ({ trial, k, verdict })),
      });
    }
  }
  const key = (f: FlakyVerdict) => [f.revision, f.role, f.scenario, f.subject, f.docs, f.checkpoint].join('\u0000');
  return out.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

/** How a flaky checkpoint went, e.g. "pass in k1 and k3, fail in k2". */
export function flakySummary(f: Pick<FlakyVerdict, 'runs'>): string {
  const by = new Map<string, number[]>();
  for (const r of f.runs) by.set(r.verdict, [...(by.get(r.verdict) ?? []), r.k]);
  const ks = (k: number[]) => k.map((n) => `k${n}`).join(k.length === 2 ? ' and ' : ', ');
  return [...by].map(([verdict, k]) => `${verdict} in ${ks(k)}`).join(', ');
}
