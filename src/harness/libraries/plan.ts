// Plan, check and write library trials: every (library × scenario) pair that has glue and is not registered as
// not attempted, run through the trial runner like any other subject (docs none, k1), replacing that subject's
// earlier records.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import fg from 'fast-glob';
import { REVISIONS, ROLES, type Revision, type Role } from '../../bench/schema/common.ts';
import type { Scenario } from '../../bench/schema/scenario.ts';
import { writeTrial } from '../io/trial-files.ts';
import type { RoleDriver } from '../roles/types.ts';
import type { CalibrationJob, Ran } from '../runner/calibrate.ts';
import { oneOf, parseCli } from '../cli-args.ts';
import { RunnerInputError } from '../errors.ts';
import {
  findLibraries,
  libraryAdapter,
  newestReleases,
  librariesDir,
  notAttemptedReason,
  registeredLibraries,
  type LibraryEntry,
} from './index.ts';

export const USAGE =
  'npm run libraries [-- --library @modelcontextprotocol/sdk[@1.32.2]] [--newest] [--revision 2025-11-25] [--role server|client] [--jobs 1] [--repetitions 3] [--isolation docker|netns|none] [--check | --evidence [--write]]';

/** Repetitions per (library × scenario) cell when writing records: enough to show a verdict that is not stable. */
export const LIBRARY_K = 3;

export interface LibrariesArgs {
  /** The selected releases (`--library name`: every release of it; `name@version`: one; `--newest`: each library's newest). */
  libraries: LibraryEntry[];
  revision?: Revision;
  role?: Role;
  jobs: number;
  /** Trials per (library × scenario) cell, k = 1 … repetitions (default 3 when writing, 1 with --check). */
  repetitions: number;
  /** `--isolation` as given (undefined: the default, docker when an engine answers). */
  isolation?: string;
  /** Re-run and compare verdicts with the committed records; write nothing. */
  check: boolean;
  /** Re-run the raw evidence commands (libraries/evidence/index.json) against the live libraries instead of trials. */
  evidence: boolean;
  /** With --evidence: (re)write the transcripts instead of only checking them. */
  write: boolean;
}

/** `npm run libraries` arguments; bad input is a RunnerInputError (printed path-first with the usage as hint). */
export function parseLibrariesArgs(
  argv: string[],
  entries: readonly LibraryEntry[] = registeredLibraries(),
): LibrariesArgs {
  const a = parseCli(
    argv,
    {
      library: { type: 'string' },
      newest: { type: 'boolean', default: false },
      revision: { type: 'string' },
      role: { type: 'string' },
      jobs: { type: 'string', default: '1' },
      repetitions: { type: 'string' },
      isolation: { type: 'string' },
      check: { type: 'boolean', default: false },
      evidence: { type: 'boolean', default: false },
      write: { type: 'boolean', default: false },
    },
    USAGE,
  );
  const jobs = Number(a.jobs);
  if (!Number.isInteger(jobs) || jobs < 1)
    throw new RunnerInputError(`--jobs "${a.jobs}": must be a positive integer`, USAGE);
  const repetitions = Number(a.repetitions ?? (a.check ? 1 : LIBRARY_K));
  if (!Number.isInteger(repetitions) || repetitions < 1)
    throw new RunnerInputError(`--repetitions "${a.repetitions}": must be a positive integer`, USAGE);
  if (a.check && a.evidence) throw new RunnerInputError('--check and --evidence: pick one', USAGE);
  if (a.write && !a.evidence) throw new RunnerInputError('--write: only with --evidence', USAGE);
  return {
    libraries: ((l: LibraryEntry[]) => (a.newest ? newestReleases(l) : l))(
      a.library !== undefined ? findLibraries(a.library, entries) : [...entries],
    ),
    revision: a.revision !== undefined ? oneOf('--revision', a.revision, REVISIONS) : undefined,
    role: a.role !== undefined ? oneOf('--role', a.role, ROLES) : undefined,
    jobs,
    repetitions,
    isolation: a.isolation,
    check: a.check,
    evidence: a.evidence,
    write: a.write,
  };
}

