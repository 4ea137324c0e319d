// Tables of the subject, scenario and checkpoint pages.
import { subjectPlace } from './harness-boards.ts';
import { isMeasured, MEASURED, MEASURED_FLAG, MEASURED_NOTE, REPORTED, REPORTED_NOTE } from './usage-source.ts';
import { failsAnyReading } from '../bench/scoring/score.ts';
import type { CellRow, Dataset, TrialRow } from '../bench/derive/dataset.ts';
import type { CoverageReport } from '../bench/coverage/types.ts';
import { ScenarioSchema, type Scenario } from '../bench/schema/scenario.ts';
import { boardUrl, flagsK1, idOfBoard, KINDS } from './boards.ts';
import { rankDisplay } from './board-stats.ts';
import { duration, heat, mayTally, pct, round4, usd } from './format.ts';
import { ISOLATION_BLURBS, isolationColumn, isolationDisplay, isolationNotes, isolationValue } from './isolation.ts';
import { completedDocs, tallyIndex } from './matrix.ts';
import { byKind } from './sections.ts';
import { boardName } from './subject-index.ts';
import { ledgerLink } from './coverage.ts';
import { pinnedQuote, specLink, specLocation } from './spec-link.ts';
import type { Display, Table, Value } from './table.ts';
import { checkpointUrl, revisionUrl, scenarioUrl, subjectToken, subjectUrl, trialFileUrl, trialUrl } from './urls.ts';

const gradeMax = ScenarioSchema.shape.grade.maxValue;
if (gradeMax === null) throw new Error('ScenarioSchema: grade has no maximum');
/** Top of the scenario difficulty scale ("grade 3 of 5"), read from the schema's bound. */
export const GRADE_MAX: number = gradeMax;

type D = Pick<Dataset, 'scenarios' | 'trials' | 'cells' | 'subjects' | 'stats'>;

/** Where a subject stands on each board it appears on (revision × docs axis). */
export function subjectBoardsTable(d: Pick<Dataset, 'boards' | 'subjects'>, subject: string): Table {
  // An agent's place is on its harness's board (pi's is the ranked comparison): rank and row count from that board.
  const places = d.boards.flatMap((full) => {
    const { board: b, href } = subjectPlace(d, full, subject);
    const r = b.rows.find((x) => x.subject === subject);
    return r ? [{ b, r, rank: r.rank, href }] : [];
  });
  return {
    id: `subject-${subjectToken(subject)}-boards`,
    caption: 'Board positions',
    columns: [
      { key: 'board', label: 'Board' },
      { key: 'rank', label: 'Rank', numeric: true },
      { key: 'of', label: 'Of', numeric: true },
      { key: 'overall', label: 'Overall', numeric: true },
      { key: 'client', label: 'Client', numeric: true },
      { key: 'server', label: 'Server', numeric: true },
      { key: 'may', label: 'MAY', numeric: true },
      isolationColumn(),
    ],
    rows: places.map(({ b, r, rank }): Value[] => [
      b.role ? `${b.revision}/${b.role}` : `${b.revision}/${b.docs}`,
      rank,
      b.rows.length,
      round4(r.overall.mean),
      round4(r.client.mean),
      round4(r.server.mean),
      round4(r.mayTally),
      isolationValue(r.isolation),
    ]),
    cells: places.map(({ b, r, href }): Display[] => [
      {
        text: boardName(b),
        href,
      },
      rankDisplay(r),
      { text: String(b.rows.length) },
      {
        text: pct(r.overall.mean),
        heat: heat(r.overall.mean),
        ...(r.overall.complete ? {} : { flag: `${r.overall.present}/${r.overall.expected}` }),
      },
      { text: pct(r.client.mean), heat: heat(r.client.mean) },
      { text: pct(r.server.mean), heat: heat(r.server.mean) },
      { text: mayTally(r.mayTally) },
      isolationDisplay(r.isolation),
    ]),
    notes: isolationNotes(places.map(({ r }) => r.isolation)),
  };
}

const trialLinks = (ids: readonly string[], byId: Map<string, TrialRow>) =>
  ids.map((id) => {
    const t = byId.get(id);
    return { text: t ? (t.status === 'infra-error' ? `k${t.k} (infra)` : `k${t.k}`) : id, href: trialUrl(id) };
  });

const scenarioOf = (d: Pick<Dataset, 'scenarios'>, c: { revision: string; role: string; scenario: string }) =>
  d.scenarios.find((s) => s.revision === c.revision && s.role === c.role && s.id === c.scenario);

