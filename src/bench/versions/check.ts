// The benchmark's version history (`scenarios/versions.json`) against the scenarios as they are and against every
// record: which scenario version each trial ran, and whether the history still describes the current scenarios.
import { cmp, type Problem } from '../problems.ts';
import type { Scenario } from '../schema/scenario.ts';
import { BenchmarkVersionsSchema, type VersionRow } from '../schema/versions.ts';
import { parseWith } from '../derive/parse.ts';
import type { SourceFile } from '../derive/scenarios.ts';
import { scenarioHash, scenarioKey } from './hash.ts';

export const VERSIONS_PATH = 'scenarios/versions.json';
const BUMP =
  'record the change: `npm run versions -- --bump major|minor|patch --summary "…"` (major when a prompt or scenario changed)';

/** One release as the methodology page lists it (the schema is the data set's contract). */
export type { VersionRow } from '../schema/versions.ts';

export interface Versions {
  /** The current benchmark version (the last entry). */
  current: string;
  rows: VersionRow[];
  /** Scenario key → the hash its trials must have to count on the boards now. */
  currentHashes: Readonly<Record<string, string>>;
  /** Version → scenario key → hash (the latest major at or before it). */
  hashesAt: ReadonlyMap<string, Readonly<Record<string, string>>>;
}

const parts = (v: string) => v.split('.').map(Number) as [number, number, number];
const bumpOf = (prev: string, next: string): VersionRow['kind'] | undefined => {
  const [a, b, c] = parts(prev);
  const [x, y, z] = parts(next);
  if (x === a + 1 && y === 0 && z === 0) return 'major';
  if (x === a && y === b + 1 && z === 0) return 'minor';
  if (x === a && y === b && z === c + 1) return 'patch';
  return undefined;
};

/** Validate the history; it must describe the current scenarios exactly and agree with package.json's version. */
export function checkVersions(
  file: SourceFile | undefined,
  scenarios: ReadonlyMap<string, Scenario>,
  packageVersion?: string,
): { versions?: Versions; problems: Problem[] } {
  const now = Object.fromEntries(
    [...scenarios.values()].map((s) => [scenarioKey(s), scenarioHash(s)] as const).sort(([a], [b]) => cmp(a, b)),
  );
  if (!file)
    return {
      problems: scenarios.size
        ? [
            {
              file: VERSIONS_PATH,
              message: 'missing: every record names the benchmark version and scenario version it ran',
              hint: BUMP,
            },
          ]
        : [],
    };
  const parsed = parseWith(file.path, file.text, BenchmarkVersionsSchema);
  if (!parsed.value) return { problems: parsed.problems };
  const problems: Problem[] = [];
  const rows: VersionRow[] = [];
  const hashesAt = new Map<string, Record<string, string>>();
  let hashes: Record<string, string> = {};
  parsed.value.versions.forEach((v, i) => {
    const field = `versions[${i}]`;
    const prev = parsed.value!.versions[i - 1];
    const kind = prev
      ? bumpOf(prev.version, v.version)
      : parts(v.version)[1] === 0 && parts(v.version)[2] === 0
        ? 'major'
        : undefined;
    if (!kind)
      problems.push({
        file: file.path,
        field: `${field}.version`,
        message: prev
          ? `"${v.version}" is not the next major, minor or patch version after "${prev.version}"`
          : `the first version must be a major one (x.0.0), got "${v.version}"`,
      });
    if (kind === 'major' && !v.scenarios)
      problems.push({
        file: file.path,
        field: `${field}.scenarios`,
        message: 'a major version lists the hash of every scenario',
        hint: BUMP,
      });
    if (kind !== 'major' && v.scenarios)
      problems.push({
        file: file.path,
        field: `${field}.scenarios`,
        message: `only a major version lists scenario hashes (a ${kind ?? 'non-major'} version keeps the previous ones)`,
      });
    if (prev && v.date < prev.date)
      problems.push({
        file: file.path,
        field: `${field}.date`,
        message: `${v.date} is before the previous version's ${prev.date}`,
      });
    const changed = v.scenarios
      ? Object.keys(v.scenarios)
          .filter((k) => hashes[k] !== v.scenarios![k])
          .sort(cmp)
      : [];
    if (v.scenarios) hashes = { ...v.scenarios };
    hashesAt.set(v.version, hashes);
    rows.push({ version: v.version, date: v.date, summary: v.summary, kind: kind ?? 'patch', changed });
  });
  const last = parsed.value.versions.at(-1)!;
  for (const [key, hash] of Object.entries(now)) {
    if (hashes[key] === undefined)
      problems.push({
        file: `scenarios/${key}.json`,
        message: `not in the version history (hash ${hash})`,
        hint: BUMP,
      });
    else if (hashes[key] !== hash)
      problems.push({
        file: `scenarios/${key}.json`,
        message: `changed since the last major version (now ${hash}, version history ${hashes[key]})`,
        hint: BUMP,
      });
  }
  for (const key of Object.keys(hashes))
    if (!(key in now))
      problems.push({ file: file.path, message: `lists scenario ${key}, which no longer exists`, hint: BUMP });
  if (packageVersion !== undefined && packageVersion !== last.version)
    problems.push({
      file: 'package.json',
      field: 'version',
      message: `"${packageVersion}", but the version history's current version is "${last.version}"`,
      hint: 'keep them equal: `npm run versions` writes both',
    });
  return { versions: { current: last.version, rows: rows.reverse(), currentHashes: now, hashesAt }, problems };
}

/** A record's version fields against the history: the scenario version it claims must be the one its version lists. */
export function recordVersionProblems(
  path: string,
  trial: { benchmarkVersion: string; scenarioHash: string; revision: string; role: string; scenario: string },
  versions: Versions,
): Problem[] {
  const at = versions.hashesAt.get(trial.benchmarkVersion);
  if (!at)
    return [
      {
        file: path,
        field: 'trial.benchmarkVersion',
        message: `unknown benchmark version "${trial.benchmarkVersion}" (${VERSIONS_PATH} lists ${[...versions.hashesAt.keys()].join(', ')})`,
      },
    ];
  const key = `${trial.revision}/${trial.role}/${trial.scenario}`;
  if (at[key] !== trial.scenarioHash)
    return [
      {
        file: path,
        field: 'trial.scenarioHash',
        message: `${trial.scenarioHash} is not the hash version ${trial.benchmarkVersion} lists for ${key} (${at[key] ?? 'none'})`,
        hint: 'records are never edited: re-run the trial with the current harness',
      },
    ];
  return [];
}
