// The home page's figures (`dataset.stats.highlights`): per revision the best rows of the agent and library boards with
// their run metadata, the calibration gate as one verdict, and the spec sentences each kind of subject misses most.
import { cmp } from '../problems.ts';
import type { Board, BoardRow, CellRow } from '../schema/board.ts';
import type { CalibrationRow } from '../schema/calibration-row.ts';
import { DOCS_AXES, REVISIONS, type Revision } from '../schema/common.ts';
import type {
  CalibrationVerdict,
  LeaderBoard,
  MissedSentence,
  MissedStrip,
  RevisionHighlights,
  RowMeta,
} from '../schema/highlights.ts';
import type { Scenario } from '../schema/scenario.ts';
import type { SubjectKind } from '../schema/subject.ts';
import type { TrialRow } from '../schema/trial-row.ts';
import { isolationTally } from './isolation.ts';
import { checkpointColumns } from './tallies.ts';

/** How many rows of a board, and how many sentences of a strip, the home page shows. */
export const HOME_ROWS = 5;

/** The kinds the home page ranks (calibration is one verdict line, not a board). */
const RANKED: readonly SubjectKind[] = ['agent', 'library'];

const distinct = <T extends string>(xs: readonly T[]): T[] => [...new Set(xs)].sort(cmp);

/** Run metadata of the trials behind one board row (the cells' trials: current scenario versions only). */
export function rowMeta(trialIds: readonly string[], byId: ReadonlyMap<string, TrialRow>): RowMeta {
  const ts = trialIds.map((id) => byId.get(id)).filter((t): t is TrialRow => t !== undefined);
  const ends = ts.map((t) => t.endedAt).sort(cmp);
  return {
    lastRun: ends[ends.length - 1] ?? null,
    versions: distinct(ts.map((t) => t.benchmarkVersion)),
    isolation: isolationTally(ts),
  };
}

function leaders(boards: readonly Board[], cells: readonly CellRow[], trials: readonly TrialRow[], rev: Revision) {
  const byId = new Map(trials.map((t) => [t.id, t]));
  const out: LeaderBoard[] = [];
  for (const kind of RANKED)
    for (const docs of DOCS_AXES)
      for (const b of boards.filter((x) => x.revision === rev && x.docs === docs && x.kind === kind)) {
        if (b.rows.length === 0) continue;
        const ids = (r: BoardRow) =>
          cells
            .filter(
              (c) => c.revision === rev && c.docs === docs && c.subject === r.subject && (!b.role || c.role === b.role),
            )
            .flatMap((c) => c.trials);
        out.push({
          kind,
          docs,
          role: b.role,
          rows: b.rows.slice(0, HOME_ROWS).map((r) => ({
            subject: r.subject,
            label: r.label,
            rank: r.rank,
            rankBand: r.rankBand,
            overall: r.overall,
            client: r.client.mean,
            server: r.server.mean,
            meta: rowMeta(ids(r), byId),
          })),
          total: b.rows.length,
        });
      }
  return out;
}

const maxOf = (xs: readonly (number | null)[]): number | null => {
  const v = xs.filter((x): x is number => x !== null);
  return v.length ? Math.max(...v) : null;
};

/** The gate over a revision's scenarios: the worst oracle, null and cheater figures, and mutant kills summed. */
export function calibrationVerdict(rows: readonly CalibrationRow[]): CalibrationVerdict {
  const oracles = rows.map((r) => r.summary.oracle.min).filter((x): x is number => x !== null);
  return {
    scenarios: rows.length,
    passing: rows.filter((r) => r.ok).length,
    oracleMin: oracles.length ? Math.min(...oracles) : null,
    nullMax: maxOf(rows.map((r) => r.summary.null.max)),
    cheaterMax: maxOf(rows.map((r) => r.summary.cheater.max)),
    contaminated: rows.reduce((a, r) => a + r.cheater.contaminated, 0),
    killed: rows.reduce((a, r) => a + r.summary.killed, 0),
    checkpoints: rows.reduce((a, r) => a + r.summary.checkpoints, 0),
  };
}

/**
 * Sentences by how often subjects of `kind` fail the checkpoints citing them, over completed trials of the revision
 * (every scenario version, as the matrix counts): only sentences with a failed verdict; the task checkpoint cites none.
 */
export function missedSentences(
  scenarios: readonly Scenario[],
  trials: readonly TrialRow[],
  rev: Revision,
  kind: SubjectKind,
): MissedSentence[] {
  type Acc = Omit<MissedSentence, 'failRate' | 'failedBy' | 'judged'> & { failing: Set<string>; seen: Set<string> };
  const acc = new Map<string, Acc>();
  const cite = new Map<string, string>();
  for (const { scenario: s, checkpoint: c } of checkpointColumns(scenarios, rev)) {
    if (!c.spec) continue;
    cite.set(`${s.role}/${s.id}/${c.slug}`, c.spec.id);
    const id = c.spec.id;
    const fresh: Acc = {
      sentence: id,
      level: c.level,
      checkpoints: [],
      fail: 0,
      applicable: 0,
      failing: new Set(),
      seen: new Set(),
    };
    const a = acc.get(id) ?? acc.set(id, fresh).get(id)!;
    a.checkpoints.push({ role: s.role, scenario: s.id, checkpoint: c.slug });
  }
  for (const t of trials) {
    if (t.revision !== rev || t.subject.kind !== kind || t.status !== 'completed') continue;
    for (const v of t.verdicts) {
      const id = cite.get(`${t.role}/${t.scenario}/${v.checkpoint}`);
      if (!id || (v.verdict !== 'pass' && v.verdict !== 'fail')) continue;
      const a = acc.get(id)!;
      a.applicable++;
      a.seen.add(t.subject.id);
      if (v.verdict === 'fail') (a.fail++, a.failing.add(t.subject.id));
    }
  }
  return [...acc.values()]
    .filter((a) => a.fail > 0)
    .map(({ failing, seen, ...a }) => ({
      ...a,
      failRate: a.fail / a.applicable,
      failedBy: failing.size,
      judged: seen.size,
    }))
    .sort((a, b) => b.failRate - a.failRate || b.failedBy - a.failedBy || cmp(a.sentence, b.sentence))
    .slice(0, HOME_ROWS);
}

/** The home page's figures for every revision. */
export function highlights(d: {
  scenarios: readonly Scenario[];
  trials: readonly TrialRow[];
  cells: readonly CellRow[];
  boards: readonly Board[];
  calibration: readonly CalibrationRow[];
}): RevisionHighlights[] {
  return REVISIONS.map((revision) => ({
    revision,
    leaders: leaders(d.boards, d.cells, d.trials, revision),
    calibration: calibrationVerdict(d.calibration.filter((c) => c.revision === revision)),
    missed: RANKED.filter((kind) =>
      d.trials.some((t) => t.revision === revision && t.subject.kind === kind && t.status === 'completed'),
    ).map((kind): MissedStrip => ({ kind, sentences: missedSentences(d.scenarios, d.trials, revision, kind) })),
  }));
}
