// Registry of library subjects: real MCP libraries driven through the same runner, prober and reference server as
// agents. The data is committed in `libraries/registry.json` (package, exact version, companions, glue per revision
// and role, not-attempted scenarios with reasons); this module reads it and turns an entry into a subject and an
// adapter (CONTEXT.md: the glue policy, and how to add a library).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compareVersions, librarySubject, REGISTRY_PATH } from '../../bench/derive/libraries.ts';
import { parseWith } from '../../bench/derive/parse.ts';
import { formatProblem } from '../../bench/problems.ts';
import { LibraryRegistrySchema, type LibraryEntry } from '../../bench/schema/library.ts';
import type { Scenario } from '../../bench/schema/scenario.ts';
import { commandAdapter } from '../runner/adapters/basic.ts';
import type { Adapter } from '../runner/adapters/types.ts';
import { shq } from '../runner/env.ts';
import { RunnerInputError } from '../errors.ts';

export type { LibraryEntry };

/** This checkout (the glue is code: it comes with the source, whatever MCPFS_ROOT points at). */
const REPO = fileURLToPath(new URL('../../../', import.meta.url));

/** The folder that holds the glue, the install folders and the evidence (`<repo>/libraries`). */
export const librariesDir = (root = REPO): string => join(root, 'libraries');

/** Read and validate `libraries/registry.json`; a broken file is an input error naming the file and field. */
export function loadRegistry(root = REPO): LibraryEntry[] {
  const { value, problems } = parseWith(
    REGISTRY_PATH,
    readFileSync(join(root, REGISTRY_PATH), 'utf8'),
    LibraryRegistrySchema,
  );
  if (!value)
    throw new RunnerInputError(
      problems.map(formatProblem).join('\n'),
      `fix ${REGISTRY_PATH} (schema: src/bench/schema/library.ts)`,
    );
  return value.libraries;
}

let cached: readonly LibraryEntry[] | undefined;
/** The committed registry, read on first use (a broken file then fails inside the CLI, printed path-first). */
export const registeredLibraries = (): readonly LibraryEntry[] => (cached ??= loadRegistry());

/** A registry entry's subject (in the pure core: derive checks library records against the same function). */
export { librarySubject };

/**
 * The releases a `--library` value selects: a package name selects every registered release of it, `name@version` or
 * a subject id one release; unknown names are input errors listing the known ones.
 */
export function findLibraries(name: string, entries: readonly LibraryEntry[] = registeredLibraries()): LibraryEntry[] {
  const hits = entries.filter((e) =>
    [e.library, `${e.library}@${e.libraryVersion}`, librarySubject(e).id].includes(name),
  );
  if (!hits.length)
    throw new RunnerInputError(
      `--library: unknown library "${name}"`,
      `known: ${entries.map((e) => `${e.library}@${e.libraryVersion}`).join(', ')}`,
    );
  return hits;
}

/** One release by package name (its newest registered release), `name@version` or subject id. */
export const findLibrary = (name: string, entries: readonly LibraryEntry[] = registeredLibraries()): LibraryEntry =>
  newestReleases(findLibraries(name, entries))[0]!;

/** The newest registered release of each library among `entries`, in the order the libraries first appear. */
export function newestReleases(entries: readonly LibraryEntry[]): LibraryEntry[] {
  const newest = new Map<string, LibraryEntry>();
  for (const e of entries) {
    const have = newest.get(e.library);
    if (!have || compareVersions(e.libraryVersion, have.libraryVersion) > 0) newest.set(e.library, e);
  }
  const order = [...new Set(entries.map((e) => e.library))];
  return order.map((l) => newest.get(l)!);
}

/** Why the library does not attempt this scenario (registry `notAttempted`), or undefined. */
export function notAttemptedReason(e: LibraryEntry, s: Pick<Scenario, 'revision' | 'role' | 'id'>): string | undefined {
  return e.notAttempted.find((n) => n.revision === s.revision && n.role === s.role && n.scenario === s.id)?.reason;
}

/**
 * The library's glue for one scenario as a `command` adapter: a server-role glue is itself the server (`service`:
 * ready when PORT listens); a client-role glue is a session that exits when done. The glue imports the library from
 * the project's `libraries/` install folders, so the project stays visible in the sandbox (`usesProject`).
 */
export function libraryAdapter(e: LibraryEntry, scenario: Scenario, dir = librariesDir()): Adapter | undefined {
  const c = glueCommand(e, scenario, dir);
  return c && { ...commandAdapter({ ...c, subject: librarySubject(e) }), usesProject: true };
}

/** The module hook that resolves a shared glue's bare imports from a release's install folder (libraries/README.md "Release history"). */
export const INSTALL_FOLDER_HOOK = 'install-folder-hook.ts';

/**
 * The glue's command line for a scenario (`node <glue> <scenario id>`, each word shell-quoted when needed), or
 * undefined when there is no glue. When the glue file does not sit inside the entry's install folder (an earlier or
 * later release sharing the newest release's glue), node's own resolution would find the packages beside the glue, so
 * the command names the install folder (`MCPFS_INSTALL_FOLDER`, set on the command line itself so it reaches the glue
 * inside the sandbox) and loads the hook that resolves the glue's bare imports from there.
 */
export function glueCommand(
  e: LibraryEntry,
  scenario: Scenario,
  dir = librariesDir(),
): { command: string; service: boolean } | undefined {
  const glue = e.glue[scenario.revision]?.[scenario.role];
  if (!glue) return undefined;
  const { env, args } = glueNode(e, glue, dir);
  const words = [...Object.entries(env).map(([k, v]) => `${k}=${shq(v)}`), 'node', ...args.map(shq)];
  return {
    command: `${words.join(' ')} ${shq(join(dir, glue))} ${shq(scenario.id)}`,
    service: scenario.role === 'server',
  };
}

/**
 * What node needs besides the glue file to import the entry's packages: nothing when the glue sits inside the install
 * folder (node's own resolution walks up to its node_modules), else MCPFS_INSTALL_FOLDER and `--import` of the hook.
 */
export function glueNode(
  e: LibraryEntry,
  glue: string,
  dir = librariesDir(),
): { env: Record<string, string>; args: string[] } {
  const folder = e.installFolder === '.' ? '' : e.installFolder;
  if (folder === '' || `${dirname(glue)}/`.startsWith(`${folder}/`)) return { env: {}, args: [] };
  return { env: { MCPFS_INSTALL_FOLDER: join(dir, folder) }, args: ['--import', join(dir, INSTALL_FOLDER_HOOK)] };
}
