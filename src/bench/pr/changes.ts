// What a pull request changes, from the paths git reports against its base: which trial records it adds, changes or
// removes, and whether it also touches what only maintainers change (calibration records, scenarios, the code).
import { z } from 'zod';
import { cmp, type Problem } from '../problems.ts';
import { conventionalRecord } from '../derive/sidecar-names.ts';

/** One path git reports as changed against the base. */
export const FileChangeSchema = z.strictObject({
  /** `A` added, `M` modified, `D` deleted (renames are reported as a deletion and an addition). */
  status: z.enum(['A', 'M', 'D']),
  /** Project-relative path, `/`-separated. */
  path: z.string().min(1),
});
export type FileChange = z.infer<typeof FileChangeSchema>;

/** A pull request's changes, sorted into what check and pr-report look at. */
export interface ChangeSet {
  /** Record files (`results/**\/k<k>.json`) by what happened to them, each sorted. */
  records: { added: string[]; changed: string[]; removed: string[] };
  /** Every changed path under `results/` that is not a record (sidecars, stray files), with its status. */
  otherResults: FileChange[];
  /** Changed paths under `results/**\/calibration/**` (records and sidecars). */
  calibration: string[];
  /** Changed paths under `scenarios/` or `src/`: what the records are judged by. */
  protectedPaths: string[];
}

const RECORD = /^results\/.+\/k\d+\.json$/;
const isCalibration = (p: string) => p.startsWith('results/') && p.split('/').includes('calibration');
const isProtected = (p: string) => p.startsWith('scenarios/') || p.startsWith('src/');

/** The record a results path belongs to: itself, or the record its sidecar name is derived from. */
export function recordOf(path: string): string {
  return conventionalRecord(path);
}

/** Sort git's changed paths into records (added / changed / removed), other results files and protected paths. */
export function classifyChanges(changes: readonly FileChange[]): ChangeSet {
  const out: ChangeSet = {
    records: { added: [], changed: [], removed: [] },
    otherResults: [],
    calibration: [],
    protectedPaths: [],
  };
  for (const c of [...changes].sort((a, b) => cmp(a.path, b.path))) {
    if (isProtected(c.path)) out.protectedPaths.push(c.path);
    if (!c.path.startsWith('results/')) continue;
    if (isCalibration(c.path)) out.calibration.push(c.path);
    if (!RECORD.test(c.path)) {
      out.otherResults.push(c);
      continue;
    }
    const list = c.status === 'A' ? out.records.added : c.status === 'M' ? out.records.changed : out.records.removed;
    list.push(c.path);
  }
  return out;
}

/** Whether the pull request touches any record or sidecar. */
export const touchesResults = (s: ChangeSet): boolean =>
  s.records.added.length + s.records.changed.length + s.records.removed.length + s.otherResults.length > 0;

const MAINTAINERS =
  "calibration records change only through `npm run calibrate`, in a maintainers' pull request; submit your records on their own (or pass --allow-calibration if you are a maintainer)";

/**
 * "Calibration untouched": a contributor's record pull request neither changes calibration records nor changes
 * scenarios or code alongside its records (the records must be judged by what the base publishes). Problems unless
 * `allow` (maintainers, `--allow-calibration`).
 */
export function scopeProblems(s: ChangeSet, allow: boolean): Problem[] {
  if (allow) return [];
  const problems: Problem[] = s.calibration.map((file) => ({
    file,
    message: 'a calibration file is changed',
    hint: MAINTAINERS,
  }));
  if (!touchesResults(s)) return problems;
  for (const file of s.protectedPaths)
    problems.push({
      file,
      message: 'changed in the same pull request as records: records are judged by the scenarios and code of the base',
      hint: 'open a separate pull request for the scenario or code change (or pass --allow-calibration if you are a maintainer)',
    });
  return problems;
}

/**
 * Verification files come from the project's own re-run (the preview workflow's `npm run verify`), committed by a
 * maintainer: derive cannot tell who wrote one (its embedded log could be recomputed like any wire log), so a pull
 * request that brings its own would be vouching for itself. Problems unless `allow` (maintainers, or pr-report, which
 * runs after the workflow's own verify).
 */
export function verificationScopeProblems(changes: readonly FileChange[], allow: boolean): Problem[] {
  if (allow) return [];
  return changes
    .filter((c) => c.status !== 'D' && c.path.startsWith('results/') && c.path.endsWith('.verification.jsonl'))
    .map((c) => ({
      file: c.path,
      message: 'a verification file in a pull request: the verifications that count come from the project’s re-run',
      hint: 'delete it (`npm run verify` wrote it for you to read); the preview workflow re-runs your records and a maintainer commits its verifications (--allow-calibration)',
    }));
}

/**
 * An archived version's boards (`archive/<version>.json`) are what a citation of that version points at: a pull
 * request may add one (a version bump) but never change or remove one, maintainers' included.
 */
export function archiveProblems(changes: readonly FileChange[]): Problem[] {
  return changes
    .filter((c) => c.status !== 'A' && /^archive\/[^/]+\.json$/.test(c.path))
    .map((c) => ({
      file: c.path,
      message: `an archived version's boards are ${c.status === 'D' ? 'removed' : 'changed'}: archives are never edited`,
      hint: `restore it from the base (git checkout <base> -- ${c.path}); a new version gets a new archive`,
    }));
}
