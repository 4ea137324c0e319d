import { JUDGES } from '../../bench/judge/registry.ts';
import type { DeriveInput } from '../../bench/derive/derive.ts';
import { loadCoverageFiles, loadLibraryFiles, loadResultFiles, loadScenarioFiles, loadSpecRows, loadVersionsFile } from './load.ts';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { specDir } from './paths.ts';
import { benchmarkVersion } from './trial-files.ts';
import { loadPinnedSchemas } from './schema.ts';
import { schemaExemptions } from '../roles/schema-exemptions.ts';

/** Read everything derive needs from the project tree (and the pinned spec and its JSON Schemas, when present). */
export function loadDeriveInput(root: string, opts: { gate?: boolean; rejudge?: boolean } = {}): DeriveInput {
  return {
    scenarios: loadScenarioFiles(root),
    results: loadResultFiles(root),
    judges: JUDGES,
    spec: loadSpecRows(specDir(root)),
    coverage: loadCoverageFiles(root),
    schemas: loadPinnedSchemas(specDir(root)),
    schemaExemptions: schemaExemptions(),
    libraries: loadLibraryFiles(root),
    versions: loadVersionsFile(root),
    packageVersion: existsSync(join(root, 'package.json')) ? benchmarkVersion(root) : undefined,
    gate: opts.gate,
    rejudge: opts.rejudge,
  };
}
