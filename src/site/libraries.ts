// Libraries board extras: the scenarios a library cannot do (with the reason, shown instead of a score) and every
// failing MUST/SHOULD verdict of a library with its raw evidence (`dataset.libraries`, built by
// src/bench/derive/libraries.ts from libraries/registry.json and libraries/evidence/). Pure view models.
import type { Dataset } from '../bench/derive/dataset.ts';
import type { LibraryFailureRow, NotAttemptedRow } from '../bench/derive/libraries.ts';
import type { Revision } from '../bench/schema/common.ts';
import { revisionStats } from './stats.ts';
import type { Display, Table, Value } from './table.ts';
import { checkpointUrl, librariesEvidenceUrl, scenarioUrl, subjectUrl, trialUrl } from './urls.ts';

/** Not-attempted rows by `<revision>/<subject>/<role>/<scenario>` (the board's cell key). */
export function notAttemptedIndex(d: Pick<Dataset, 'libraries'>): Map<string, NotAttemptedRow> {
  return new Map(d.libraries.notAttempted.map((n) => [`${n.revision}/${n.subject}/${n.role}/${n.scenario}`, n]));
}

const STATUS_TEXT: Record<string, string> = { confirmed: 'confirmed', 'judge-suspected-wrong': 'verdict doubted' };

/** Anchor of one failure's transcript on the page that lists them. */
export const evidenceAnchor = (
  f: Pick<LibraryFailureRow, 'revision' | 'subject' | 'role' | 'scenario' | 'checkpoint'>,
): string =>
  `evidence-${f.revision}-${f.subject.replace(/[^A-Za-z0-9]+/g, '-')}-${f.role}-${f.scenario}-${f.checkpoint}`;

/** Every failing MUST/SHOULD verdict of a library in one revision, with its evidence status and what shows it. */
export function libraryFailuresTable(d: Pick<Dataset, 'libraries' | 'stats'>, rev: Revision): Table {
  const rows = d.libraries.failures.filter((f) => f.revision === rev);
  const values = (f: LibraryFailureRow): Value[] => [
    f.subject,
    `${f.role}/${f.scenario}`,
    f.checkpoint,
    f.level,
    f.sentence,
    f.verdict,
    f.evidence?.status ?? 'none',
    f.evidence?.note ?? null,
    f.evidence?.file ?? null,
    f.evidence?.command ?? null,
  ];
  const cells = (f: LibraryFailureRow): Display[] => [
    { text: f.label, href: subjectUrl(f.subject), note: f.subject },
    { text: f.scenario, href: scenarioUrl(f.revision, f.role, f.scenario), note: f.role },
    {
      text: f.checkpoint,
      href: checkpointUrl(f.revision, f.role, f.scenario, f.checkpoint),
      ...(f.message ? { note: f.message } : {}),
    },
    { text: f.level },
    { text: f.sentence ?? '(task)' },
    {
      text: f.verdict,
      ...(f.trial ? { href: trialUrl(f.trial) } : {}),
      heat: f.verdict === 'fail' ? 0 : f.verdict === 'pass' ? 4 : null,
    },
    {
      text: f.evidence ? STATUS_TEXT[f.evidence.status]! : 'no raw evidence yet',
      heat: f.evidence?.status === 'confirmed' ? 0 : null,
      ...(f.evidence ? { href: `${librariesEvidenceUrl(f.revision)}#${evidenceAnchor(f)}` } : {}),
    },
    { text: f.evidence?.note ?? '—' },
    { text: f.evidence?.file ?? '—' },
    { text: f.evidence?.command ?? '—' },
  ];
  const doubted = revisionStats(d, rev).doubtedLibraryVerdicts;
  return {
    id: `library-failures-${rev}`,
    caption: `Library failures and their raw evidence · ${rev}`,
    columns: [
      { key: 'subject', label: 'Library' },
      { key: 'scenario', label: 'Scenario' },
      { key: 'checkpoint', label: 'Checkpoint', title: "hover: the judge's message" },
      { key: 'level', label: 'Level' },
      { key: 'sentence', label: 'Sentence' },
      { key: 'verdict', label: 'Verdict', title: "the checkpoint's verdict in the committed trial" },
      {
        key: 'evidence',
        label: 'Raw evidence',
        title:
          'confirmed: the exchange, recorded without the prober or reference server, violates the sentence; verdict doubted: it does not',
      },
      { key: 'shows', label: 'What the exchange shows' },
      { key: 'transcript', label: 'Transcript' },
      { key: 'command', label: 'Command', title: 'run from libraries/evidence/ by npm run libraries -- --evidence' },
    ],
    rows: rows.map(values),
    cells: rows.map(cells),
    notes: [
      "Each transcript is plain curl against the library's glue server on 127.0.0.1 (server role), or the library's client against a small hand-written recording server (client role): no prober, no reference server. `npm run libraries -- --evidence` re-runs them and checks each still shows what it says.",
      ...(doubted
        ? [
            `${doubted} verdict${doubted === 1 ? '' : 's'} doubted: the raw exchange does not show a violation of the sentence; reported to the judges' owner, the verdict stays as judged until the judge changes.`,
          ]
        : []),
    ],
  };
}

/** The scenarios each library cannot do, with the reason (these cells show n/a on the board, never 0). */
export function notAttemptedTable(d: Pick<Dataset, 'libraries'>, rev: Revision): Table {
  const rows = d.libraries.notAttempted.filter((n) => n.revision === rev);
  return {
    id: `library-not-attempted-${rev}`,
    caption: `Scenarios a library cannot do · ${rev}`,
    columns: [
      { key: 'subject', label: 'Library' },
      { key: 'scenario', label: 'Scenario' },
      { key: 'reason', label: 'Why not attempted' },
    ],
    rows: rows.map((n): Value[] => [n.subject, `${n.role}/${n.scenario}`, n.reason]),
    cells: rows.map((n): Display[] => [
      { text: n.label, href: subjectUrl(n.subject), note: n.subject },
      { text: n.scenario, href: scenarioUrl(n.revision, n.role, n.scenario), note: n.role },
      { text: n.reason },
    ]),
    notes: [
      "Not attempted is not a score: the cell is left out of the row's mean, and the row counts as incomplete (ranked after complete rows).",
    ],
  };
}
