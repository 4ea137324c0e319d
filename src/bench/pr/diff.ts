// Two data sets (the base's and the head's) and the pull request's changes → the report model. Pure.
import { cmp } from '../problems.ts';
import type { Board, BoardRow, CalibrationRow, Dataset, TrialRow } from '../derive/dataset.ts';
import { pairTrial } from '../replay/pairs.ts';
import type { ChangeSet } from './changes.ts';
import type { BoardChange, PrReport, ReportTrial, RowChange } from './report-model.ts';

export interface DiffInput {
  base: PrReport['base'];
  changes: ChangeSet;
  /** The base's data set (undefined: the base did not derive, e.g. before the first record). */
  old?: Dataset;
  /** The head's data set (undefined: it did not derive; `derive` says why). */
  next?: Dataset;
  /** `npm run check`'s problems, formatted. */
  check: string[];
  /** Problems deriving the head, formatted. */
  derive: string[];
  /** Whether `conformance/` changed. */
  conformanceChanged: boolean;
}

const boardKey = (b: Pick<Board, 'revision' | 'docs' | 'kind' | 'role'>) =>
  `${b.revision}/${b.docs}/${b.kind}/${b.role ?? ''}`;
const ORDER: Record<RowChange['change'], number> = { added: 0, changed: 1, removed: 2, moved: 3 };

/** `<revision>/<docs>/<subject>` of every board row a changed trial belongs to. */
function touchedRows(changes: ChangeSet, old: readonly TrialRow[], next: readonly TrialRow[]): Set<string> {
  const paths = new Set([...changes.records.added, ...changes.records.changed, ...changes.records.removed]);
  return new Set(
    [...old, ...next].filter((t) => paths.has(t.files.record)).map((t) => `${t.revision}/${t.docs}/${t.subject.id}`),
  );
}

function rowChange(o: BoardRow | undefined, n: BoardRow | undefined, touched: boolean): RowChange | undefined {
  const either = (n ?? o)!;
  const kind: RowChange['change'] | undefined = !o
    ? 'added'
    : !n
      ? 'removed'
      : touched
        ? 'changed'
        : o.rank !== n.rank
          ? 'moved'
          : undefined;
  if (!kind) return undefined;
  return {
    subject: either.subject,
    label: either.label,
    change: kind,
    score: { old: o?.overall.mean ?? null, new: n?.overall.mean ?? null },
    rank: { old: o?.rank ?? null, new: n?.rank ?? null },
    client: { old: o?.client.mean ?? null, new: n?.client.mean ?? null },
    server: { old: o?.server.mean ?? null, new: n?.server.mean ?? null },
  };
}

/** Per board: the rows whose trials the pull request changes, and the rows it only moves. */
export function boardChanges(changes: ChangeSet, old: Dataset | undefined, next: Dataset): BoardChange[] {
  const touched = touchedRows(changes, old?.trials ?? [], next.trials);
  const oldBoards = new Map((old?.boards ?? []).map((b) => [boardKey(b), b]));
  const keys = [...new Set([...next.boards.map(boardKey), ...oldBoards.keys()])];
  const nextBoards = new Map(next.boards.map((b) => [boardKey(b), b]));
  const out: BoardChange[] = [];
  for (const key of keys) {
    const o = oldBoards.get(key);
    const n = nextBoards.get(key);
    const b = (n ?? o)!;
    const oldRows = new Map((o?.rows ?? []).map((r) => [r.subject, r]));
    const newRows = new Map((n?.rows ?? []).map((r) => [r.subject, r]));
    const rows = [...new Set([...newRows.keys(), ...oldRows.keys()])]
      .map((s) => rowChange(oldRows.get(s), newRows.get(s), touched.has(`${b.revision}/${b.docs}/${s}`)))
      .filter((r): r is RowChange => r !== undefined)
      .sort(
        (x, y) =>
          ORDER[x.change] - ORDER[y.change] ||
          (x.rank.new ?? x.rank.old ?? 0) - (y.rank.new ?? y.rank.old ?? 0) ||
          cmp(x.subject, y.subject),
      );
    if (rows.length) out.push({ revision: b.revision, docs: b.docs, kind: b.kind, role: b.role ?? null, rows });
  }
  return out;
}

/** The head's trials that the pull request adds or changes, by record path. */
export function reportTrials(changes: ChangeSet, next: Dataset): ReportTrial[] {
  const added = new Set(changes.records.added);
  const changed = new Set(changes.records.changed);
  return next.trials
    .filter((t) => added.has(t.files.record) || changed.has(t.files.record))
    .map((t) => ({
      ...pairTrial(t),
      score: t.score?.score ?? null,
      ...(t.infraReason !== undefined ? { reason: t.infraReason } : {}),
      ...(t.contamination ? { reason: t.contamination.map((c) => `${c.canary} in ${c.foundIn}`).join(', ') } : {}),
      change: added.has(t.files.record) ? ('added' as const) : ('changed' as const),
      ...(t.subject.kind === 'agent' ? { verification: t.verification?.status ?? ('unverified' as const) } : {}),
    }))
    .sort((a, b) => cmp(a.id, b.id));
}

const gateKey = (r: CalibrationRow) => `${r.revision}/${r.role}/${r.scenario}`;

/** The calibration gate of the head, and whether any of its rows differs from the base's. */
export function calibrationStatus(old: Dataset | undefined, next: Dataset): NonNullable<PrReport['calibration']> {
  const was = new Map((old?.calibration ?? []).map((r) => [gateKey(r), JSON.stringify(r)]));
  return {
    ok: next.calibration.filter((r) => r.ok).length,
    total: next.calibration.length,
    failing: next.calibration.filter((r) => !r.ok).map(gateKey),
    changed:
      was.size !== next.calibration.length || next.calibration.some((r) => was.get(gateKey(r)) !== JSON.stringify(r)),
  };
}

const STATES = ['agrees', 'disagrees', 'infra-error', 'stale', 'unverified'] as const;

/** How the report's agent trials stand on re-run verification. */
export function verificationSummary(trials: readonly ReportTrial[]): NonNullable<PrReport['verification']> {
  const agents = trials.filter((t) => t.verification !== undefined);
  return {
    agentTrials: agents.length,
    counts: Object.fromEntries(STATES.map((s) => [s, agents.filter((t) => t.verification === s).length])) as Record<
      (typeof STATES)[number],
      number
    >,
  };
}

/** The report model of a pull request. */
export function prReport(i: DiffInput): PrReport {
  const r = i.changes.records;
  const trials = i.next ? reportTrials(i.changes, i.next) : [];
  return {
    base: i.base,
    records: { added: r.added.length, changed: r.changed.length, removed: r.removed.length },
    check: i.check,
    derive: i.derive,
    boards: i.next ? boardChanges(i.changes, i.old, i.next) : [],
    trials,
    calibration: i.next ? calibrationStatus(i.old, i.next) : null,
    conformanceChanged: i.conformanceChanged,
    verification: i.next ? verificationSummary(trials) : null,
  };
}
