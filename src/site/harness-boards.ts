// Agent boards per harness. pi with its four tools is the benchmark's ranked comparison, so the default agent board
// (`board-<rev>-<docs>-agent`, the revision page and `/<rev>/agents/`) lists pi's rows only; every other harness has a
// board of its own (`/<rev>/agents/<harness>/`), and "all harnesses" (`/<rev>/agents/all/`) lists every agent row,
// captioned as a mix that is not a like-for-like model comparison. A filtered board keeps derive's row order and gets
// its own rank bands (rankBands over its rows: a band never reaches into another harness's rows); intervals are per
// row, so they do not change. Static pages, not a script: the default view is pi's without JS.
import type { Board, Dataset } from '../bench/derive/dataset.ts';
import { cmp } from '../bench/problems.ts';
import { rankBands } from '../bench/scoring/board.ts';
import type { DocsAxis, Revision } from '../bench/schema/common.ts';
import { SANDBOXED_HARNESSES } from '../bench/schema/subject.ts';
import { boardTable, boardUrl, cellIndex, idOfBoard } from './boards.ts';
import { withFilterData } from './filters.ts';
import { notAttemptedIndex } from './libraries.ts';
import type { Table } from './table.ts';
import { harnessOfId } from './harness-name.ts';
import { href } from './urls.ts';

/** The harness whose board is the default view (four tools: read, write, edit, bash). */
export const DEFAULT_HARNESS = 'pi';

/** The agent harnesses the runner knows (`npm run trial -- --agent`), pi first: each gets a board page, runs or not. */
export const AGENT_HARNESSES: readonly string[] = ['pi', ...SANDBOXED_HARNESSES];

/**
 * A harness name that may become a page and a table id: a short lower-case slug (the subject schema allows any
 * string; a harness named otherwise is listed on the all-harnesses board only).
 */
export const HARNESS_SLUG = /^[a-z0-9][a-z0-9.-]{0,39}$/;

/** A board view: one harness, or every agent row (`all`). */
export type HarnessView = string;
export const ALL_HARNESSES: HarnessView = 'all';

/** The harness of a subject: the data set's `harness` field, else its id (archived boards have no subject list). */
function harnessIndex(d: Pick<Dataset, 'subjects'>): (subject: string) => string | undefined {
  const byId = new Map(d.subjects.map((s) => [s.id, s.harness]));
  return (id) => byId.get(id) ?? harnessOfId(id)?.harness;
}

/**
 * The harness views of a revision's agent boards: pi, the other known harnesses, any other harness the records name
 * (sorted), then `all`.
 */
export function harnessViews(d: Pick<Dataset, 'subjects' | 'boards'>, rev: Revision): HarnessView[] {
  const of = harnessIndex(d);
  const seen = d.boards
    .filter((b) => b.revision === rev && b.kind === 'agent')
    .flatMap((b) => b.rows.map((r) => of(r.subject)))
    .filter(
      (h): h is string =>
        h !== undefined && !AGENT_HARNESSES.includes(h) && h !== ALL_HARNESSES && HARNESS_SLUG.test(h),
    );
  return [...AGENT_HARNESSES, ...[...new Set(seen)].sort(cmp), ALL_HARNESSES];
}

/**
 * One agent board narrowed to a harness (`all`: the board as derive wrote it): rows in derive's order, ranks from 1
 * and rank bands recomputed over the rows kept, the infra-error total over them.
 */
export function harnessBoard(d: Pick<Dataset, 'subjects'>, b: Board, view: HarnessView): Board {
  if (b.kind !== 'agent' || view === ALL_HARNESSES) return b;
  const of = harnessIndex(d);
  const kept = b.rows.filter((r) => of(r.subject) === view);
  const bands = rankBands(kept.map((r) => ({ complete: r.overall.complete, interval: r.overall.interval })));
  const rows = kept.map((r, i) => ({ ...r, rank: i + 1, rankBand: bands[i]! }));
  return { ...b, rows, infraErrors: rows.reduce((a, r) => a + r.infraErrors, 0) };
}

/** Table id of an agent board view: the default (pi) keeps the board's own id; `-all`, `-harness-<h>` otherwise. */
export function harnessBoardId(b: Pick<Board, 'revision' | 'docs' | 'kind' | 'role'>, view: HarnessView): string {
  if (view === DEFAULT_HARNESS) return idOfBoard(b);
  return `${idOfBoard(b)}-${view === ALL_HARNESSES ? 'all' : `harness-${view}`}`;
}

/** The page of a view: `/<rev>/agents/` for pi, `/<rev>/agents/<harness>/`, `/<rev>/agents/all/`. */
export const harnessBoardsUrl = (rev: Revision, view: HarnessView): string =>
  href(view === DEFAULT_HARNESS ? `/${rev}/agents/` : `/${rev}/agents/${view}/`);

/** A view's name in links and headings. */
export const harnessViewLabel = (view: HarnessView): string =>
  view === ALL_HARNESSES ? 'all harnesses' : view === DEFAULT_HARNESS ? 'pi (four tools, default)' : view;

/** The caption of an agent board view (the board table's caption). */
export function harnessCaption(rev: Revision, docs: DocsAxis, view: HarnessView): string {
  if (view === ALL_HARNESSES)
    return `Agents · all harnesses · ${rev} · docs ${docs} — mixes harnesses (different tools, prompts and loops): rows are not a like-for-like model comparison`;
  if (view === DEFAULT_HARNESS) return `Agents · pi (four tools) · ${rev} · docs ${docs}`;
  return `Agents · ${view} · ${rev} · docs ${docs}`;
}

