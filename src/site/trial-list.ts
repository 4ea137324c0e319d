// The trials index: every published trial, one row each, ordered as the records lie under results/ (revision, role,
// scenario, docs, subject, k; scenarios in board order), agents first. One table of every trial is the download; the
// pages show it in slices of TRIALS_PAGE_SIZE per revision × role, because one page of 10,000 rows would be ~50 times
// the page budget (src/testing/page-weight.ts). `/trials/` lists the revision × role groups with links to their pages.
import type { Dataset, TrialRow } from '../bench/derive/dataset.ts';
import { cmp } from '../bench/problems.ts';
import { DOCS_AXES, REVISIONS, type Revision, type Role } from '../bench/schema/common.ts';
import { SubjectKindSchema } from '../bench/schema/subject.ts';
import { day, heat, pct, round4 } from './format.ts';
import { byKind } from './sections.ts';
import type { Display, Table, Value } from './table.ts';
import { scenarioUrl, subjectUrl, trialListUrl, trialUrl } from './urls.ts';

/**
 * Rows per page: the largest page of the committed records stays well inside the page budget at this size
 * (site-quality-records.test.ts measures a full page), and a page is still one screenful of sortable rows to scan.
 */
export const TRIALS_PAGE_SIZE = 100;

/** Revision × role groups in the order the methodology lists them (server first). */
const GROUPS = REVISIONS.flatMap((revision) => (['server', 'client'] as const).map((role) => ({ revision, role })));

type D = Pick<Dataset, 'trials' | 'scenarios'>;

/** One page of a revision × role group. */
export interface TrialListPage {
  revision: Revision;
  role: Role;
  /** 1-based page number. */
  page: number;
  /** Pages of its group. */
  pages: number;
  /** 1-based position of its first and last trial in the group. */
  from: number;
  to: number;
  /** Id of the page's table (and its downloads). */
  id: string;
}

export const trialPageId = (rev: Revision, role: Role, page: number): string => `trials-${rev}-${role}-${page}`;

/** The trials of one revision × role in path order, agents first (sections never mix subject kinds). */
function groupTrials(d: D, revision: Revision, role: Role): TrialRow[] {
  const scenarioAt = new Map(d.scenarios.map((s, i) => [`${s.revision}/${s.role}/${s.id}`, i]));
  const order = (t: TrialRow) => scenarioAt.get(`${t.revision}/${t.role}/${t.scenario}`) ?? Infinity;
  const kinds = SubjectKindSchema.options;
  return d.trials
    .filter((t) => t.revision === revision && t.role === role)
    .sort(
      (a, b) =>
        kinds.indexOf(a.subject.kind) - kinds.indexOf(b.subject.kind) ||
        order(a) - order(b) ||
        cmp(a.scenario, b.scenario) ||
        DOCS_AXES.indexOf(a.docs) - DOCS_AXES.indexOf(b.docs) ||
        cmp(a.subject.id, b.subject.id) ||
        a.k - b.k,
    );
}

/** Every page of every group, in group order. */
export function trialListPages(d: Pick<Dataset, 'trials'>, size = TRIALS_PAGE_SIZE): TrialListPage[] {
  return GROUPS.flatMap(({ revision, role }) => {
    const n = d.trials.filter((t) => t.revision === revision && t.role === role).length;
    const pages = Math.ceil(n / size);
    return Array.from({ length: pages }, (_, i) => ({
      revision,
      role,
      page: i + 1,
      pages,
      from: i * size + 1,
      to: Math.min(n, (i + 1) * size),
      id: trialPageId(revision, role, i + 1),
    }));
  });
}

const COLUMNS: Table['columns'] = [
  { key: 'trial', label: 'Trial' },
  { key: 'subject', label: 'Subject' },
  { key: 'revision', label: 'Revision' },
  { key: 'role', label: 'Role' },
  { key: 'scenario', label: 'Scenario' },
  { key: 'docs', label: 'Docs' },
  { key: 'k', label: 'k', numeric: true },
  { key: 'status', label: 'Status', title: 'completed, infra-error (the harness failed) or contaminated' },
  {
    key: 'score',
    label: 'Score',
    numeric: true,
    title: 'Trial score; empty when not scored (infra-error, contaminated)',
  },
  { key: 'started_at', label: 'Date', title: 'When the trial started (UTC); the download has the full timestamp' },
];

