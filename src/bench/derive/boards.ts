import { cmp } from '../problems.ts';
import { DOCS_AXES, REVISIONS } from '../schema/common.ts';
import type { Scenario } from '../schema/scenario.ts';
import type { Subject, SubjectKind } from '../schema/subject.ts';
import { aggregateCell, meanOfCells, type Cell } from '../scoring/cell.ts';
import { orderBoard } from '../scoring/board.ts';
import { meanOf } from '../scoring/summary.ts';
import type { Board, BoardRow, CellRow, TrialRow } from './dataset.ts';

const KINDS: SubjectKind[] = ['agent', 'library', 'calibration'];

/** Scenario column order: client before server, then grade, then id. */
export function orderScenarios(scenarios: readonly Scenario[]): Scenario[] {
  return [...scenarios].sort((a, b) =>
    a.role !== b.role ? (a.role < b.role ? -1 : 1) : a.grade - b.grade || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}

/** Group trials into cells (subject × scenario × docs), k order inside. */
export function buildCells(trials: readonly TrialRow[]): CellRow[] {
  const groups = new Map<string, TrialRow[]>();
  for (const t of trials) {
    const key = [t.revision, t.role, t.scenario, t.docs, t.subject.id].join('\u0000');
    (groups.get(key) ?? groups.set(key, []).get(key)!).push(t);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => cmp(a, b))
    .map(([, ts]) => {
      ts.sort((a, b) => a.k - b.k);
      const t0 = ts[0]!;
      const cell = aggregateCell(
        ts.map((t) => ({ status: t.status, score: t.score?.score, mayPassed: t.score?.may.passed })),
      );
      return {
        revision: t0.revision,
        role: t0.role,
        scenario: t0.scenario,
        docs: t0.docs,
        subject: t0.subject.id,
        cell,
        trials: ts.map((t) => t.id),
      };
    });
}

/** Mean of the trials that reported a usage field; undefined (the field left out) when none did. */
const usageMean = (values: (number | undefined)[]): number | undefined =>
  meanOf(values.filter((x): x is number => typeof x === 'number')) ?? undefined;

/** One board per revision × docs axis × subject kind, rows in board order. */
export function buildBoards(
  scenarios: readonly Scenario[],
  subjects: readonly Subject[],
  cells: readonly CellRow[],
  trials: readonly TrialRow[],
): Board[] {
  const boards: Board[] = [];
  for (const revision of REVISIONS) {
    const cols = orderScenarios(scenarios.filter((s) => s.revision === revision));
    const columns = cols.map((s) => `${s.role}/${s.id}`);
    for (const docs of DOCS_AXES) {
      for (const kind of KINDS) {
        const rows: Omit<BoardRow, 'rank'>[] = [];
        for (const subj of subjects.filter((s) => s.kind === kind)) {
          const mine = cells.filter((c) => c.revision === revision && c.docs === docs && c.subject === subj.id);
          if (mine.length === 0) continue;
          const byCol: Record<string, Cell> = {};
          for (const c of mine) byCol[`${c.role}/${c.scenario}`] = c.cell;
          const pick = (role?: string) =>
            cols.filter((s) => !role || s.role === role).map((s) => byCol[`${s.role}/${s.id}`]);
          const overall = meanOfCells(pick());
          const done = trials.filter(
            (t) => t.revision === revision && t.docs === docs && t.subject.id === subj.id && t.status === 'completed',
          );
          const present = Object.values(byCol).filter((c) => c.k > 0);
          rows.push({
            subject: subj.id,
            label: subj.label,
            kind,
            overall,
            client: meanOfCells(pick('client')),
            server: meanOfCells(pick('server')),
            cells: byCol,
            mayTally: present.reduce((a, c) => a + c.mayTally, 0),
            minK: present.length ? Math.min(...present.map((c) => c.k)) : 0,
            usage: {
              costUsd: usageMean(done.map((t) => t.usage.costUsd)),
              inputTokens: usageMean(done.map((t) => t.usage.inputTokens)),
              outputTokens: usageMean(done.map((t) => t.usage.outputTokens)),
              wallTimeMs: usageMean(done.map((t) => t.usage.wallTimeMs)),
              toolCalls: usageMean(done.map((t) => t.usage.toolCalls)),
            },
            infraErrors: mine.reduce((a, c) => a + c.cell.infraErrors, 0),
          });
        }
        const ranked = orderBoard(
          rows.map((r) => ({ ...r, name: r.label, score: r.overall.mean, complete: r.overall.complete })),
        );
        const board = ranked.map(({ name: _n, score: _s, complete: _c, ...r }, i) => ({ ...r, rank: i + 1 }));
        boards.push({
          revision,
          docs,
          kind,
          columns,
          rows: board,
          infraErrors: board.reduce((a, r) => a + r.infraErrors, 0),
        });
      }
    }
  }
  return boards;
}
