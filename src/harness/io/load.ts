import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fg from 'fast-glob';
import type { Revision } from '../../bench/schema/common.ts';
import { REVISIONS } from '../../bench/schema/common.ts';
import { parseSentenceTsv, type SentenceRow } from '../../bench/spec/tsv.ts';
import type { SourceFile } from '../../bench/derive/scenarios.ts';
import { EVIDENCE_INDEX_PATH, REGISTRY_PATH, type LibrariesInput } from '../../bench/derive/libraries.ts';
import { BenchError } from '../../bench/problems.ts';
import { VERSIONS_PATH } from '../../bench/versions/check.ts';
import { specDir } from './paths.ts';

/** Read `scenarios/<revision>/<role>/<id>.json` (not coverage ledgers), sorted by path. */
export function loadScenarioFiles(root: string): SourceFile[] {
  const paths = fg.sync('scenarios/*/{client,server}/*.json', { cwd: root, onlyFiles: true }).sort();
  return paths.map((p) => ({ path: p, text: readFileSync(join(root, p), 'utf8') }));
}

/** Coverage ledgers `scenarios/<revision>/coverage.json`, sorted by path (a ledger in any other revision folder is loaded too: derive rejects it). */
export function loadCoverageFiles(root: string): SourceFile[] {
  const paths = fg.sync('scenarios/*/coverage.json', { cwd: root, onlyFiles: true }).sort();
  return paths.map((p) => ({ path: p, text: readFileSync(join(root, p), 'utf8') }));
}

/** Every file under `results/` by project-relative path (records and sidecars; dotfiles and README ignored). */
export function loadResultFiles(root: string): Map<string, string> {
  const paths = fg.sync('results/**/*', { cwd: root, onlyFiles: true, ignore: ['**/README.md', '**/.gitkeep'] }).sort();
  return new Map(paths.map((p) => [p, readFileSync(join(root, p), 'utf8')]));
}

/** `scenarios/versions.json` (the benchmark's version history), or null when it is missing (derive says so). */
export function loadVersionsFile(root: string): SourceFile | null {
  const f = join(root, VERSIONS_PATH);
  return existsSync(f) ? { path: VERSIONS_PATH, text: readFileSync(f, 'utf8') } : null;
}

/** The normative-sentence TSVs of the pinned spec, when present (derive then checks citations). */
export function loadSpecRows(dir = specDir()): Partial<Record<Revision, SentenceRow[]>> | undefined {
  const out: Partial<Record<Revision, SentenceRow[]>> = {};
  for (const rev of REVISIONS) {
    const f = join(dir, rev, 'normative-sentences.tsv');
    if (!existsSync(f)) return undefined;
    const { rows, problems } = parseSentenceTsv(f, readFileSync(f, 'utf8'));
    if (problems.length) throw new BenchError(problems);
    out[rev] = rows;
  }
  return out;
}

/** The libraries board's committed files: registry, evidence index (each when present) and the evidence transcripts. */
export function loadLibraryFiles(root: string): LibrariesInput {
  const file = (p: string): SourceFile | undefined => (existsSync(join(root, p)) ? { path: p, text: readFileSync(join(root, p), 'utf8') } : undefined);
  return {
    registry: file(REGISTRY_PATH),
    evidence: file(EVIDENCE_INDEX_PATH),
    transcripts: fg.sync('libraries/evidence/**/*.txt', { cwd: root, onlyFiles: true }).sort().map((p) => ({ path: p, text: readFileSync(join(root, p), 'utf8') })),
  };
}
