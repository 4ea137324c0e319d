// Plan, check and write library trials: every (library × scenario) pair that has glue, run through the trial
// runner like any other subject (docs none, k1), replacing that subject's earlier records.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import fg from 'fast-glob';
import { REVISIONS, ROLES, type Revision, type Role } from '../../bench/schema/common.ts';
import type { Scenario } from '../../bench/schema/scenario.ts';
import { writeTrial } from '../io/trial-files.ts';
import type { RoleDriver } from '../roles/types.ts';
import type { CalibrationJob, Ran } from '../runner/calibrate.ts';
import { oneOf, parseCli } from '../runner/cli.ts';
import { RunnerInputError } from '../runner/errors.ts';
import { findLibrary, LIBRARIES, libraryAdapter, type LibraryEntry } from './index.ts';

export const USAGE = 'npm run libraries [-- --library @modelcontextprotocol/sdk] [--revision 2025-11-25] [--role server|client] [--jobs 1] [--isolation netns|none]';

export interface LibrariesArgs {
  libraries: LibraryEntry[];
  revision?: Revision;
  role?: Role;
  jobs: number;
  isolation: 'netns' | 'none';
}

/** `npm run libraries` arguments; bad input is a RunnerInputError (printed path-first with the usage as hint). */
export function parseLibrariesArgs(argv: string[], entries: readonly LibraryEntry[] = LIBRARIES): LibrariesArgs {
  const a = parseCli(argv, { library: { type: 'string' }, revision: { type: 'string' }, role: { type: 'string' }, jobs: { type: 'string', default: '1' }, isolation: { type: 'string', default: 'netns' } }, USAGE);
  const jobs = Number(a.jobs);
  if (!Number.isInteger(jobs) || jobs < 1) throw new RunnerInputError(`--jobs "${a.jobs}": must be a positive integer`, USAGE);
  return {
    libraries: a.library !== undefined ? [findLibrary(a.library, entries)] : [...entries],
    revision: a.revision !== undefined ? oneOf('--revision', a.revision, REVISIONS) : undefined,
    role: a.role !== undefined ? oneOf('--role', a.role, ROLES) : undefined,
    jobs,
    isolation: oneOf('--isolation', a.isolation, ['netns', 'none'] as const),
  };
}

/** The installed version of a package under `root/node_modules`, or undefined when it is not installed. */
export function installedVersion(root: string, pkg: string): string | undefined {
  const file = join(root, 'node_modules', pkg, 'package.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { version?: string }).version : undefined;
}

/** Refuse to run a library whose installed version differs from the one its records would claim. */
export function checkInstalled(root: string, entries: readonly LibraryEntry[]): void {
  for (const e of entries) {
    const v = installedVersion(root, e.library);
    if (v !== e.libraryVersion) {
      throw new RunnerInputError(`node_modules/${e.library}/package.json: version ${v ?? '(not installed)'}, but the registry entry claims ${e.libraryVersion}`, 'update src/harness/libraries/index.ts or install the claimed version');
    }
  }
}

export interface LibraryPlan {
  jobs: CalibrationJob[];
  /** `<library> <revision> <role>`: selected, but no glue or no role driver (reported, not run). */
  skipped: string[];
}

/** Every selected (library × scenario) with glue and a role driver, in a stable order. */
export function planLibraries(scenarios: readonly Scenario[], args: Pick<LibrariesArgs, 'libraries' | 'revision' | 'role'>, driverFor: (r: Revision, role: Role) => RoleDriver | undefined): LibraryPlan {
  const jobs: CalibrationJob[] = [];
  const skipped = new Set<string>();
  const picked = scenarios
    .filter((s) => (!args.revision || s.revision === args.revision) && (!args.role || s.role === args.role))
    .sort((a, b) => `${a.revision}/${a.role}/${a.id}`.localeCompare(`${b.revision}/${b.role}/${b.id}`));
  for (const e of args.libraries) {
    for (const scenario of picked) {
      const driver = driverFor(scenario.revision, scenario.role);
      const adapter = libraryAdapter(e, scenario);
      if (driver && adapter) jobs.push({ scenario, driver, adapter });
      else skipped.add(`${e.library}@${e.libraryVersion} ${scenario.revision} ${scenario.role}: ${driver ? 'no glue' : 'no role driver'}`);
    }
  }
  return { jobs, skipped: [...skipped] };
}

/**
 * Remove every earlier record of the planned subjects in the planned revisions and roles (also of scenarios that no
 * longer exist), then write the fresh ones. Returns the written record paths.
 */
export function writeLibraries(root: string, ran: readonly Ran[]): string[] {
  const stale = new Set(ran.map(({ job: { scenario: s, adapter } }) => `results/${s.revision}/${s.role}/*/*/${adapter.subject.id}`));
  for (const dir of fg.sync([...stale], { cwd: root, onlyDirectories: true })) rmSync(join(root, dir), { recursive: true, force: true });
  return ran.map((r) => writeTrial(root, r.result.record, r.result.log, r.result.transcript));
}

