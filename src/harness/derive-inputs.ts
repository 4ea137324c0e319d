import { JUDGES } from '../bench/judge/registry.ts';
import type { DeriveInput } from '../bench/derive/derive.ts';
import type { Problem } from '../bench/problems.ts';
import {
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
export function loadDeriveInput(root: string, opts: { gate?: boolean; rejudge?: boolean } = {}): DeriveInput {
  const refused: Problem[] = [];
  const { scenarios, coverage } = loadScenarioSources(root, refused);
  return {
    scenarios,
    results: loadResultFiles(root, refused),
    judges: JUDGES,
    spec: loadSpecRows(specDir(root)),
    coverage,
    schemas: loadPinnedSchemas(specDir(root)),
    schemaExemptions: schemaExemptions(),
    calibrationSubjects: calibrationSubjects(),
    libraries: loadLibraryFiles(root, refused),
    versions: loadVersionsFile(root, refused),
    packageVersion: loadPackageVersion(root, refused),
    refused,
    gate: opts.gate,
    rejudge: opts.rejudge,
  };
}