function cellRowsTable(
  d: D,
  id: string,
  caption: string,
  cells: readonly CellRow[],
  first: 'scenario' | 'subject',
): Table {
  const byId = new Map(d.trials.map((t) => [t.id, t]));
  const label = new Map(d.subjects.map((s) => [s.id, s.label]));
  const kind = new Map(d.subjects.map((s) => [s.id, s.kind]));
  return {
    id,
    caption,
    columns: [
      first === 'scenario' ? { key: 'scenario', label: 'Scenario' } : { key: 'subject', label: 'Subject' },
      first === 'scenario' ? { key: 'role', label: 'Role' } : { key: 'kind', label: 'Kind' },
      { key: 'revision', label: 'Revision' },
      { key: 'docs', label: 'Docs' },
      { key: 'score', label: 'Score', numeric: true },
      { key: 'k', label: 'k', numeric: true },
      { key: 'min', label: 'Min', numeric: true },
      { key: 'max', label: 'Max', numeric: true },
      { key: 'infra_errors', label: 'Infra', numeric: true },
      isolationColumn(),
      { key: 'trials', label: 'Trials' },
    ],
    rows: cells.map((c): Value[] => [
      first === 'scenario' ? `${c.role}/${c.scenario}` : c.subject,
      first === 'scenario' ? c.role : (kind.get(c.subject) ?? null),
      c.revision,
      c.docs,
      round4(c.cell.mean),
      c.cell.k,
      round4(c.cell.min),
      round4(c.cell.max),
      c.cell.infraErrors,
      isolationValue(c.isolation),
      c.trials.join(' '),
    ]),
    cells: cells.map((c): Display[] => [
      first === 'scenario'
        ? {
            text: scenarioOf(d, c)?.title ?? c.scenario,
            href: scenarioUrl(c.revision, c.role, c.scenario),
            note: `${c.role}/${c.scenario}`,
          }
        : { text: label.get(c.subject) ?? c.subject, href: subjectUrl(c.subject), note: c.subject },
      { text: first === 'scenario' ? c.role : (kind.get(c.subject) ?? '—') },
      { text: c.revision },
      { text: c.docs },
      {
        text: pct(c.cell.mean),
        heat: heat(c.cell.mean),
        ...(c.cell.k === 1 && flagsK1(kind.get(c.subject)) ? { flag: 'k=1' } : {}),
      },
      { text: String(c.cell.k) },
      { text: pct(c.cell.min) },
      { text: pct(c.cell.max) },
      { text: String(c.cell.infraErrors) },
      isolationDisplay(c.isolation),
      { text: '', links: trialLinks(c.trials, byId) },
    ]),
    notes: [
      ...(cells.some((c) => c.cell.infraErrors) ? ['Infra-error trials are listed but excluded from scores.'] : []),
      ...isolationNotes(cells.map((c) => c.isolation)),
    ],
  };
}

/** A subject's cells over every revision, docs axis and scenario. */
export function subjectCellsTable(d: D, subject: string): Table {
  return cellRowsTable(
    d,
    `subject-${subjectToken(subject)}-cells`,
    'Cells (scenario × docs, over k trials)',
    d.cells.filter((c) => c.subject === subject),
    'scenario',
  );
}

