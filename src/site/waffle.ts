// The checkpoint grid ("waffle") of one revision × role: a row per subject (agents per docs axis, then libraries, in
// board order), a small square per checkpoint, grouped by scenario. A square is one state of the subject's current,
// completed trials of that scenario, and links to the exchange that decided it. Pure: from the data set.
import type { Dataset, TrialRow } from '../bench/derive/dataset.ts';
import { causeOf } from '../bench/replay/attribution.ts';
import { PAGE_SIZE } from '../bench/replay/view.ts';
import type { DocsAxis, Revision, Role } from '../bench/schema/common.ts';
import type { Verdict } from '../bench/schema/verdict.ts';
import { checkpointUrl, scenarioUrl, subjectUrl, trialUrl } from './urls.ts';

/**
 * `pass`/`fail`: every applicable verdict agrees; `mixed`: some trials fail it, some pass (k > 1); `na`: never
 * applicable; `contested`: passes as scored, fails under the contested checkpoint's strict reading (shown, never
 * scored); `not-run`: no completed trial of the scenario.
 */
export const WAFFLE_STATES = ['pass', 'fail', 'mixed', 'contested', 'na', 'not-run'] as const;
export type WaffleState = (typeof WAFFLE_STATES)[number];

/** What each state is called in the legend and in a square's title. */
export const WAFFLE_STATE_TEXT: Record<WaffleState, string> = {
  pass: 'pass',
  fail: 'fail',
  mixed: 'fails in some trials',
  contested: 'fails only a contested reading (not scored)',
  na: 'not applicable',
  'not-run': 'not run (or a scenario the library cannot do)',
};

/** The one word a square's link says (screen readers; hidden on screen, where the square's shape says it). */
export const WAFFLE_STATE_WORD: Record<WaffleState, string> = {
  pass: 'pass',
  fail: 'fail',
  mixed: 'mixed',
  contested: 'contested',
  na: 'n/a',
  'not-run': 'not run',
};

export interface WaffleCell {
  state: WaffleState;
  /** The exchange that decided it (the trial page's `#x-<n>`, or the verdict row); none when not run. */
  href?: string;
}

export interface WaffleCheckpoint {
  slug: string;
  level: Verdict['level'];
  /** Sentence id; `null` for the task checkpoint. */
  sentence: string | null;
  /** The quoted sentence (markdown as in the spec), or the rule for the task checkpoint. */
  text: string;
  /** The pinned spec file the sentence is quoted from (its links are rewritten against it); `null` for the task. */
  file: string | null;
  href: string;
}

export interface WaffleGroup {
  scenario: string;
  title: string;
  href: string;
  checkpoints: WaffleCheckpoint[];
}

export interface WaffleRow {
  subject: string;
  label: string;
  href: string;
  kind: 'agent' | 'library';
  /** Docs axis (agents: a row per axis; libraries run `none` only). */
  docs: DocsAxis;
  /** Cells per group, in the groups' checkpoint order. */
  cells: WaffleCell[][];
}

export interface Waffle {
  revision: Revision;
  role: Role;
  groups: WaffleGroup[];
  rows: WaffleRow[];
  /** Squares per state over the whole grid. */
  counts: Record<WaffleState, number>;
  /** Checkpoints (columns) over every scenario. */
  columns: number;
  /** Which rows of the whole grid this is (1-based, inclusive) and of how many; one page unless cut by wafflePages. */
  rowsShown: { from: number; to: number; of: number };
}

/** The trial page link of a verdict's deciding exchange; the verdict row when that exchange is past page 1. */
function decidingHref(t: TrialRow, v: Verdict, strict = false): string {
  const x = causeOf(strict && v.strict ? v.strict : v);
  // An exchange's position in its log is at most its number (numbers only ever skip), so x < PAGE_SIZE is on page 1.
  return x !== undefined && x < PAGE_SIZE ? `${trialUrl(t.id)}#x-${x}` : `${trialUrl(t.id)}#v-${v.checkpoint}`;
}

