// Registry of library subjects: real MCP libraries driven through the same runner, prober and reference server as
// agents. Each entry names the package, the exact version its records claim, and one glue program per revision and
// role (CONTEXT.md: the glue policy, and how to add a library).
import { fileURLToPath } from 'node:url';
import type { Revision, Role } from '../../bench/schema/common.ts';
import type { Scenario } from '../../bench/schema/scenario.ts';
import type { Subject } from '../../bench/schema/subject.ts';
import { commandAdapter } from '../runner/adapters/basic.ts';
import type { Adapter } from '../runner/adapters/types.ts';
import { shq } from '../runner/env.ts';
import { RunnerInputError } from '../runner/errors.ts';

/** One library under test. */
export interface LibraryEntry {
  /** npm package name, e.g. `@modelcontextprotocol/sdk`. */
  library: string;
  /** Exact version the records claim; must equal the installed one (checked before running). */
  libraryVersion: string;
  /** Display name on the board. */
  label: string;
  /** Glue programs (absolute paths), by revision and role; run as `node <glue> <scenario id>`. */
  glue: Partial<Record<Revision, Partial<Record<Role, string>>>>;
}

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export const LIBRARIES: readonly LibraryEntry[] = [
  {
    library: '@modelcontextprotocol/sdk',
    libraryVersion: '1.32.2',
    label: 'MCP TypeScript SDK 1.32.2',
    glue: { '2025-11-25': { server: here('../../../libraries/typescript-sdk/server.ts'), client: here('../../../libraries/typescript-sdk/client.ts') } },
  },
];

export function librarySubject(e: LibraryEntry): Subject {
  return { kind: 'library', id: `library/${e.library}@${e.libraryVersion}`, label: e.label, library: e.library, libraryVersion: e.libraryVersion };
}

/** A library by package name, `name@version` or subject id; unknown names are input errors listing the known ones. */
export function findLibrary(name: string, entries: readonly LibraryEntry[] = LIBRARIES): LibraryEntry {
  const hit = entries.find((e) => [e.library, `${e.library}@${e.libraryVersion}`, librarySubject(e).id].includes(name));
  if (!hit) throw new RunnerInputError(`--library: unknown library "${name}"`, `known: ${entries.map((e) => `${e.library}@${e.libraryVersion}`).join(', ')}`);
  return hit;
}

/**
 * The library's glue for one scenario as a `command` adapter: a server-role glue is itself the server (`service`:
 * ready when PORT listens); a client-role glue is a session that exits when done. The glue imports the library from
 * this project's node_modules, so the project stays visible in the sandbox (`usesProject`).
 */
export function libraryAdapter(e: LibraryEntry, scenario: Scenario): Adapter | undefined {
  const c = glueCommand(e, scenario);
  return c && { ...commandAdapter({ ...c, subject: librarySubject(e) }), usesProject: true };
}

/** The glue's command line for a scenario (`node <glue> <scenario id>`, each word shell-quoted when needed), or undefined when there is no glue. */
export function glueCommand(e: LibraryEntry, scenario: Scenario): { command: string; service: boolean } | undefined {
  const glue = e.glue[scenario.revision]?.[scenario.role];
  return glue ? { command: `node ${shq(glue)} ${shq(scenario.id)}`, service: scenario.role === 'server' } : undefined;
}
