// Release history: a library registered at several releases (each its own subject, `library/<name>@<version>`). The
// boards show the newest release; older ones are superseded there and compared here, consecutive pair by pair: a
// checkpoint whose verdict is the same in every repetition of both releases but differs between them is a flip, and
// pass → fail is a regression. A checkpoint flaky in either release is counted, never called a change.
import type { LibraryRegistry } from '../schema/library.ts';
import type { RegisteredLibrary, ReleaseFlip, ReleaseHistory, ReleasePair } from '../schema/library-view.ts';
import type { TrialRow } from '../schema/trial-row.ts';
import { librarySubjectId } from './libraries.ts';

/** Numeric order of exact versions (`1.9.0` < `1.10.0`); a pre-release sorts before its release. */
export function compareVersions(a: string, b: string): number {
  const parse = (v: string) => {
    const [core, pre] = v.split('-', 2) as [string, string | undefined];
    return { nums: core.split('.').map(Number), pre };
  };
  const x = parse(a);
  const y = parse(b);
  for (let i = 0; i < 3; i++) if ((x.nums[i] ?? 0) !== (y.nums[i] ?? 0)) return (x.nums[i] ?? 0) - (y.nums[i] ?? 0);
  if (x.pre === y.pre) return 0;
  if (x.pre === undefined) return 1;
  if (y.pre === undefined) return -1;
  return x.pre < y.pre ? -1 : 1;
}

/**
 * Every registered release by subject id, with its transport lineage and whether a newer registered release of the
 * same library replaces it on the boards.
 */
export function registeredLibraries(reg: LibraryRegistry | undefined): RegisteredLibrary[] {
  const newest = new Map<string, string>();
  for (const e of reg?.libraries ?? []) {
    const v = newest.get(e.library);
    if (v === undefined || compareVersions(e.libraryVersion, v) > 0) newest.set(e.library, e.libraryVersion);
  }
  return (reg?.libraries ?? [])
    .map((e) => ({
      subject: librarySubjectId(e.library, e.libraryVersion),
      library: e.library,
      version: e.libraryVersion,
      label: e.label,
      transport: e.transport,
      ...(e.clientTransport ? { clientTransport: e.clientTransport } : {}),
      superseded: newest.get(e.library) !== e.libraryVersion,
    }))
    .sort((a, b) => (a.subject < b.subject ? -1 : a.subject > b.subject ? 1 : 0));
}

/** Subject ids of registered releases that a newer release of the same library replaces on the boards. */
export const supersededSubjects = (registered: readonly RegisteredLibrary[]): string[] =>
  registered.filter((r) => r.superseded).map((r) => r.subject);

/** Per cell (`revision/role/scenario`), the subject's current completed repetitions, by k. */
function cellsOf(trials: readonly TrialRow[], subject: string): Map<string, TrialRow[]> {
  const out = new Map<string, TrialRow[]>();
  for (const t of trials) {
    if (t.subject.id !== subject || !t.current || t.status !== 'completed' || t.docs !== 'none') continue;
    const key = `${t.revision}/${t.role}/${t.scenario}`;
    out.set(
      key,
      [...(out.get(key) ?? []), t].sort((a, b) => a.k - b.k),
    );
  }
  return out;
}

/** Per checkpoint, its one verdict across the repetitions, or `flaky`. */
function stableVerdicts(ts: readonly TrialRow[]): Map<string, { verdict: string; level: string }> {
  const out = new Map<string, { verdict: string; level: string }>();
  for (const t of ts)
    for (const v of t.verdicts) {
      const seen = out.get(v.checkpoint);
      if (!seen) out.set(v.checkpoint, { verdict: v.verdict, level: v.level });
      else if (seen.verdict !== v.verdict) seen.verdict = 'flaky';
    }
  return out;
}

function comparePair(a: Map<string, TrialRow[]>, b: Map<string, TrialRow[]>, from: string, to: string): ReleasePair {
  const flips: ReleaseFlip[] = [];
  let compared = 0;
  let flaky = 0;
  for (const [cell, before] of [...a].sort(([x], [y]) => (x < y ? -1 : 1))) {
    const after = b.get(cell);
    if (!after) continue;
    compared++;
    const va = stableVerdicts(before);
    const vb = stableVerdicts(after);
    for (const [checkpoint, x] of [...va].sort(([p], [q]) => (p < q ? -1 : 1))) {
      const y = vb.get(checkpoint);
      if (!y) continue;
      if (x.verdict === 'flaky' || y.verdict === 'flaky') {
        flaky++;
        continue;
      }
      if (x.verdict === y.verdict) continue;
      const t = before[0]!;
      flips.push({
        revision: t.revision,
        role: t.role,
        scenario: t.scenario,
        checkpoint,
        level: y.level as ReleaseFlip['level'],
        before: x.verdict as ReleaseFlip['before'],
        after: y.verdict as ReleaseFlip['after'],
        regression: x.verdict === 'pass' && y.verdict === 'fail',
        fromTrial: t.id,
        toTrial: after[0]!.id,
      });
    }
  }
  return { from, to, compared, flaky, flips };
}

/** Every library with two or more registered releases that have trials, by package name. */
export function releaseHistories(reg: LibraryRegistry | undefined, trials: readonly TrialRow[]): ReleaseHistory[] {
  const byName = new Map<string, LibraryRegistry['libraries']>();
  for (const e of reg?.libraries ?? []) byName.set(e.library, [...(byName.get(e.library) ?? []), e]);
  const out: ReleaseHistory[] = [];
  for (const [library, entries] of [...byName].sort(([x], [y]) => (x < y ? -1 : 1))) {
    const ran = entries
      .map((e) => ({ e, subject: librarySubjectId(e.library, e.libraryVersion) }))
      .map((r) => ({ ...r, cells: cellsOf(trials, r.subject) }))
      .filter((r) => r.cells.size > 0)
      .sort((x, y) => compareVersions(x.e.libraryVersion, y.e.libraryVersion));
    if (ran.length < 2) continue;
    out.push({
      library,
      releases: ran.map(({ e, subject }) => ({
        version: e.libraryVersion,
        subject,
        label: e.label,
        transport: e.transport,
      })),
      pairs: ran
        .slice(1)
        .map((r, i) => comparePair(ran[i]!.cells, r.cells, ran[i]!.e.libraryVersion, r.e.libraryVersion)),
    });
  }
  return out;
}
