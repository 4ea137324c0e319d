import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Revision } from '../../bench/schema/common.ts';
import { REVISIONS } from '../../bench/schema/common.ts';
import { parseSentenceTsv, type SentenceRow } from '../../bench/spec/tsv.ts';
import type { SourceFile } from '../../bench/derive/scenarios.ts';
import { EVIDENCE_INDEX_PATH, REGISTRY_PATH, type LibrariesInput } from '../../bench/derive/libraries.ts';
import { RESULTS_TOTAL_LIMIT } from '../../bench/derive/limits.ts';
import { BenchError, type Problem } from '../../bench/problems.ts';
import { VERSIONS_PATH } from '../../bench/versions/check.ts';
import { ARCHIVE_DIR } from '../../bench/derive/archives.ts';
import { specDir } from './paths.ts';
import { readProjectFile, readTree } from './safe-read.ts';

// Every reader below goes through safe-read.ts: no links, no FIFOs or devices, size limits, strict UTF-8. Refusals go
// into `refused` when given (derive reports them with everything else), else they are thrown as one BenchError.

function settle(refused: Problem[] | undefined, found: Problem[]): void {
  if (found.length === 0) return;
  if (!refused) throw new BenchError(found);
  refused.push(...found);
}

const SCENARIO = /^scenarios\/[^/]+\/(client|server)\/[^/]+\.json$/;
const LEDGER = /^scenarios\/[^/]+\/coverage\.json$/;

/** The scenario folder, read once per call: scenario files and coverage ledgers. */
function scenarioTree(root: string, refused?: Problem[]): Map<string, string> {
  const t = readTree(root, 'scenarios', { select: (p) => SCENARIO.test(p) || LEDGER.test(p) || p === VERSIONS_PATH });
  settle(refused, t.refused);
  return t.files;
}

const sourceFiles = (files: Map<string, string>, re: RegExp): SourceFile[] =>
  [...files]
    .filter(([p]) => re.test(p))
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([path, text]) => ({ path, text }));

/** Scenario files and coverage ledgers from one walk of `scenarios/` (what derive reads). */
export function loadScenarioSources(
  root: string,
  refused?: Problem[],
): { scenarios: SourceFile[]; coverage: SourceFile[] } {
  const files = scenarioTree(root, refused);
  return { scenarios: sourceFiles(files, SCENARIO), coverage: sourceFiles(files, LEDGER) };
}

/** Read `scenarios/<revision>/<role>/<id>.json` (not coverage ledgers), sorted by path. */
export function loadScenarioFiles(root: string, refused?: Problem[]): SourceFile[] {
  return sourceFiles(scenarioTree(root, refused), SCENARIO);
}

/** Coverage ledgers `scenarios/<revision>/coverage.json`, sorted by path (a ledger in any other revision folder is loaded too: derive rejects it). */
export function loadCoverageFiles(root: string, refused?: Problem[]): SourceFile[] {
  return sourceFiles(scenarioTree(root, refused), LEDGER);
}

/** Every file under `results/` by project-relative path (records and sidecars; `README.md` and `.gitkeep` ignored). */
export function loadResultFiles(root: string, refused?: Problem[]): Map<string, string> {
  const t = readTree(root, 'results', {
    select: () => true,
    ignore: (_rel, name) => name === 'README.md' || name === '.gitkeep',
    total: RESULTS_TOTAL_LIMIT,
  });
  settle(refused, t.refused);
  return t.files;
}

/** One project file through the safe reader: its text, or undefined when it does not exist (or was refused). */
function projectFile(root: string, path: string, refused?: Problem[]): SourceFile | undefined {
  const r = readProjectFile(root, path);
  if (!r) return undefined;
  if ('problem' in r) return void settle(refused, [r.problem]);
  return { path, text: r.text };
}

/** `scenarios/versions.json` (the benchmark's version history), or null when it is missing or refused (derive says so). */
export function loadVersionsFile(root: string, refused?: Problem[]): SourceFile | null {
  return projectFile(root, VERSIONS_PATH, refused) ?? null;
}

/** `archive/*.json`: the boards of earlier benchmark versions (none when the folder is absent). */
export function loadArchiveFiles(root: string, refused?: Problem[]): SourceFile[] {
  if (!existsSync(join(root, ARCHIVE_DIR))) return [];
  return readdirSync(join(root, ARCHIVE_DIR))
    .filter((f) => f.endsWith('.json'))
    .sort()
    .flatMap((f) => projectFile(root, `${ARCHIVE_DIR}/${f}`, refused) ?? []);
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
export function loadLibraryFiles(root: string, refused?: Problem[]): LibrariesInput {
  const t = readTree(root, 'libraries/evidence', { select: (p) => p.endsWith('.txt') });
  settle(refused, t.refused);
  return {
    registry: projectFile(root, REGISTRY_PATH, refused),
    evidence: projectFile(root, EVIDENCE_INDEX_PATH, refused),
    transcripts: sourceFiles(t.files, /\.txt$/),
  };
}

/** `package.json`'s version through the safe reader (undefined without a package.json, or when it has none). */
export function loadPackageVersion(root: string, refused?: Problem[]): string | undefined {
  const f = projectFile(root, 'package.json', refused);
  if (!f) return undefined;
  try {
    const v = (JSON.parse(f.text) as { version?: unknown }).version;
    return typeof v === 'string' ? v : undefined;
  } catch {
    return void settle(refused, [{ file: 'package.json', message: 'invalid JSON' }]);
  }
}
