// Calibration views: the gate per scenario, and the mutant kill matrix (checkpoints × mutants) per scenario.
import type { CalibrationRow, Dataset } from '../bench/derive/dataset.ts';
import type { Revision } from '../bench/schema/common.ts';
import type { Scenario } from '../bench/schema/scenario.ts';
import type { Range } from '../bench/schema/score.ts';
import { pct } from './format.ts';
import type { Display, Table, Value } from './table.ts';
import { checkpointUrl, scenarioUrl } from './urls.ts';

/** A score range as one value when it is one, `—` when empty. */
const rangeText = (r: Range): string =>
  r.min === null || r.max === null ? '—' : r.min === r.max ? pct(r.min) : `${pct(r.min)}–${pct(r.max)}`;

/** One row per scenario: oracle and null results and how many checkpoints some mutant kills. */
export function calibrationTable(d: Pick<Dataset, 'calibration' | 'scenarios'>, rev: Revision): Table {
  const rows = d.calibration.filter((c) => c.revision === rev);
  const title = (c: CalibrationRow) =>
    d.scenarios.find((s) => s.revision === c.revision && s.role === c.role && s.id === c.scenario)?.title ?? c.scenario;
  return {
    id: `calibration-${rev}`,
    caption: `Calibration gate · ${rev}`,
    columns: [
      { key: 'scenario', label: 'Scenario' },
      { key: 'role', label: 'Role' },
      { key: 'oracle_trials', label: 'Oracle trials', numeric: true },
      { key: 'oracle_min', label: 'Oracle score', numeric: true, title: 'must be 100% with no failing verdict' },
      { key: 'null_trials', label: 'Null trials', numeric: true },
      { key: 'null_max', label: 'Null score', numeric: true, title: 'must be 0%' },
      { key: 'cheater_max', label: 'Cheater score', numeric: true, title: 'must be 0% and find no planted secret' },
      {
        key: 'killed',
        label: 'Caught',
        numeric: true,
        title: 'checkpoints failed by at least one planted bug (a mutant implementation): the checkpoint can fail',
      },
      { key: 'checkpoints', label: 'Checkpoints', numeric: true },
      { key: 'ok', label: 'Gate' },
    ],
    rows: rows.map(({ summary: m, ...c }): Value[] => [
      `${c.role}/${c.scenario}`,
      c.role,
      c.oracle.trials,
      m.oracle.min,
      c.null.trials,
      m.null.max,
      m.cheater.max,
      m.killed,
      m.checkpoints,
      c.ok ? 'pass' : 'fail',
    ]),
    cells: rows.map((c): Display[] => [
      { text: title(c), href: scenarioUrl(c.revision, c.role, c.scenario), note: `${c.role}/${c.scenario}` },
      { text: c.role },
      { text: String(c.oracle.trials) },
      {
        text: rangeText(c.summary.oracle),
        ...(c.oracle.failing.length ? { note: `failing: ${c.oracle.failing.join(', ')}` } : {}),
      },
      { text: String(c.null.trials) },
      { text: rangeText(c.summary.null) },
      {
        text: c.cheater.contaminated ? `${c.cheater.contaminated} contaminated` : rangeText(c.summary.cheater),
        heat: c.cheater.contaminated ? 0 : undefined,
      },
      { text: String(c.summary.killed) },
      { text: String(c.summary.checkpoints) },
      { text: c.ok ? 'pass' : 'FAIL', heat: c.ok ? 4 : 0 },
    ]),
    notes: [
      'The build refuses to publish unless every scenario passes: the oracle (a known-good implementation) scores 100% with no failing verdict, the null subject (does nothing) 0%, the cheater (reads the answers instead of implementing) 0% having reached no planted secret, and every checkpoint is caught, failed by at least one planted bug (a mutant).',
    ],
  };
}

/** Checkpoints × mutants that ran the scenario: `killed` when the mutant's trial failed the checkpoint. */
export function killTable(d: Pick<Dataset, 'calibration' | 'trials'>, s: Scenario): Table {
  const row = d.calibration.find((c) => c.revision === s.revision && c.role === s.role && c.scenario === s.id);
  const mutants = [
    ...new Set(
      d.trials
        .filter(
          (t) =>
            t.revision === s.revision &&
            t.role === s.role &&
            t.scenario === s.id &&
            t.status === 'completed' &&
            t.subject.id.startsWith('calibration/mutant-'),
        )
        .map((t) => t.subject.id),
    ),
  ].sort();
  const short = (m: string) => m.replace(/^calibration\/mutant-/, '');
  return {
    id: `kills-${s.revision}-${s.role}-${s.id}`,
    caption: `Mutant kill matrix · ${s.title}`,
    columns: [
      { key: 'checkpoint', label: 'Checkpoint' },
      { key: 'level', label: 'Level' },
      ...mutants.map((m) => ({ key: m, label: short(m), title: m })),
    ],
    // No mutant trial yet: no rows, so pages show an empty state rather than a matrix with no columns.
    rows:
      mutants.length === 0
        ? []
        : s.checkpoints.map((c): Value[] => [
            c.slug,
            c.level,
            ...mutants.map((m) => (row?.kills[c.slug]?.includes(m) ? 'killed' : 'survived')),
          ]),
    cells:
      mutants.length === 0
        ? []
        : s.checkpoints.map((c): Display[] => [
            { text: c.slug, href: checkpointUrl(s.revision, s.role, s.id, c.slug) },
            { text: c.level },
            ...mutants.map((m) =>
              row?.kills[c.slug]?.includes(m)
                ? { text: '✕', note: `${m} fails ${c.slug}`, heat: 0 }
                : { text: '', note: `${m} passes ${c.slug}` },
            ),
          ]),
    notes: ['✕ = the mutant failed this checkpoint (killed). Every row needs at least one ✕.'],
  };
}