/** The sentence under a view's heading: what the rows are and how far they compare. */
export function harnessBlurb(view: HarnessView): string {
  if (view === ALL_HARNESSES)
    return 'Every agent row of every harness on one board. Harnesses differ in tools, system prompt and agent loop, so a row here is a model inside its harness: rows of different harnesses are not a like-for-like model comparison. Ranks and intervals are over this mixed board.';
  if (view === DEFAULT_HARNESS)
    return 'The ranked comparison: every model inside the same harness, pi with its four tools (read, write, edit, bash), so rows differ only by model and thinking level.';
  return `Models run inside ${view}: ranked among ${view} rows only. Compare with pi's board for the model comparison; a gap between the two is the harness as much as the model.`;
}

/** One link of the harness filter: the view, its page, how many rows it has, whether it is the page shown. */
export interface HarnessLink {
  view: HarnessView;
  label: string;
  href: string;
  /** Distinct subjects over both docs boards. */
  rows: number;
  current: boolean;
}

/** The harness filter of a revision's agent boards: one link per view, each with its row count. */
export function harnessLinks(
  d: Pick<Dataset, 'subjects' | 'boards'>,
  rev: Revision,
  current: HarnessView,
): HarnessLink[] {
  const boards = d.boards.filter((b) => b.revision === rev && b.kind === 'agent');
  return harnessViews(d, rev).map((view) => ({
    view,
    label: harnessViewLabel(view),
    href: harnessBoardsUrl(rev, view),
    rows: new Set(boards.flatMap((b) => harnessBoard(d, b, view).rows.map((r) => r.subject))).size,
    current: view === current,
  }));
}

/** What a view's page says with no rows of its own: "no codex runs yet" (or the contribute block, for pi and all). */
export function emptyHarnessLine(rev: Revision, view: HarnessView): string {
  return view === ALL_HARNESSES ? `No agent runs yet for ${rev}.` : `No ${view} runs yet for ${rev}.`;
}

/** Footnote of the all-harnesses board. */
export const MIXED_NOTE =
  'This board mixes harnesses: a row is a model inside its harness (tools, system prompt, agent loop), so rows of different harnesses are not a like-for-like model comparison. The default board is pi with four tools.';

/**
 * An agent board view as a table: the board narrowed to the view, its own id and caption, the harness and provider
 * of each row as filter data; the all-harnesses board says under it that it mixes harnesses.
 */
export function harnessBoardTable(
  d: Pick<Dataset, 'scenarios' | 'cells' | 'libraries' | 'method' | 'subjects'>,
  b: Board,
  view: HarnessView,
  cells = cellIndex(d),
  skipped = notAttemptedIndex(d),
): Table {
  const nb = harnessBoard(d, b, view);
  const t = withFilterData(d, nb, boardTable(d, nb, cells, skipped));
  return {
    ...t,
    id: harnessBoardId(b, view),
    caption: harnessCaption(b.revision, b.docs, view),
    notes: view === ALL_HARNESSES && nb.rows.length > 0 ? [MIXED_NOTE, ...t.notes] : t.notes,
  };
}

/** What BoardPair shows for one revision's agent boards in one harness view. */
export interface AgentPairView {
  /** Heading id: `agent-<rev>` for the default view (linked from elsewhere), `agent-<rev>-<view>` otherwise. */
  id: string;
  /** Both docs boards as derive wrote them (their ids key the view's tables). */
  boards: Board[];
  /** Neither docs board has a row in this view. */
  empty: boolean;
  /** pi's and all's empty state is the contribute block; another harness's says "no <harness> runs yet". */
  invite: boolean;
  /** The empty line of a harness without runs. */
  emptyLine: string;
  /** Subtitle after "Agents". */
  title: string;
  blurb: string;
}

export function agentPairView(
  d: Pick<Dataset, 'subjects' | 'boards'>,
  rev: Revision,
  view: HarnessView = DEFAULT_HARNESS,
): AgentPairView {
  const boards = d.boards.filter((b) => b.revision === rev && b.kind === 'agent' && b.role === null);
  return {
    id: view === DEFAULT_HARNESS ? `agent-${rev}` : `agent-${rev}-${view}`,
    boards: (['none', 'full'] as const).flatMap((docs) => boards.filter((b) => b.docs === docs)),
    empty: boards.every((b) => harnessBoard(d, b, view).rows.length === 0),
    invite: view === DEFAULT_HARNESS || view === ALL_HARNESSES,
    emptyLine: emptyHarnessLine(rev, view),
    title: harnessViewLabel(view),
    blurb: harnessBlurb(view),
  };
}

/**
 * Where a subject stands on a board: an agent on its harness's board (its rank among that harness's rows, linked to
 * that board's page; a harness without a page of its own: the all-harnesses board), any other subject on the board
 * derive wrote.
 */
export function subjectPlace(
  d: Pick<Dataset, 'subjects'>,
  b: Board,
  subject: string,
): { board: Board; id: string; href: string } {
  if (b.kind !== 'agent') return { board: b, id: idOfBoard(b), href: boardUrl(b) };
  const h = harnessIndex(d)(subject);
  const view = h !== undefined && HARNESS_SLUG.test(h) && h !== ALL_HARNESSES ? h : ALL_HARNESSES;
  const id = harnessBoardId(b, view);
  return { board: harnessBoard(d, b, view), id, href: `${harnessBoardsUrl(b.revision, view)}#${id}` };
}
