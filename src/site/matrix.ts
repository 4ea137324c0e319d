// Checkpoint matrix (subjects × checkpoints, pass rate) and the most-missed list, per revision. The tallies and rates
// are derive's (`dataset.stats.tallies`, `dataset.stats.missed`); this picks rows and columns and formats them.
import type { Dataset } from '../bench/derive/dataset.ts';
import { checkpointColumns } from '../bench/derive/tallies.ts';
import { DOCS_AXES, type DocsAxis, type Revision } from '../bench/schema/common.ts';
import type { Checkpoint } from '../bench/schema/checkpoint.ts';
import type { Scenario } from '../bench/schema/scenario.ts';
import type { TallyRow } from '../bench/schema/stats.ts';
import { heat, pct, round4 } from './format.ts';
import type { Column, Display, Table, Value } from './table.ts';
import { checkpointUrl, subjectUrl } from './urls.ts';

/** Matrix columns: scenarios in board order, then checkpoints by level (MUST, SHOULD, MAY), then scenario order. */
export const matrixColumns = (
  scenarios: readonly Scenario[],
  rev: Revision,
): { scenario: Scenario; checkpoint: Checkpoint }[] => checkpointColumns(scenarios, rev);

/** Tally rows by `<revision>/<role>/<scenario>/<subject>/<docs>`. */
export function tallyIndex(d: Pick<Dataset, 'stats'>): Map<string, TallyRow> {
  return new Map(d.stats.tallies.map((t) => [`${t.revision}/${t.role}/${t.scenario}/${t.subject}/${t.docs}`, t]));
}

/** Subjects (agents and libraries, per docs axis) × checkpoints; value = pass rate over completed trials. */
export function matrixTable(d: Pick<Dataset, 'scenarios' | 'subjects' | 'stats'>, rev: Revision): Table {
  const cols = matrixColumns(d.scenarios, rev);
  const columns: Column[] = [
    { key: 'subject', label: 'Subject' },
    { key: 'docs', label: 'Docs' },
    ...cols.map(({ scenario: s, checkpoint: c }) => ({
      key: `${s.role}/${s.id}/${c.slug}`,
      label: `${c.level} · ${c.slug}`,
      title: `${c.level}${c.spec ? ` · ${c.spec.id}` : ' · task'}: ${c.rule}`,
      numeric: true,
      group: `${s.role}/${s.id}`,
      groupLabel: `${s.title} (${s.role})`,
      href: checkpointUrl(s.revision, s.role, s.id, c.slug),
    })),
  ];
  const rows: Value[][] = [];
  const cells: Display[][] = [];
  const index = tallyIndex(d);
  // A subject × docs axis is a row when it has any trial on the revision (any scenario, any status).
  const ran = new Set(d.stats.tallies.filter((t) => t.revision === rev).map((t) => `${t.subject}/${t.docs}`));
  for (const subj of d.subjects.filter((s) => s.kind !== 'calibration')) {
    for (const docs of DOCS_AXES) {
      if (!ran.has(`${subj.id}/${docs}`)) continue;
      const tallies = cols.map(
        ({ scenario: s, checkpoint: c }) =>
          index.get(`${rev}/${s.role}/${s.id}/${subj.id}/${docs}`)?.checkpoints[c.slug],
      );
      rows.push([subj.id, docs, ...tallies.map((t) => round4(t?.rate))]);
      cells.push([
        { text: subj.label, href: subjectUrl(subj.id), note: subj.id },
        { text: docs },
        ...tallies.map((t) => ({
          text: !t ? '·' : t.rate === null ? 'n/a' : pct(t.rate),
          heat: heat(t?.rate),
          note: t ? `${t.pass} pass, ${t.fail} fail, ${t.na} not applicable` : 'not run',
        })),
      ]);
    }
  }
  return {
    id: `matrix-${rev}`,
    caption: `Checkpoint pass rate · ${rev}`,
    columns,
    rows,
    cells,
    notes: [
      'Pass rate = passed / (passed + failed) over completed trials; not-applicable verdicts are left out; n/a: never applicable; ·: not run.',
    ],
  };
}

/** Checkpoints ranked by how often agents fail them (highest failure rate first: derive's order). */
export function missedTable(d: Pick<Dataset, 'scenarios' | 'stats'>, rev: Revision): Table {
  const scenario = new Map(d.scenarios.filter((s) => s.revision === rev).map((s) => [`${s.role}/${s.id}`, s]));
  const items = d.stats.missed
    .filter((m) => m.revision === rev)
    .map((m) => {
      const s = scenario.get(`${m.role}/${m.scenario}`);
      const c = s?.checkpoints.find((x) => x.slug === m.checkpoint);
      if (!s || !c)
        throw new Error(
          `stats.missed: no checkpoint ${m.checkpoint} in ${rev}/${m.role}/${m.scenario}\n  hint: re-run \`npm run derive\``,
        );
      return { ...m, s, c };
    });
  return {
    id: `missed-${rev}`,
    caption: `Most-missed checkpoints by agents · ${rev}`,
    columns: [
      { key: 'checkpoint', label: 'Checkpoint' },
      { key: 'scenario', label: 'Scenario' },
      { key: 'role', label: 'Role' },
      { key: 'level', label: 'Level' },
      { key: 'sentence', label: 'Sentence' },
      { key: 'fail_rate', label: 'Failed', numeric: true },
      { key: 'failed', label: 'Fail', numeric: true },
      { key: 'applicable', label: 'Applicable', numeric: true },
    ],
    rows: items.map((x) => [
      x.c.slug,
      `${x.s.role}/${x.s.id}`,
      x.s.role,
      x.c.level,
      x.c.spec?.id ?? null,
      round4(x.failRate),
      x.tally.fail,
      x.tally.applicable,
    ]),
    cells: items.map((x) => [
      { text: x.c.slug, href: checkpointUrl(x.s.revision, x.s.role, x.s.id, x.c.slug) },
      { text: x.s.title, note: `${x.s.role}/${x.s.id}` },
      { text: x.s.role },
      { text: x.c.level },
      { text: x.c.spec?.id ?? 'task' },
      { text: pct(x.failRate), heat: heat(x.tally.rate) },
      { text: String(x.tally.fail) },
      { text: String(x.tally.applicable) },
    ]),
    notes: ['Over completed agent trials, both docs axes; not-applicable verdicts left out.'],
  };
}

/** The docs axes a subject has tally rows on for one scenario with completed trials, in axis order. */
export const completedDocs = (
  index: Map<string, TallyRow>,
  s: Pick<Scenario, 'revision' | 'role' | 'id'>,
  subject: string,
): { docs: DocsAxis; row: TallyRow }[] =>
  DOCS_AXES.flatMap((docs) => {
    const row = index.get(`${s.revision}/${s.role}/${s.id}/${subject}/${docs}`);
    return row && row.completed > 0 ? [{ docs, row }] : [];
  });
