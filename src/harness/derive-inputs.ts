import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JUDGES } from '../bench/judge/registry.ts';
import { derive, type DeriveInput } from '../bench/derive/derive.ts';
import type { Dataset } from '../bench/derive/dataset.ts';
import { formatProblem, type Problem } from '../bench/problems.ts';
import { checkChanges, type CheckOutput } from '../bench/pr/check.ts';
import { changedFiles, exportTree, resolveBase } from './io/git.ts';
import {
  loadArchiveFiles,
  loadLibraryFiles,
  loadPackageVersion,
  loadResultFiles,
  loadScenarioSources,
  loadSpecRows,
  loadVersionsFile,
} from './io/load.ts';
import { specDir } from './io/paths.ts';
import { loadPinnedSchemas } from './io/schema.ts';
import { schemaExemptions } from './roles/schema-exemptions.ts';
import { calibrationSubjects } from './runner/calibration-subjects.ts';

/**
 * Read everything derive needs from the project tree (and the pinned spec and its JSON Schemas, when present). What
 * the safe reader refuses (links, FIFOs, oversized or non-UTF-8 files, hidden entries) is passed on as `refused`.
 */
export function loadDeriveInput(
  root: string,
  opts: { gate?: boolean; rejudge?: boolean; results?: boolean } = {},
): DeriveInput {
  const refused: Problem[] = [];
  const { scenarios, coverage } = loadScenarioSources(root, refused);
  return {
    scenarios,
    // results: false (a thread checking records it was handed): everything but the results tree.
    results: opts.results === false ? new Map() : loadResultFiles(root, refused),
    judges: JUDGES,
    spec: loadSpecRows(specDir(root)),
    coverage,
    schemas: loadPinnedSchemas(specDir(root)),
    schemaExemptions: schemaExemptions(),
    calibrationSubjects: calibrationSubjects(),
    libraries: loadLibraryFiles(root, refused),
    versions: loadVersionsFile(root, refused),
    packageVersion: loadPackageVersion(root, refused),
    archives: loadArchiveFiles(root, refused),
    refused,
    gate: opts.gate,
    rejudge: opts.rejudge,
  };
}

// What `npm run pr-report` derives: the head's data set (the working tree) and the base's (its tree exported from git
// into a temporary folder, derived the same way). Gates and re-judging are off: the report shows what the boards would
// become, and `npm run check` (run beside it) is what validates the pull request's records.

/** A tree's data set, or the problems that kept it from deriving (formatted, path-first). */
export function deriveTree(root: string): { dataset?: Dataset; problems: string[] } {
  const out = derive(loadDeriveInput(root, { gate: false, rejudge: false }));
  return { dataset: out.dataset, problems: out.problems.map(formatProblem) };
}

/** The base commit's data set, derived from its tree exported into a temporary folder (removed afterwards). */
export function deriveCommit(root: string, commit: string): { dataset?: Dataset; problems: string[] } {
  const dir = mkdtempSync(join(tmpdir(), 'mcpfs-base-'));
  try {
    exportTree(root, commit, dir);
    return deriveTree(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** What `npm run check` and `npm run pr-report` both start from: the base, the changes against it, and the check. */
export function checkAgainstBase(
  root: string,
  o: { base?: string; select?: readonly string[]; allowCalibration?: boolean; allowVerifications?: boolean },
): { base: ReturnType<typeof resolveBase>; changes: ReturnType<typeof changedFiles>; check: CheckOutput } {
  const base = resolveBase(root, o.base);
  const changes = changedFiles(root, base.commit);
  const refused: Problem[] = [];
  const check = checkChanges({
    changes,
    select: o.select,
    results: loadResultFiles(root, refused),
    scenarios: loadScenarioSources(root, refused).scenarios,
    versions: loadVersionsFile(root, refused),
    packageVersion: loadPackageVersion(root, refused),
    refused,
    judges: JUDGES,
    calibrationSubjects: calibrationSubjects(),
    allowCalibration: o.allowCalibration ?? false,
    allowVerifications: o.allowVerifications ?? false,
  });
  return { base, changes, check };
}
