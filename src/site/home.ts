// The home page's view models: derive's highlights (`dataset.stats.highlights`) as small leader tables, the
// calibration verdict as one line, the most-missed sentences strip and the docs-axis delta. Picks and formats only.
import type { Dataset } from '../bench/derive/dataset.ts';
import type { Revision } from '../bench/schema/common.ts';
import type {
  CalibrationVerdict,
  LeaderBoard,
  MissedSentence,
  RevisionHighlights,
} from '../bench/schema/highlights.ts';
import type { SubjectKind } from '../bench/schema/subject.ts';
import { KIND_TITLES, ROLE_TITLES } from './boards.ts';
import { coverageDisplay, rankDisplay } from './board-stats.ts';
import { isolationColumn, isolationDisplay, isolationNotes, isolationValue } from './isolation.ts';
import { pinnedQuote } from './spec-link.ts';
import { day, heat, pct, plural, points, round4, unitScore } from './format.ts';
import { foldConstantColumns, type Display, type Table, type Value } from './table.ts';
import { checkpointUrl, revisionUrl, subjectUrl } from './urls.ts';
import { DEFAULT_HARNESS, harnessBoard } from './harness-boards.ts';
import { harnessLabel } from './harness-name.ts';

/** Derive's highlights of one revision; a revision without them is a stale data set. */
export function highlightsOf(d: Pick<Dataset, 'stats'>, rev: Revision): RevisionHighlights {
  const h = d.stats.highlights.find((x) => x.revision === rev);
  if (!h) throw new Error(`no highlights for revision ${rev} in the data set\n  hint: re-run \`npm run derive\``);
  return h;
}

export const leaderId = (rev: Revision, l: Pick<LeaderBoard, 'kind' | 'docs' | 'role'>): string =>
  `leaders-${rev}-${l.docs}-${l.kind}${l.role ? `-${l.role}` : ''}`;

/** The top rows of one board: subject, rank, overall, client, server, and when / by what / how they ran. */
export function leaderTable(
  rev: Revision,
  l: LeaderBoard,
  subjects: Pick<Dataset, 'subjects'>['subjects'] = [],
): Table {
  const bySubject = new Map(subjects.map((s) => [s.id, s]));
  const harnessOf = (id: string) => harnessLabel(id, bySubject.get(id));
  const score = (v: number | null): Display => ({ text: pct(v), heat: heat(v) });
  // A harness version or isolation kind shared by every row is said once, under the table.
  return foldConstantColumns(
    {
      id: leaderId(rev, l),
      caption: l.role
        ? `Top ${KIND_TITLES[l.kind].toLowerCase()} · ${ROLE_TITLES[l.role].toLowerCase()} · ${rev}`
        : `Top ${KIND_TITLES[l.kind].toLowerCase()}${l.kind === 'agent' ? ' · pi (four tools)' : ''} · ${rev} · docs ${l.docs}`,
      columns: [
        { key: 'subject', label: 'Subject' },
        ...(l.kind === 'agent'
          ? [{ key: 'harness', label: 'Harness', title: 'The agent harness the model ran in, and its version' }]
          : []),
        { key: 'rank', label: '#', numeric: true },
        {
          key: 'overall',
          label: 'Overall',
          numeric: true,
          title: 'Mean of the scenario cells (a failed MUST zeroes a trial)',
        },
        ...(l.role
          ? [
              {
                key: 'coverage',
                label: 'Scenarios',
                numeric: true,
                title: `Scenarios with a score, of the revision's ${l.role} scenarios`,
              },
            ]
          : [
              { key: 'client', label: 'Client', numeric: true, title: 'Mean over client-role scenarios' },
              { key: 'server', label: 'Server', numeric: true, title: 'Mean over server-role scenarios' },
            ]),
        { key: 'last_run', label: 'Last run', title: 'When the latest trial of the row ended (UTC)' },
        { key: 'version', label: 'Benchmark', title: 'Benchmark version that produced the trials' },
        isolationColumn(),
      ],
      rows: l.rows.map((r): Value[] => [
        r.subject,
        ...(l.kind === 'agent' ? [harnessOf(r.subject)] : []),
        r.rank,
        round4(r.overall.mean),
        ...(l.role ? [r.overall.present] : [round4(r.client), round4(r.server)]),
        r.meta.lastRun,
        r.meta.versions.join(' '),
        isolationValue(r.meta.isolation),
      ]),
      cells: l.rows.map((r): Display[] => [
        { text: r.label, href: subjectUrl(r.subject), note: r.subject },
        ...(l.kind === 'agent' ? [{ text: harnessOf(r.subject) ?? '—' }] : []),
        rankDisplay(r),
        l.role
          ? score(r.overall.mean)
          : {
              ...score(r.overall.mean),
              ...(r.overall.complete
                ? {}
                : { flag: `${r.overall.present}/${r.overall.expected}`, note: 'only some scenarios have a score' }),
            },
        ...(l.role ? [coverageDisplay(r.overall)] : [score(r.client), score(r.server)]),
        { text: day(r.meta.lastRun), ...(r.meta.lastRun ? { note: r.meta.lastRun } : {}) },
        { text: r.meta.versions.join(', ') || '—' },
        isolationDisplay(r.meta.isolation),
      ]),
      notes: [
        ...(l.total > l.rows.length
          ? [`The first ${l.rows.length} of ${plural(l.total, 'row')}; the full board is on the revision page.`]
          : []),
        ...isolationNotes(l.rows.map((r) => r.meta.isolation)),
      ],
    },
    ['version', 'isolation'],
  );
}

