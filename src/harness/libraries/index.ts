// Registry of library subjects: real MCP libraries driven through the same runner, prober and reference server as
// agents. The data is committed in `libraries/registry.json` (package, exact version, companions, glue per revision
// and role, not-attempted scenarios with reasons); this module reads it and turns an entry into a subject and an
// adapter (CONTEXT.md: the glue policy, and how to add a library).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { librarySubject, REGISTRY_PATH } from '../../bench/derive/libraries.ts';
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

/** A library by package name, `name@version` or subject id; unknown names are input errors listing the known ones. */
export function findLibrary(name: string, entries: readonly LibraryEntry[] = registeredLibraries()): LibraryEntry {
  const hit = entries.find((e) => [e.library, `${e.library}@${e.libraryVersion}`, librarySubject(e).id].includes(name));
  if (!hit)
    throw new RunnerInputError(
      `--library: unknown library "${name}"`,
      `known: ${entries.map((e) => `${e.library}@${e.libraryVersion}`).join(', ')}`,
    );
  return hit;
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

/** The glue's command line for a scenario (`node <glue> <scenario id>`, each word shell-quoted when needed), or undefined when there is no glue. */
export function glueCommand(
  e: LibraryEntry,
  scenario: Scenario,
  dir = librariesDir(),
): { command: string; service: boolean } | undefined {
  const glue = e.glue[scenario.revision]?.[scenario.role];
  return glue
    ? { command: `node ${shq(join(dir, glue))} ${shq(scenario.id)}`, service: scenario.role === 'server' }
    : undefined;
}