/** A subject's trials with provenance: record and wire log as published files. */
export function subjectTrialsTable(d: D, subject: string): Table {
  const ts = d.trials.filter((t) => t.subject.id === subject);
  return {
    id: `subject-${subjectToken(subject)}-trials`,
    caption: 'Trials',
    columns: [
      { key: 'trial', label: 'Trial' },
      { key: 'revision', label: 'Revision' },
      { key: 'scenario', label: 'Scenario' },
      { key: 'docs', label: 'Docs' },
      { key: 'k', label: 'k', numeric: true },
      { key: 'status', label: 'Status' },
      { key: 'score', label: 'Score', numeric: true },
      { key: 'must_failed', label: 'MUST failed', numeric: true },
      { key: 'cost_usd', label: 'Cost', numeric: true },
      { key: 'wall_time_ms', label: 'Time', numeric: true },
      isolationColumn(),
      {
        key: 'run',
        label: 'Run',
        title: 'The run manifest (runs/<id>.json) a sweep made this trial from; — for single trials',
      },
      { key: 'record', label: 'Files' },
    ],
    rows: ts.map((t): Value[] => [
      t.id,
      t.revision,
      `${t.role}/${t.scenario}`,
      t.docs,
      t.k,
      t.status,
      round4(t.score?.score ?? null),
      t.score ? t.score.mustFailed.length : null,
      round4(t.usage.costUsd ?? null),
      t.usage.wallTimeMs ?? null,
      t.isolation,
      t.run ?? null,
      t.files.record,
    ]),
    cells: ts.map((t): Display[] => [
      { text: t.id, href: trialUrl(t.id) },
      { text: t.revision },
      { text: scenarioOf(d, t)?.title ?? t.scenario, href: scenarioUrl(t.revision, t.role, t.scenario) },
      { text: t.docs },
      { text: String(t.k) },
      { text: t.status, ...(t.infraReason ? { note: t.infraReason } : {}) },
      { text: pct(t.score?.score), heat: heat(t.score?.score) },
      {
        text: t.score ? String(t.score.mustFailed.length) : '—',
        ...(t.score?.mustFailed.length ? { note: t.score.mustFailed.join(', ') } : {}),
      },
      {
        text: usd(t.usage.costUsd),
        ...(t.usage.costUsd === undefined
          ? {}
          : isMeasured(t.usage)
            ? { flag: MEASURED_FLAG, note: MEASURED_NOTE }
            : { note: REPORTED_NOTE }),
      },
      { text: duration(t.usage.wallTimeMs) },
      { text: t.isolation, note: ISOLATION_BLURBS[t.isolation] },
      t.run
        ? { text: t.run, note: `run manifest runs/${t.run}.json (examples: runs/examples/${t.run}.json)` }
        : { text: '—' },
      {
        text: '',
        links: [
          { text: 'record', href: trialFileUrl(t.id, 'record.json') },
          { text: 'wire', href: trialFileUrl(t.id, 'wire.jsonl') },
          ...(t.files.transcript ? [{ text: 'transcript', href: trialFileUrl(t.id, 'transcript.jsonl') }] : []),
          ...(t.files.model ? [{ text: 'model traffic', href: trialFileUrl(t.id, 'model.jsonl') }] : []),
        ],
      },
    ]),
    notes: ts.some((t) => t.usage.costUsd !== undefined && isMeasured(t.usage))
      ? [`measured: the trial's tokens and cost were ${MEASURED}; the others' are ${REPORTED}.`]
      : [],
  };
}

/** A scenario's checkpoints: level, cited sentence (quoted) and its pinned location. */
export function checkpointsTable(s: Scenario, coverage: CoverageReport | undefined): Table {
  return {
    id: `checkpoints-${s.revision}-${s.role}-${s.id}`,
    caption: 'Checkpoints',
    columns: [
      { key: 'checkpoint', label: 'Checkpoint' },
      { key: 'level', label: 'Level' },
      { key: 'sentence_id', label: 'Sentence' },
      { key: 'quote', label: 'Quoted sentence', wide: true },
      { key: 'location', label: 'Spec (pinned)' },
      { key: 'rule', label: 'Judge rule', wide: true },
    ],
    rows: s.checkpoints.map((c): Value[] => [
      c.slug,
      c.level,
      c.spec?.id ?? null,
      c.spec?.quote ?? null,
      c.spec ? `${c.spec.file}:${c.spec.line}` : null,
      c.rule,
    ]),
    cells: s.checkpoints.map((c): Display[] => {
      const ledger = c.spec && ledgerLink(coverage, s.revision, s.role, c.spec.id);
      return [
        { text: c.slug, href: checkpointUrl(s.revision, s.role, s.id, c.slug) },
        { text: c.level },
        c.spec ? { text: c.spec.id, ...(ledger ? { href: ledger } : {}) } : { text: 'task' },
        c.spec
          ? { text: pinnedQuote(s.revision, c.spec.file, c.spec.quote), md: true }
          : { text: 'Finishing the task (no spec sentence).' },
        c.spec
          ? { text: specLocation(c.spec.file, c.spec.line), href: specLink(s.revision, c.spec.file, c.spec.line) }
          : { text: '—' },
        { text: c.rule, ...(c.appliesWhen ? { note: `applies ${c.appliesWhen}` } : {}) },
      ];
    }),
    notes: [],
  };
}

/** Results per subject × docs for one scenario. */
export function scenarioResultsTable(d: D, s: Scenario): Table {
  const cells = d.cells.filter((c) => c.revision === s.revision && c.role === s.role && c.scenario === s.id);
  const order = new Map(d.subjects.map((x, i) => [x.id, [KINDS.indexOf(x.kind), i] as const]));
  const sorted = [...cells].sort(
    (a, b) =>
      order.get(a.subject)![0] - order.get(b.subject)![0] ||
      (b.cell.mean ?? -1) - (a.cell.mean ?? -1) ||
      order.get(a.subject)![1] - order.get(b.subject)![1] ||
      (a.docs < b.docs ? 1 : -1),
  );
  const kinds = new Map(d.subjects.map((x) => [x.id, x.kind]));
  const { sections } = byKind(sorted, (c) => kinds.get(c.subject));
  return {
    ...cellRowsTable(d, `scenario-${s.revision}-${s.role}-${s.id}`, 'Results per subject', sorted, 'subject'),
    sections,
  };
}