/** One square from the subject's trials of the scenario (k order). */
export function waffleCell(trials: readonly TrialRow[], slug: string): WaffleCell {
  const judged = trials.flatMap((t) => {
    const v = t.verdicts.find((x) => x.checkpoint === slug);
    return v ? [{ t, v }] : [];
  });
  if (judged.length === 0) return { state: 'not-run' };
  const applicable = judged.filter((j) => j.v.verdict !== 'not-applicable');
  const failing = applicable.filter((j) => j.v.verdict === 'fail');
  if (applicable.length === 0) return { state: 'na', href: decidingHref(judged[0]!.t, judged[0]!.v) };
  if (failing.length > 0)
    return {
      state: failing.length === applicable.length ? 'fail' : 'mixed',
      href: decidingHref(failing[0]!.t, failing[0]!.v),
    };
  const strict = applicable.find((j) => j.v.strict?.verdict === 'fail');
  if (strict) return { state: 'contested', href: decidingHref(strict.t, strict.v, true) };
  return { state: 'pass', href: decidingHref(applicable[0]!.t, applicable[0]!.v) };
}

/** The grid of one revision × role; rows only for subjects with a trial there. */
export function waffle(d: Pick<Dataset, 'scenarios' | 'boards' | 'trials'>, revision: Revision, role: Role): Waffle {
  const scenarios = d.scenarios.filter((s) => s.revision === revision && s.role === role);
  const groups: WaffleGroup[] = scenarios.map((s) => ({
    scenario: s.id,
    title: s.title,
    href: scenarioUrl(revision, role, s.id),
    checkpoints: s.checkpoints.map((c) => ({
      slug: c.slug,
      level: c.level,
      sentence: c.spec?.id ?? null,
      text: c.spec?.quote ?? c.rule,
      file: c.spec?.file ?? null,
      href: checkpointUrl(revision, role, s.id, c.slug),
    })),
  }));
  const cellTrials = new Map<string, TrialRow[]>();
  for (const t of d.trials) {
    if (t.revision !== revision || t.role !== role || t.status !== 'completed' || !t.current) continue;
    const key = `${t.subject.id} ${t.docs} ${t.scenario}`;
    cellTrials.set(key, [...(cellTrials.get(key) ?? []), t]);
  }
  for (const list of cellTrials.values()) list.sort((a, b) => a.k - b.k);
  const ran = new Set([...cellTrials.keys()].map((k) => k.split(' ').slice(0, 2).join(' ')));
  const boards = d.boards.filter(
    (b) =>
      b.revision === revision && (b.kind === 'agent' || (b.kind === 'library' && (b.role === role || b.role === null))),
  );
  const rows: WaffleRow[] = [];
  const seen = new Set<string>();
  for (const b of [...boards].sort((x, y) => (x.kind === y.kind ? 0 : x.kind === 'agent' ? -1 : 1)))
    for (const r of b.rows) {
      const key = `${r.subject} ${b.docs}`;
      if (seen.has(key) || !ran.has(key) || (r.kind !== 'agent' && r.kind !== 'library')) continue;
      seen.add(key);
      rows.push({
        subject: r.subject,
        label: r.label,
        href: subjectUrl(r.subject),
        kind: r.kind,
        docs: b.docs,
        cells: groups.map((g) =>
          g.checkpoints.map((c) => waffleCell(cellTrials.get(`${r.subject} ${b.docs} ${g.scenario}`) ?? [], c.slug)),
        ),
      });
    }
  const counts = Object.fromEntries(WAFFLE_STATES.map((s) => [s, 0])) as Record<WaffleState, number>;
  for (const r of rows) for (const g of r.cells) for (const c of g) counts[c.state]++;
  const columns = groups.reduce((a, g) => a + g.checkpoints.length, 0);
  return { revision, role, groups, rows, counts, columns, rowsShown: { from: 1, to: rows.length, of: rows.length } };
}

/** Rows per grid page: a page stays within the page-weight budget at 10,000 trials (site-build test, npm run bench). */
export const WAFFLE_ROWS_PER_PAGE = 20;

/** The grid cut into pages of rows (at least one page, empty when there are no rows). */
export function wafflePages(w: Waffle, size = WAFFLE_ROWS_PER_PAGE): Waffle[] {
  const pages: Waffle[] = [];
  for (let i = 0; i === 0 || i < w.rows.length; i += size) {
    const rows = w.rows.slice(i, i + size);
    pages.push({ ...w, rows, rowsShown: { from: i + 1, to: i + rows.length, of: w.rows.length } });
  }
  return pages;
}