/** Distinct spec sentences the scenarios' checkpoints assert, over both revisions (a sentence per revision). */
export function checkedSentences(d: Pick<Dataset, 'scenarios'>): number {
  return new Set(
    d.scenarios.flatMap((s) => s.checkpoints.flatMap((c) => (c.spec ? [`${s.revision} ${c.spec.id}`] : []))),
  ).size;
}

/**
 * The leader boards the home page shows for a revision: libraries as derive picked them; agents narrowed to pi's rows
 * (the default, like-for-like board), each row's rank and band those of pi's board, `total` its row count. A board
 * left without a row is dropped (the home page then invites a run).
 */
export function homeLeaders(d: Pick<Dataset, 'stats' | 'boards' | 'subjects'>, rev: Revision): LeaderBoard[] {
  return highlightsOf(d, rev).leaders.flatMap((l): LeaderBoard[] => {
    if (l.kind !== 'agent') return [l];
    const board = d.boards.find(
      (b) => b.revision === rev && b.kind === 'agent' && b.docs === l.docs && b.role === l.role,
    );
    if (!board) return [];
    const pi = harnessBoard(d, board, DEFAULT_HARNESS);
    const at = new Map(pi.rows.map((r) => [r.subject, r]));
    const rows = l.rows.flatMap((r) => {
      const p = at.get(r.subject);
      return p ? [{ ...r, rank: p.rank, rankBand: p.rankBand }] : [];
    });
    return rows.length ? [{ ...l, rows, total: pi.rows.length }] : [];
  });
}

/** Leader tables of every revision (for the downloads). */
export function leaderTables(d: Pick<Dataset, 'stats' | 'boards' | 'subjects'>): Table[] {
  return d.stats.highlights.flatMap((h) =>
    homeLeaders(d, h.revision).map((l) => leaderTable(h.revision, l, d.subjects)),
  );
}

/**
 * The calibration gate in plain words, one part per subject kind: "a known-good implementation scores 1.0 · a
 * do-nothing one 0 · 57 of 57 checkpoints catch a planted bug · a cheater scores 0".
 */
export function calibrationLine(v: CalibrationVerdict): { parts: string[]; ok: boolean; scenarios: string } {
  return {
    parts: [
      `a known-good implementation (the oracle) scores ${unitScore(v.oracleMin)}`,
      `a do-nothing one ${unitScore(v.nullMax)}`,
      `${v.killed} of ${v.checkpoints} checkpoints catch a planted bug`,
      `a cheater scores ${unitScore(v.cheaterMax)}${v.contaminated ? ` (${v.contaminated} contaminated)` : ''}`,
    ],
    ok: v.scenarios > 0 && v.passing === v.scenarios,
    scenarios: `${v.passing} of ${plural(v.scenarios, 'scenario')} pass the gate`,
  };
}

/** One sentence of the most-missed strip. */
export interface MissedItem {
  sentence: string;
  level: string;
  /** The sentence as quoted by its first checkpoint (inline markdown). */
  quote: string;
  /** The first checkpoint citing it. */
  href: string;
  /** "failed by 2 of 3 libraries · 60% of 5 verdicts". */
  figure: string;
  /** Fail rate in [0, 1] (a <meter>). */
  rate: number;
}

const KIND_NOUN: Record<SubjectKind, [string, string]> = {
  agent: ['agent', 'agents'],
  library: ['library', 'libraries'],
  calibration: ['calibration subject', 'calibration subjects'],
};

/** The most-missed sentences of one kind on one revision, with their quote and first checkpoint. */
export function missedItems(d: Pick<Dataset, 'scenarios'>, rev: Revision, kind: SubjectKind, ms: MissedSentence[]) {
  return ms.map((m): MissedItem => {
    const ref = m.checkpoints[0]!;
    const s = d.scenarios.find((x) => x.revision === rev && x.role === ref.role && x.id === ref.scenario);
    const spec = s?.checkpoints.find((c) => c.slug === ref.checkpoint)?.spec;
    // The spec's own links (`/specification/…`, `#heading`) point at the pinned file on GitHub, as on every page.
    const quote = spec ? pinnedQuote(rev, spec.file, spec.quote) : m.sentence;
    const [one, many] = KIND_NOUN[kind];
    return {
      sentence: m.sentence,
      level: m.level,
      quote,
      href: checkpointUrl(rev, ref.role, ref.scenario, ref.checkpoint),
      figure: `failed by ${m.failedBy} of ${m.judged === 1 ? `1 ${one}` : `${m.judged} ${many}`} · ${pct(m.failRate)} of ${plural(m.applicable, 'verdict')}`,
      rate: m.failRate,
    };
  });
}

/** Docs-axis effect of the agents that have both scores, best first (derive's order), as text. */
export function docsDeltaLines(d: Pick<Dataset, 'stats'>, rev: Revision, max: number) {
  return d.stats.docsDelta
    .filter((x) => x.revision === rev && x.delta !== null)
    .slice(0, max)
    .map((x) => ({
      label: x.label,
      href: subjectUrl(x.subject),
      text: `none ${pct(x.none)} → full ${pct(x.full)} (${points(x.delta)})`,
    }));
}

export const boardsLink = (rev: Revision, kind: SubjectKind): string => `${revisionUrl(rev)}#${kind}-${rev}`;