/** Per subject × docs: pass / fail / not-applicable for one checkpoint (derive's tallies). */
export function checkpointResultsTable(d: D, s: Scenario, slug: string, index = tallyIndex(d)): Table {
  const { items: groups, sections } = byKind(
    d.subjects.flatMap((subj) =>
      completedDocs(index, s, subj.id).map(({ docs, row }) => ({
        subject: subj.id,
        kind: subj.kind,
        label: subj.label,
        docs,
        t: row.checkpoints[slug],
        isolation: row.isolation,
      })),
    ),
    (g) => g.kind,
  );
  return {
    id: `checkpoint-${s.revision}-${s.role}-${s.id}-${slug}`,
    caption: 'Results per subject',
    columns: [
      { key: 'subject', label: 'Subject' },
      { key: 'docs', label: 'Docs' },
      { key: 'pass', label: 'Pass', numeric: true },
      { key: 'fail', label: 'Fail', numeric: true },
      { key: 'not_applicable', label: 'N/A', numeric: true },
      { key: 'pass_rate', label: 'Pass rate', numeric: true },
      isolationColumn(),
    ],
    rows: groups.map(({ subject, docs, t, isolation }): Value[] => [
      subject,
      docs,
      t?.pass ?? 0,
      t?.fail ?? 0,
      t?.na ?? 0,
      round4(t?.rate),
      isolationValue(isolation),
    ]),
    cells: groups.map(({ subject, label, docs, t, isolation }): Display[] => [
      { text: label, href: subjectUrl(subject), note: subject },
      { text: docs },
      { text: String(t?.pass ?? 0) },
      { text: String(t?.fail ?? 0) },
      { text: String(t?.na ?? 0) },
      { text: pct(t?.rate), heat: heat(t?.rate) },
      isolationDisplay(isolation),
    ]),
    notes: ['Completed trials only.', ...isolationNotes(groups.map((g) => g.isolation))],
    sections,
  };
}

/**
 * Every failing verdict of one checkpoint, with the judge's message and a link to the trial: failures of the scored
 * reading, and for a contested checkpoint the trials that fail only its strict reading (shown, not scored).
 */
export function failingTrialsTable(d: D, s: Scenario, slug: string): Table {
  const { items: rows, sections } = byKind(
    d.trials
      .filter((t) => t.revision === s.revision && t.role === s.role && t.scenario === s.id && t.status === 'completed')
      .flatMap((t) => t.verdicts.filter((v) => v.checkpoint === slug && failsAnyReading(v)).map((v) => ({ t, v }))),
    (r) => r.t.subject.kind,
  );
  const counts = (v: D['trials'][number]['verdicts'][number]): string =>
    v.verdict !== 'fail'
      ? 'no: fails only the contested strict reading'
      : v.consequenceOf
        ? `no: consequence of ${v.consequenceOf}`
        : 'yes';
  const message = (v: D['trials'][number]['verdicts'][number]): string =>
    v.verdict === 'fail' ? v.message : `strict reading: ${v.strict!.message}`;
  return {
    id: `failing-${s.revision}-${s.role}-${s.id}-${slug}`,
    caption: 'Failing trials',
    columns: [
      { key: 'trial', label: 'Trial' },
      { key: 'subject', label: 'Subject' },
      { key: 'docs', label: 'Docs' },
      { key: 'k', label: 'k', numeric: true },
      {
        key: 'counts',
        label: 'Counts in the score',
        title: 'a contested strict reading and a consequence are shown, never scored',
      },
      { key: 'message', label: 'Judge message', wide: true },
    ],
    rows: rows.map(({ t, v }): Value[] => [t.id, t.subject.id, t.docs, t.k, counts(v), message(v)]),
    cells: rows.map(({ t, v }): Display[] => [
      { text: t.id, href: trialUrl(t.id) },
      { text: t.subject.label, href: subjectUrl(t.subject.id) },
      { text: t.docs },
      { text: String(t.k) },
      { text: counts(v), heat: v.verdict === 'fail' && !v.consequenceOf ? 0 : null },
      { text: message(v) },
    ]),
    notes: [],
    sections,
  };
}
