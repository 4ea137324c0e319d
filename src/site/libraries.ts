// Libraries board extras: the scenarios a library cannot do (with the reason, shown instead of a score) and every
// failing MUST/SHOULD verdict of a library with its raw evidence (`dataset.libraries`, built by
// src/bench/derive/libraries.ts from libraries/registry.json and libraries/evidence/). Pure view models.
import type { Dataset } from '../bench/derive/dataset.ts';
import type { LibraryFailureRow, NotAttemptedRow } from '../bench/derive/libraries.ts';
import type { Revision } from '../bench/schema/common.ts';
import { revisionStats } from './stats.ts';
import type { Display, Table, Value } from './table.ts';
import { REVIEW_TEXT } from './review.ts';
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

/** The verdict as the table says it: a strict-only failure and a consequence say so. */
const verdictText = (f: LibraryFailureRow): string =>
  f.verdict !== 'fail' && f.strict?.verdict === 'fail'
    ? `${f.verdict}; strict reading: fail`
    : f.consequenceOf
      ? `fail (consequence of ${f.consequenceOf})`
      : f.verdict;

/** The review's links (acknowledged: the upstream thread; others: what bears on it), as plain text for CSV/JSON. */
const reviewLinks = (f: LibraryFailureRow): string[] => {
  const r = f.evidence?.review;
  return r && 'upstream' in r ? (r.upstream ?? []).map((l) => l.url) : [];
};

/**
 * Every failing MUST/SHOULD verdict of a library in one revision (scored, or the strict reading of a contested
 * checkpoint), with its review class, its evidence status and what shows it.
 */
export function libraryFailuresTable(d: Pick<Dataset, 'libraries' | 'stats'>, rev: Revision): Table {
  const rows = d.libraries.failures.filter((f) => f.revision === rev);
  const values = (f: LibraryFailureRow): Value[] => [
    f.subject,
    `${f.role}/${f.scenario}`,
    f.checkpoint,
    f.level,
    f.sentence,
    verdictText(f),
    f.evidence?.review.class ?? null,
    f.evidence?.review.reason ?? null,
    reviewLinks(f).join(' ') || null,
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
      text: verdictText(f),
      ...(f.trial ? { href: trialUrl(f.trial) } : {}),
      heat: f.verdict === 'fail' && !f.consequenceOf ? 0 : f.verdict === 'pass' ? 4 : null,
    },
    f.evidence
      ? { text: REVIEW_TEXT[f.evidence.review.class].label, note: REVIEW_TEXT[f.evidence.review.class].means }
      : { text: 'not reviewed' },
    { text: f.evidence?.review.reason ?? '—' },
    ...[reviewLinks(f)].map((urls): Display =>
      urls.length ? { text: `${urls.length} link${urls.length === 1 ? '' : 's'}`, href: urls[0]! } : { text: '—' },
    ),
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
        key: 'review',
        label: 'Review',
        title: 'why it fails: violation, acknowledged upstream, contested reading, consequence',
      },
      { key: 'reason', label: 'Reason', wide: true },
      {
        key: 'links',
        label: 'Upstream',
        title: 'the upstream issue or pull request (all links on the evidence list below)',
      },
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
      'Every failure is reviewed: a violation (the sentence admits no other reading), acknowledged upstream (linked), a contested reading (fails only the strict reading of a sentence a careful implementer reads another way: shown, never scored) or a consequence of another failure (not counted twice).',
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
export function notAttemptedTable(d: Pick<Dataset, 'libraries' | 'subjects'>, rev: Revision): Table {
  const rows = d.libraries.notAttempted.filter((n) => n.revision === rev);
  // A library that attempts nothing (it cannot speak the revision) has no trial, hence no subject page to link.
  const withPage = new Set(d.subjects.map((x) => x.id));
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
      { text: n.label, ...(withPage.has(n.subject) ? { href: subjectUrl(n.subject) } : {}), note: n.subject },
      { text: n.scenario, href: scenarioUrl(n.revision, n.role, n.scenario), note: n.role },
      { text: n.reason },
    ]),
    notes: [
      "Not attempted is not a score: the cell is left out of the row's mean, and the board's Scenarios column counts only the scenarios the library attempted.",
    ],
  };
}
