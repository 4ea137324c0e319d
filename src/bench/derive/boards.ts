import { cmp } from '../problems.ts';
import { DOCS_AXES, REVISIONS } from '../schema/common.ts';
import type { Scenario } from '../schema/scenario.ts';
import type { Subject, SubjectKind } from '../schema/subject.ts';
import { aggregateCell, completedScores, aggregateCells, type Cell, type ScoredCell } from '../scoring/cell.ts';
import { orderBoard, rankBands } from '../scoring/board.ts';
import { meanOf } from '../scoring/summary.ts';
import { MIN_K } from '../scoring/uncertainty.ts';
import { meanCost, trialCost } from '../cost/cost.ts';
import type { PriceTable } from '../schema/prices.ts';
import type { Board, BoardRow, CellRow, OtherVersionRow, TrialRow } from './dataset.ts';
import type { NotAttemptedRow } from '../schema/library-view.ts';
import type { Role } from '../schema/common.ts';
import { isolationTally } from './isolation.ts';

/** Scenario column order: client before server, then grade, then id. */
export function orderScenarios(scenarios: readonly Scenario[]): Scenario[] {
  return [...scenarios].sort((a, b) =>
    a.role !== b.role ? (a.role < b.role ? -1 : 1) : a.grade - b.grade || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}

/** A cell's identity, and the seed key of its bootstrap: revision, role, scenario, docs, subject. */
const cellKey = (t: Pick<TrialRow, 'revision' | 'role' | 'scenario' | 'docs'> & { subject: string }) =>
  [t.revision, t.role, t.scenario, t.docs, t.subject].join('\u0000');

/** A trial as a cell sees it. */
const cellTrial = (t: TrialRow) => ({ status: t.status, score: t.score?.score, mayPassed: t.score?.may.passed });

/** Trials grouped by cell, k order inside, groups by key. */
function groupCells(trials: readonly TrialRow[]): [string, TrialRow[]][] {
  const groups = new Map<string, TrialRow[]>();
  for (const t of trials) {
    const key = cellKey({ ...t, subject: t.subject.id });
    (groups.get(key) ?? groups.set(key, []).get(key)!).push(t);
  }
  for (const ts of groups.values()) ts.sort((a, b) => a.k - b.k);
  return [...groups.entries()].sort(([a], [b]) => cmp(a, b));
}

/** Group trials into cells (subject × scenario × docs), k order inside. */
export function buildCells(trials: readonly TrialRow[]): CellRow[] {
  return groupCells(trials).map(([key, ts]) => {
    const t0 = ts[0]!;
    const cell = aggregateCell(ts.map(cellTrial), key);
    return {
      revision: t0.revision,
      role: t0.role,
      scenario: t0.scenario,
      docs: t0.docs,
      subject: t0.subject.id,
      cell,
      trials: ts.map((t) => t.id),
      isolation: isolationTally(ts),
    };
  });
}

/** Mean of the trials that reported a usage field; undefined (the field left out) when none did. */
const usageMean = (values: (number | undefined)[]): number | undefined =>
  meanOf(values.filter((x): x is number => typeof x === 'number')) ?? undefined;

/**
 * The boards of one revision × docs axis: agents and calibration over every scenario, libraries one board per role
 * (a library is a server or a client: ranking a client among servers, or a row that has both roles above rows that
 * have one, compares different things).
 */
const BOARD_SHAPES: { kind: SubjectKind; role: Role | null }[] = [
  { kind: 'agent', role: null },
  { kind: 'library', role: 'server' },
  { kind: 'library', role: 'client' },
  { kind: 'calibration', role: null },
];

/** Libraries of a revision and role that speak another protocol version (registry `negotiates`), by subject. */
function otherVersions(notAttempted: readonly NotAttemptedRow[], revision: string, role: Role): OtherVersionRow[] {
  const bySubject = new Map<string, OtherVersionRow>();
  for (const n of notAttempted)
    if (n.revision === revision && n.role === role && n.negotiates && !bySubject.has(n.subject))
      bySubject.set(n.subject, { subject: n.subject, label: n.label, negotiates: n.negotiates, reason: n.reason });
  return [...bySubject.values()].sort((a, b) => cmp(a.label, b.label) || cmp(a.subject, b.subject));
}

/**
 * One board per revision × docs axis × subject kind (× role for libraries), rows in board order, rank bands from the
 * overall intervals. `notAttempted`: the libraries' registered gaps, for the rows that speak another version.
 */
export function buildBoards(
  scenarios: readonly Scenario[],
  subjects: readonly Subject[],
  cells: readonly CellRow[],
  trials: readonly TrialRow[],
  prices: PriceTable,
  notAttempted: readonly NotAttemptedRow[] = [],
  superseded: readonly string[] = [],
): Board[] {
  const older = new Set(superseded);
  const boards: Board[] = [];
  const scores = new Map(groupCells(trials).map(([key, ts]) => [key, completedScores(ts.map(cellTrial))]));
  for (const revision of REVISIONS) {
    const allCols = orderScenarios(scenarios.filter((s) => s.revision === revision));
    for (const docs of DOCS_AXES) {
      for (const { kind, role } of BOARD_SHAPES) {
        const cols = allCols.filter((s) => !role || s.role === role);
        const columns = cols.map((s) => `${s.role}/${s.id}`);
        const rows: Omit<BoardRow, 'rank' | 'rankBand'>[] = [];
        for (const subj of subjects.filter((s) => s.kind === kind)) {
          const mine = cells.filter(
            (c) => c.revision === revision && c.docs === docs && c.subject === subj.id && (!role || c.role === role),
          );
          if (mine.length === 0) continue;
          const byCol: Record<string, Cell> = {};
          const scored: Record<string, ScoredCell> = {};
          for (const c of mine) {
            byCol[`${c.role}/${c.scenario}`] = c.cell;
            scored[`${c.role}/${c.scenario}`] = { cell: c.cell, scores: scores.get(cellKey(c)) ?? [] };
          }
          const pick = (role?: 'client' | 'server') =>
            aggregateCells(
              cols.filter((s) => !role || s.role === role).map((s) => scored[`${s.role}/${s.id}`]),
              [revision, docs, subj.id, role ?? 'overall'].join('\u0000'),
            );
          const overall = pick(role ?? undefined);
          // The row's trials are its cells' trials: every current trial of this subject on this board's scenarios.
          const rowTrials = trials.filter(
            (t) => t.revision === revision && t.docs === docs && t.subject.id === subj.id && (!role || t.role === role),
          );
          const done = rowTrials.filter((t) => t.status === 'completed');
          const present = Object.values(byCol).filter((c) => c.k > 0);
          const minK = present.length ? Math.min(...present.map((c) => c.k)) : 0;
          rows.push({
            subject: subj.id,
            label: subj.label,
            kind,
            overall,
            client: pick('client'),
            server: pick('server'),
            cells: byCol,
            mayTally: present.reduce((a, c) => a + c.mayTally, 0),
            minK,
            provisional: minK < MIN_K,
            usage: {
              ...meanCost(done.map((t) => trialCost(t.subject, t.usage, prices))),
              inputTokens: usageMean(done.map((t) => t.usage.inputTokens)),
              outputTokens: usageMean(done.map((t) => t.usage.outputTokens)),
              wallTimeMs: usageMean(done.map((t) => t.usage.wallTimeMs)),
              toolCalls: usageMean(done.map((t) => t.usage.toolCalls)),
            },
            infraErrors: mine.reduce((a, c) => a + c.cell.infraErrors, 0),
            isolation: isolationTally(rowTrials),
            verified: { agrees: done.filter((t) => t.verification?.status === 'agrees').length, of: done.length },
          });
        }
        // A role board ranks by the score over the scenarios a row attempted, its coverage shown beside it: a library
        // cannot be made to run a scenario its API has no means for (registry `notAttempted`), so completeness does
        // not order role boards. Agent and calibration boards keep complete rows first.
        const earlier = rows.filter((r) => older.has(r.subject)).sort((a, b) => cmp(a.subject, b.subject));
        const ranked = orderBoard(
          rows
            .filter((r) => !older.has(r.subject))
            .map((r) => ({ ...r, name: r.label, score: r.overall.mean, complete: role ? true : r.overall.complete })),
        );
        const bands = rankBands(ranked.map((r) => ({ complete: r.complete, interval: r.overall.interval })));
        const board = ranked.map(({ name: _n, score: _s, complete: _c, ...r }, i) => ({
          ...r,
          rank: i + 1,
          rankBand: bands[i]!,
        }));
        boards.push({
          revision,
          docs,
          kind,
          role,
          // An earlier release that speaks another version is release history, not a library beside the board.
          others:
            role && docs === 'none'
              ? otherVersions(notAttempted, revision, role).filter((o) => !older.has(o.subject))
              : [],
          columns,
          rows: board,
          earlier,
          infraErrors: board.reduce((a, r) => a + r.infraErrors, 0),
        });
      }
    }
  }
  return boards;
}
