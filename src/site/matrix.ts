// Checkpoint matrix (subjects × checkpoints, pass rate) and the most-missed list, per revision.
import type { Dataset, TrialRow } from '../bench/derive/dataset.ts';
import { DOCS_AXES, type Level, type Revision } from '../bench/schema/common.ts';
import type { Checkpoint } from '../bench/schema/checkpoint.ts';
import type { Scenario } from '../bench/schema/scenario.ts';
import { heat, pct, round4 } from './format.ts';
import type { Column, Display, Table, Value } from './table.ts';
import { checkpointUrl, subjectUrl } from './urls.ts';

/** Pass / fail / not-applicable counts over completed trials. */
export interface Tally {
  pass: number;
  fail: number;
  na: number;
}

/** Pass rate over applicable verdicts; `null` when none applied. */
export const passRate = (t: Tally | undefined): number | null => (t && t.pass + t.fail > 0 ? t.pass / (t.pass + t.fail) : null);

/** Tallies keyed `<role>/<scenario>/<slug>` over the given (completed) trials. */
export function tallies(trials: readonly TrialRow[]): Map<string, Tally> {
  const out = new Map<string, Tally>();
  for (const t of trials) {
    if (t.status !== 'completed') continue;
    for (const v of t.verdicts) {
      const key = `${t.role}/${t.scenario}/${v.checkpoint}`;
      const c = out.get(key) ?? out.set(key, { pass: 0, fail: 0, na: 0 }).get(key)!;
      if (v.verdict === 'pass') c.pass++;
      else if (v.verdict === 'fail') c.fail++;
      else c.na++;
    }
  }
  return out;
}

const LEVEL_ORDER: Record<Level, number> = { MUST: 0, SHOULD: 1, MAY: 2 };

/** Matrix columns: scenarios in board order, then checkpoints by level (MUST, SHOULD, MAY), then scenario order. */
export function matrixColumns(scenarios: readonly Scenario[], rev: Revision): { scenario: Scenario; checkpoint: Checkpoint }[] {
  return scenarios
    .filter((s) => s.revision === rev)
    .flatMap((s) => s.checkpoints.map((c, i) => ({ scenario: s, checkpoint: c, i })).sort((a, b) => LEVEL_ORDER[a.checkpoint.level] - LEVEL_ORDER[b.checkpoint.level] || a.i - b.i))
    .map(({ scenario, checkpoint }) => ({ scenario, checkpoint }));
}

/** Subjects (agents and libraries, per docs axis) × checkpoints; value = pass rate over completed trials. */
export function matrixTable(d: Pick<Dataset, 'scenarios' | 'trials' | 'subjects'>, rev: Revision): Table {
  const cols = matrixColumns(d.scenarios, rev);
  const columns: Column[] = [
    { key: 'subject', label: 'Subject' },
    { key: 'docs', label: 'Docs' },
    ...cols.map(({ scenario: s, checkpoint: c }) => ({ key: `${s.role}/${s.id}/${c.slug}`, label: `${c.level} · ${c.slug}`, title: `${c.level}${c.spec ? ` · ${c.spec.id}` : ' · task'}: ${c.rule}`, numeric: true, group: `${s.role}/${s.id}`, groupLabel: `${s.title} (${s.role})`, href: checkpointUrl(s.revision, s.role, s.id, c.slug) })),
  ];
  const rows: Value[][] = [];
  const cells: Display[][] = [];
  const mine = d.trials.filter((t) => t.revision === rev && t.subject.kind !== 'calibration');
  for (const subj of d.subjects.filter((s) => s.kind !== 'calibration')) {
    for (const docs of DOCS_AXES) {
      const ts = mine.filter((t) => t.subject.id === subj.id && t.docs === docs);
      if (ts.length === 0) continue;
      const tal = tallies(ts);
      const rates = cols.map(({ scenario: s, checkpoint: c }) => {
        const t = tal.get(`${s.role}/${s.id}/${c.slug}`);
        return { rate: passRate(t), t };
      });
      rows.push([subj.id, docs, ...rates.map((r) => round4(r.rate))]);
      cells.push([
        { text: subj.label, href: subjectUrl(subj.id), note: subj.id },
        { text: docs },
        ...rates.map(({ rate, t }) => ({ text: rate === null ? (t ? 'n/a' : '·') : pct(rate), heat: heat(rate), note: t ? `${t.pass} pass, ${t.fail} fail, ${t.na} not applicable` : 'not run' })),
      ]);
    }
  }
  return {
    id: `matrix-${rev}`,
    caption: `Checkpoint pass rate · ${rev}`,
    columns,
    rows,
    cells,
    notes: ['Pass rate = passed / (passed + failed) over completed trials; not-applicable verdicts are left out; n/a: never applicable; ·: not run.'],
  };
}

/** Checkpoints ranked by how often agents fail them (highest failure rate first). */
export function missedTable(d: Pick<Dataset, 'scenarios' | 'trials'>, rev: Revision): Table {
  const tal = tallies(d.trials.filter((t) => t.revision === rev && t.subject.kind === 'agent'));
  const items = matrixColumns(d.scenarios, rev)
    .map((x) => ({ ...x, t: tal.get(`${x.scenario.role}/${x.scenario.id}/${x.checkpoint.slug}`) }))
    .filter((x) => x.t && x.t.pass + x.t.fail > 0)
    .map((x) => ({ ...x, fail: 1 - passRate(x.t)! }))
    .sort((a, b) => b.fail - a.fail || (a.checkpoint.slug < b.checkpoint.slug ? -1 : 1));
  return {
    id: `missed-${rev}`,
    caption: `Most-missed checkpoints by agents · ${rev}`,
    columns: [
      { key: 'checkpoint', label: 'Checkpoint' },
      { key: 'scenario', label: 'Scenario' },
      { key: 'level', label: 'Level' },
      { key: 'sentence', label: 'Sentence' },
      { key: 'fail_rate', label: 'Failed', numeric: true },
      { key: 'failed', label: 'Fail', numeric: true },
      { key: 'applicable', label: 'Applicable', numeric: true },
    ],
    rows: items.map((x) => [x.checkpoint.slug, `${x.scenario.role}/${x.scenario.id}`, x.checkpoint.level, x.checkpoint.spec?.id ?? null, round4(x.fail), x.t!.fail, x.t!.pass + x.t!.fail]),
    cells: items.map((x) => [
      { text: x.checkpoint.slug, href: checkpointUrl(x.scenario.revision, x.scenario.role, x.scenario.id, x.checkpoint.slug) },
      { text: x.scenario.title, note: `${x.scenario.role}/${x.scenario.id}` },
      { text: x.checkpoint.level },
      { text: x.checkpoint.spec?.id ?? 'task' },
      { text: pct(x.fail), heat: heat(1 - x.fail) },
      { text: String(x.t!.fail) },
      { text: String(x.t!.pass + x.t!.fail) },
    ]),
    notes: ['Over completed agent trials, both docs axes; not-applicable verdicts left out.'],
  };
}