const row = (t: TrialRow): Value[] => [
  t.id,
  t.subject.id,
  t.revision,
  t.role,
  t.scenario,
  t.docs,
  t.k,
  t.status,
  round4(t.score?.score ?? null),
  t.startedAt,
];

const cells = (t: TrialRow): Display[] => [
  { text: t.id, href: trialUrl(t.id) },
  { text: t.subject.label, href: subjectUrl(t.subject.id) },
  { text: t.revision },
  { text: t.role },
  { text: t.scenario, href: scenarioUrl(t.revision, t.role, t.scenario) },
  { text: t.docs },
  { text: String(t.k) },
  { text: t.status },
  { text: pct(t.score?.score), heat: heat(t.score?.score) },
  { text: day(t.startedAt) },
];

/** A page's table: one body per subject kind (sorting stays inside it), so a mutant's row never passes for a result. */
function pageTable(id: string, caption: string, ts: TrialRow[]): Table {
  const { items, sections } = byKind(ts, (t) => t.subject.kind);
  return { id, caption, columns: COLUMNS, rows: items.map(row), cells: items.map(cells), notes: [], sections };
}

/**
 * The trial tables: `trials` (every trial: the download), `trials-index` (one row per revision × role, linking its
 * pages) and one table per page (`trials-<rev>-<role>-<page>`, the rows that page shows).
 */
export function trialTables(d: D, size = TRIALS_PAGE_SIZE): { all: Table; index: Table; pages: Table[] } {
  const groups = GROUPS.map((g) => ({ ...g, trials: groupTrials(d, g.revision, g.role) }));
  const pages = trialListPages(d, size);
  const count = (ts: TrialRow[], status: TrialRow['status']) => ts.filter((t) => t.status === status).length;
  // Download only (never a page), in group order: sections by kind would interleave the groups.
  const every = groups.flatMap((g) => g.trials);
  const all: Table = {
    id: 'trials',
    caption: 'Every trial',
    columns: COLUMNS,
    rows: every.map(row),
    cells: every.map(cells),
    notes: [],
  };
  const index: Table = {
    id: 'trials-index',
    caption: 'Trials by revision and role',
    columns: [
      { key: 'revision', label: 'Revision' },
      { key: 'role', label: 'Role' },
      { key: 'trials', label: 'Trials', numeric: true },
      { key: 'completed', label: 'Completed', numeric: true },
      { key: 'infra_error', label: 'Infra-error', numeric: true },
      { key: 'contaminated', label: 'Contaminated', numeric: true },
      { key: 'pages', label: 'Pages', numeric: true, title: `Pages of up to ${size} trials` },
    ],
    rows: groups.map((g): Value[] => [
      g.revision,
      g.role,
      g.trials.length,
      count(g.trials, 'completed'),
      count(g.trials, 'infra-error'),
      count(g.trials, 'contaminated'),
      Math.ceil(g.trials.length / size),
    ]),
    cells: groups.map((g): Display[] => {
      const mine = pages.filter((p) => p.revision === g.revision && p.role === g.role);
      return [
        { text: g.revision },
        { text: g.role },
        { text: String(g.trials.length) },
        { text: String(count(g.trials, 'completed')) },
        { text: String(count(g.trials, 'infra-error')) },
        { text: String(count(g.trials, 'contaminated')) },
        mine.length === 0
          ? { text: '—' }
          : {
              text: '',
              links: mine.map((p) => ({ text: `${p.from}–${p.to}`, href: trialListUrl(p.revision, p.role, p.page) })),
            },
      ];
    }),
    notes: [],
  };
  return {
    all,
    index,
    pages: pages.map((p) => {
      const g = groups.find((x) => x.revision === p.revision && x.role === p.role)!;
      const caption = `Trials ${p.from}–${p.to} of ${g.trials.length} · ${p.revision} · ${p.role}`;
      return pageTable(p.id, caption, g.trials.slice(p.from - 1, p.to));
    }),
  };
}

/** Links between the pages of one revision × role group, the current one marked. */
export function trialPager(
  pages: readonly TrialListPage[],
  at: Pick<TrialListPage, 'revision' | 'role' | 'page'>,
): { text: string; href: string; current: boolean }[] {
  return pages
    .filter((p) => p.revision === at.revision && p.role === at.role)
    .map((p) => ({
      text: `${p.from}–${p.to}`,
      href: trialListUrl(p.revision, p.role, p.page),
      current: p.page === at.page,
    }));
}