/** The installed version of a package under `folder/node_modules`, or undefined when it is not installed. */
export function installedVersion(folder: string, pkg: string): string | undefined {
  const file = join(folder, 'node_modules', pkg, 'package.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { version?: string }).version : undefined;
}

/**
 * Refuse to run a library whose installed version (or a companion's) differs from the registry's: a record never
 * claims a version that did not run. `dir` is the libraries folder; each entry names its install folder in it.
 */
export function checkInstalled(dir: string, entries: readonly LibraryEntry[], root = join(dir, '..')): void {
  for (const e of entries) {
    const folder = join(dir, e.installFolder);
    const lineage = [e.transport, e.clientTransport].flatMap((t) =>
      t?.version && t.package ? [[t.package, t.version] as const] : [],
    );
    for (const [pkg, want] of [[e.library, e.libraryVersion], ...Object.entries(e.companions), ...lineage] as const) {
      const v = installedVersion(folder, pkg);
      if (v !== want) {
        const file = relative(root, join(folder, 'node_modules', pkg, 'package.json'));
        throw new RunnerInputError(
          `${file}: version ${v ?? '(not installed)'}, but libraries/registry.json (${e.library}) claims ${want}`,
          "install the pinned versions: npm run libraries:install (or pin the installed one in libraries/registry.json and the folder's package.json)",
        );
      }
    }
  }
}

export interface LibraryPlan {
  jobs: CalibrationJob[];
  /** `<library> <revision> <role>`: selected, but no glue or no role driver (reported, not run). */
  skipped: string[];
  /** `<library> <revision> <role> <scenario>: <reason>`: registered as not attempted (reported, not run). */
  notAttempted: string[];
}

/** Every selected (library × scenario) with glue, a role driver and no not-attempted entry, in a stable order. */
export function planLibraries(
  scenarios: readonly Scenario[],
  args: Pick<LibrariesArgs, 'libraries' | 'revision' | 'role'> & Partial<Pick<LibrariesArgs, 'repetitions'>>,
  driverFor: (r: Revision, role: Role) => RoleDriver | undefined,
  dir = librariesDir(),
): LibraryPlan {
  const jobs: CalibrationJob[] = [];
  const skipped = new Set<string>();
  const notAttempted: string[] = [];
  const picked = scenarios
    .filter((s) => (!args.revision || s.revision === args.revision) && (!args.role || s.role === args.role))
    .sort((a, b) => `${a.revision}/${a.role}/${a.id}`.localeCompare(`${b.revision}/${b.role}/${b.id}`));
  for (const e of args.libraries) {
    for (const scenario of picked) {
      const driver = driverFor(scenario.revision, scenario.role);
      const adapter = libraryAdapter(e, scenario, dir);
      const reason = notAttemptedReason(e, scenario);
      if (driver && adapter && reason)
        notAttempted.push(
          `${e.library}@${e.libraryVersion} ${scenario.revision} ${scenario.role} ${scenario.id}: ${reason}`,
        );
      else if (driver && adapter)
        for (let k = 1; k <= (args.repetitions ?? 1); k++) jobs.push({ scenario, driver, adapter, k });
      else
        skipped.add(
          `${e.library}@${e.libraryVersion} ${scenario.revision} ${scenario.role}: ${driver ? 'no glue' : 'no role driver'}`,
        );
    }
  }
  return { jobs, skipped: [...skipped], notAttempted };
}

/** The folders (globs) holding a run's subject records in its revision and role, for every scenario id. */
export const subjectRecordDir = ({ job: { scenario: s, adapter } }: Pick<Ran, 'job'>): string =>
  `results/${s.revision}/${s.role}/*/*/${adapter.subject.id}`;

/**
 * Remove every earlier record of the planned subjects in the planned revisions and roles (also of scenarios that no
 * longer exist, or are now not attempted), then write the fresh ones. Returns the written record paths.
 */
export function writeLibraries(root: string, ran: readonly Ran[]): string[] {
  const stale = new Set(ran.map(subjectRecordDir));
  for (const d of fg.sync([...stale], { cwd: root, onlyDirectories: true }))
    rmSync(join(root, d), { recursive: true, force: true });
  return ran.map((r) =>
    writeTrial(root, r.result.record, r.result.log, r.result.transcript, r.result.snapshot, r.result.model),
  );
}
