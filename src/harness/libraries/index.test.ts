import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Revision, Role } from '../../bench/schema/common.ts';
import type { Scenario } from '../../bench/schema/scenario.ts';
import { SubjectSchema } from '../../bench/schema/subject.ts';
import type { RoleDriver } from '../roles/types.ts';
import { RunnerInputError } from '../errors.ts';
import { checkScenarios } from '../../bench/derive/scenarios.ts';
import { loadScenarioFiles } from '../io/load.ts';
import { driverFor as realDriverFor } from '../roles/registry.ts';
import {
  findLibraries,
  findLibrary,
  glueCommand,
  libraryAdapter,
  librariesDir,
  librarySubject,
  registeredLibraries,
  type LibraryEntry,
} from './index.ts';
import { checkInstalled, parseLibrariesArgs, planLibraries } from './plan.ts';

// Registry and CLI argument handling of `npm run libraries` (no trial runs; libraries.test.ts runs them live).
const lib = (library: string, glue: LibraryEntry['glue'], more: Partial<LibraryEntry> = {}): LibraryEntry => ({
  library,
  libraryVersion: '2.0.0',
  label: `${library} 2.0.0`,
  installFolder: '.',
  companions: {},
  glue,
  notAttempted: [],
  transport: { code: 'own', note: 'test library: its own transport' },
  ...more,
});
const both = lib('@acme/mcp', { '2025-11-25': { server: 'glue/server.ts', client: 'glue/client.ts' } });
const serverOnly = lib('mcp-lite', { '2025-11-25': { server: 'glue/lite.ts' } });
const entries = [both, serverOnly];
const LIBRARIES = registeredLibraries();
const scenario = (revision: Revision, role: Role, id: string) => ({ revision, role, id }) as Scenario;
const scenarios = [
  scenario('2025-11-25', 'server', 'tools-basics'),
  scenario('2025-11-25', 'client', 'call-tool'),
  scenario('2026-07-28', 'server', 'mrtr'),
];
const driverFor = (revision: Revision, role: Role) => ({ revision, role }) as RoleDriver;

const inputError = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    if (e instanceof RunnerInputError) return `${e.message} | ${e.hint ?? ''}`;
    throw e;
  }
  throw new Error('expected a RunnerInputError');
};

let tmp: string | undefined;
afterEach(() => {
  if (tmp) rmSync(tmp, { recursive: true, force: true });
  tmp = undefined;
});

describe('library registry', () => {
  it('gives every registered library a valid library subject with its exact version', () => {
    for (const e of LIBRARIES) {
      const s = SubjectSchema.parse(librarySubject(e));
      expect(s).toMatchObject({
        kind: 'library',
        id: `library/${e.library}@${e.libraryVersion}`,
        library: e.library,
        libraryVersion: e.libraryVersion,
      });
    }
    expect(librarySubject(LIBRARIES[0]!).id).toBe('library/@modelcontextprotocol/sdk@1.32.2');
  });

  it('finds a library by package name, name@version or subject id, and lists the known ones otherwise', () => {
    expect(findLibrary('@acme/mcp', entries)).toBe(both);
    expect(findLibrary('mcp-lite@2.0.0', entries)).toBe(serverOnly);
    expect(findLibrary('library/@acme/mcp@2.0.0', entries)).toBe(both);
    expect(inputError(() => findLibrary('fastmcp', entries))).toBe(
      '--library: unknown library "fastmcp" | known: @acme/mcp@2.0.0, mcp-lite@2.0.0',
    );
  });

  it('selects every release of a library by its name, one by name@version, and its newest with --newest', () => {
    const old = lib('@acme/mcp', both.glue, { libraryVersion: '1.10.0', installFolder: 'releases/acme-1.10.0' });
    const older = lib('@acme/mcp', both.glue, { libraryVersion: '1.9.3', installFolder: 'releases/acme-1.9.3' });
    const all = [both, serverOnly, old, older];
    expect(findLibraries('@acme/mcp', all)).toEqual([both, old, older]);
    expect(findLibraries('@acme/mcp@1.10.0', all)).toEqual([old]);
    expect(findLibrary('@acme/mcp', all)).toBe(both); // 2.0.0 is newer than 1.10.0 (numeric, not text, order)
    const p = (argv: string[]) => parseLibrariesArgs(argv, all).libraries;
    expect(p(['--library', '@acme/mcp'])).toEqual([both, old, older]);
    expect(p(['--library', '@acme/mcp', '--newest'])).toEqual([both]);
    expect(p(['--newest'])).toEqual([both, serverOnly]);
    expect(p(['--library', 'library/@acme/mcp@1.9.3', '--newest'])).toEqual([older]);
  });

  it("runs an earlier release's shared glue with its own install folder through the module hook, and nothing else", () => {
    const release = lib('@acme/mcp', both.glue, { libraryVersion: '1.9.3', installFolder: 'releases/acme 1.9.3' });
    expect(glueCommand(release, scenario('2025-11-25', 'server', 'tools-basics'), '/libs')).toEqual({
      command:
        "MCPFS_INSTALL_FOLDER='/libs/releases/acme 1.9.3' node --import /libs/install-folder-hook.ts /libs/glue/server.ts tools-basics",
      service: true,
    });
    // A glue inside its install folder (mcp-framework's own folder) resolves there without the hook.
    const own = lib('fw', { '2025-11-25': { server: 'fw/server.ts' } }, { installFolder: 'fw' });
    expect(glueCommand(own, scenario('2025-11-25', 'server', 'a'), '/libs')?.command).toBe('node /libs/fw/server.ts a');
    const sibling = lib('fw', { '2025-11-25': { server: 'fw-old/server.ts' } }, { installFolder: 'fw' });
    expect(glueCommand(sibling, scenario('2025-11-25', 'server', 'a'), '/libs')?.command).toMatch(
      /^MCPFS_INSTALL_FOLDER=\/libs\/fw node --import /,
    );
  });

  it('builds a command adapter that runs the glue with the scenario id: a service for servers, a session for clients', () => {
    const a = libraryAdapter(both, scenario('2025-11-25', 'server', 'tools-basics'))!;
    expect(a.usesProject).toBe(true);
    expect(a.subject.id).toBe('library/@acme/mcp@2.0.0');
    expect(libraryAdapter(serverOnly, scenario('2025-11-25', 'client', 'call-tool'))).toBeUndefined();
    expect(glueCommand(both, scenario('2025-11-25', 'server', 'tools-basics'), '/libs')).toEqual({
      command: 'node /libs/glue/server.ts tools-basics',
      service: true,
    });
    expect(glueCommand(both, scenario('2025-11-25', 'client', 'call-tool'), '/libs')).toEqual({
      command: 'node /libs/glue/client.ts call-tool',
      service: false,
    });
    expect(
      glueCommand(lib('x', { '2025-11-25': { server: "it's/s.ts" } }), scenario('2025-11-25', 'server', 'a'), '/libs')
        ?.command,
    ).toBe(`node '/libs/it'\\''s/s.ts' a`);
  });
});

describe('npm run libraries arguments', () => {
  const defaults = {
    revision: undefined,
    role: undefined,
    jobs: 1,
    // Three repetitions per cell when writing records; a check runs one and compares it with all three.
    repetitions: 3,
    // No --isolation: the run picks (docker when an engine answers), so the parsed flag stays unset.
    isolation: undefined,
    check: false,
    evidence: false,
    write: false,
  };
  it('defaults to every library, every revision and role, one job at a time, isolation left to the run', () => {
    expect(parseLibrariesArgs([], entries)).toEqual({ ...defaults, libraries: entries });
    expect(
      parseLibrariesArgs(
        ['--library', 'mcp-lite', '--revision', '2025-11-25', '--role', 'server', '--jobs', '2', '--check'],
        entries,
      ),
    ).toEqual({
      ...defaults,
      libraries: [serverOnly],
      revision: '2025-11-25',
      role: 'server',
      jobs: 2,
      repetitions: 1,
      check: true,
    });
    expect(parseLibrariesArgs(['--check', '--repetitions', '2'], entries)).toMatchObject({ repetitions: 2 });
    expect(parseLibrariesArgs(['--isolation', 'netns'], entries)).toMatchObject({ isolation: 'netns' });
    expect(parseLibrariesArgs(['--evidence', '--write'], entries)).toMatchObject({
      evidence: true,
      write: true,
      check: false,
    });
  });

  it('rejects unknown flags, revisions, roles, bad job counts and mixed modes with a hint', () => {
    expect(inputError(() => parseLibrariesArgs(['--model', 'x'], entries))).toMatch(
      /^Unknown option '--model'.*\| npm run libraries/,
    );
    expect(inputError(() => parseLibrariesArgs(['--revision', '2024-11-05'], entries))).toBe(
      '--revision: unknown value "2024-11-05" | one of 2025-11-25, 2026-07-28',
    );
    expect(inputError(() => parseLibrariesArgs(['--role', 'both'], entries))).toBe(
      '--role: unknown value "both" | one of client, server',
    );
    expect(inputError(() => parseLibrariesArgs(['--jobs', '0'], entries))).toMatch(
      /^--jobs "0": must be a positive integer/,
    );
    expect(inputError(() => parseLibrariesArgs(['--repetitions', '0'], entries))).toMatch(
      /^--repetitions "0": must be a positive integer/,
    );
    expect(inputError(() => parseLibrariesArgs(['--check', '--evidence'], entries))).toMatch(
      /^--check and --evidence: pick one/,
    );
    expect(inputError(() => parseLibrariesArgs(['--write'], entries))).toMatch(/^--write: only with --evidence/);
  });

  it('plans every (library × scenario) with glue, lists not-attempted ones with their reason, and reports the rest as skipped', () => {
    const noTools = lib('@acme/mcp', both.glue, {
      notAttempted: [
        {
          revision: '2025-11-25',
          role: 'server',
          scenario: 'tools-basics',
          reason: 'no tools API in this made-up library',
        },
      ],
    });
    const p = planLibraries(scenarios, { libraries: [noTools, serverOnly] }, driverFor, '/libs');
    expect(p.jobs.map((j) => `${j.adapter.subject.id} ${j.scenario.role} ${j.scenario.id}`)).toEqual([
      'library/@acme/mcp@2.0.0 client call-tool',
      'library/mcp-lite@2.0.0 server tools-basics',
    ]);
    expect(p.notAttempted).toEqual([
      '@acme/mcp@2.0.0 2025-11-25 server tools-basics: no tools API in this made-up library',
    ]);
    expect(p.skipped).toEqual([
      '@acme/mcp@2.0.0 2026-07-28 server: no glue',
      'mcp-lite@2.0.0 2025-11-25 client: no glue',
      'mcp-lite@2.0.0 2026-07-28 server: no glue',
    ]);
    const filtered = planLibraries(scenarios, { libraries: [both], role: 'client' }, driverFor, '/libs');
    expect(filtered.jobs.map((j) => j.scenario.id)).toEqual(['call-tool']);
    const repeated = planLibraries(
      scenarios,
      { libraries: [both], role: 'client', repetitions: 3 },
      driverFor,
      '/libs',
    );
    expect(repeated.jobs.map((j) => `${j.scenario.id} k${j.k}`)).toEqual([
      'call-tool k1',
      'call-tool k2',
      'call-tool k3',
    ]);
    expect(
      planLibraries(scenarios, { libraries: [both], revision: '2025-11-25' }, () => undefined, '/libs').skipped,
    ).toEqual([
      '@acme/mcp@2.0.0 2025-11-25 client: no role driver',
      '@acme/mcp@2.0.0 2025-11-25 server: no role driver',
    ]);
  });

  it('refuses a library or companion whose version in its install folder differs from the registry, naming the file', () => {
    tmp = mkdtempSync(join(tmpdir(), 'mcpfs-libraries-'));
    const pkg = (folder: string, name: string, version: string) => {
      mkdirSync(join(tmp!, 'libraries', folder, 'node_modules', name), { recursive: true });
      writeFileSync(join(tmp!, 'libraries', folder, 'node_modules', name, 'package.json'), JSON.stringify({ version }));
    };
    const own = lib('@acme/mcp', both.glue, { installFolder: 'acme', companions: { zod: '3.25.76' } });
    pkg('acme', '@acme/mcp', '2.0.1');
    const dir = join(tmp, 'libraries');
    expect(inputError(() => checkInstalled(dir, [own]))).toMatch(
      /^libraries\/acme\/node_modules\/@acme\/mcp\/package.json: version 2.0.1, but libraries\/registry.json \(@acme\/mcp\) claims 2.0.0 \| install the pinned versions: npm run libraries:install/,
    );
    pkg('acme', '@acme/mcp', '2.0.0');
    expect(inputError(() => checkInstalled(dir, [own]))).toMatch(
      /^libraries\/acme\/node_modules\/zod\/package.json: version \(not installed\), but .* claims 3.25.76/,
    );
    pkg('acme', 'zod', '3.25.76');
    expect(() => checkInstalled(dir, [own])).not.toThrow();
    // The same package in the main folder does not count: each library is checked in its own install folder.
    expect(inputError(() => checkInstalled(dir, [serverOnly]))).toMatch(
      /^libraries\/node_modules\/mcp-lite\/package.json: version \(not installed\)/,
    );
  });
});

describe('committed registry', () => {
  it('gives every scenario of a glued revision × role either glue that runs it or a not-attempted reason, never both, and pins what is installed', () => {
    const { scenarios: all, problems } = checkScenarios(loadScenarioFiles(process.cwd()));
    expect(problems).toEqual([]);
    const byRole = (rev: string, role: string) =>
      [...all.values()]
        .filter((s) => s.revision === rev && s.role === role)
        .map((s) => s.id)
        .sort();
    for (const e of LIBRARIES) {
      for (const [rev, roles] of Object.entries(e.glue)) {
        for (const role of Object.keys(roles!)) {
          const ids = byRole(rev, role);
          expect(ids.length, `${e.library} ${rev} ${role}: scenarios`).toBeGreaterThan(0);
          const skipped = e.notAttempted.filter((n) => n.revision === rev && n.role === role).map((n) => n.scenario);
          expect(
            skipped.filter((id) => !ids.includes(id)),
            `${e.library} ${rev} ${role}: not-attempted scenarios that do not exist`,
          ).toEqual([]);
          const plan = planLibraries(
            [...all.values()],
            { libraries: [e], revision: rev as Revision, role: role as Role },
            realDriverFor,
          );
          expect([...plan.jobs.map((j) => j.scenario.id), ...skipped].sort(), `${e.library} ${rev} ${role}`).toEqual(
            ids,
          );
          expect(plan.notAttempted.length).toBe(skipped.length);
        }
      }
      // Every not-attempted entry belongs to a glued revision × role.
      expect(e.notAttempted.filter((n) => !e.glue[n.revision]?.[n.role])).toEqual([]);
    }
    expect(() => checkInstalled(librariesDir(), LIBRARIES)).not.toThrow();
  });

  it('registers the libraries the board promises, with exact versions', () => {
    // Order-free: helpers append entries to the registry in whatever order their branches merge.
    expect(LIBRARIES.map((e) => `${e.library}@${e.libraryVersion}`).sort()).toEqual(
      [
        '@modelcontextprotocol/sdk@1.32.2',
        '@hono/mcp@0.3.2',
        'fastmcp@4.20.16',
        'tmcp@1.20.0',
        'mcp-lite@0.10.0',
        'mcp-framework@0.2.22',
        '@modelcontextprotocol/server@2.4.0',
        '@modelcontextprotocol/client@2.4.0',
        'effect@4.1.5',
        '@zuplo/mcp@0.0.32',
        '@ai-sdk/mcp@2.0.99',
        '@langchain/mcp-adapters@1.1.4',
        'mcp-handler@2.4.0',
        '@rekog/mcp-nest@2.0.5',
        '@mastra/mcp@2.0.0',
        'mcp-use@2.5.2',
        // Release history (libraries/README.md): every minor release speaking the revision, each in libraries/releases/.
        ...['1.23.1', '1.24.3', '1.25.3', '1.26.0', '1.27.1', '1.28.0', '1.29.0', '1.30.1', '1.31.0'].map(
          (v) => `@modelcontextprotocol/sdk@${v}`,
        ),
        ...['2.0.0', '2.1.0', '2.2.0', '2.3.1'].flatMap((v) => [
          `@modelcontextprotocol/server@${v}`,
          `@modelcontextprotocol/client@${v}`,
        ]),
        '@hono/mcp@0.3.5',
        'fastmcp@4.20.14',
        '@openai/agents@0.20.0',
        '@genkit-ai/mcp@1.42.0',
        'xmcp@1.1.3',
      ].sort(),
    );
    // Every release outside libraries/ itself lives in libraries/releases/, and runs the glue of another release.
    for (const e of LIBRARIES.filter((x) => x.installFolder.startsWith('releases/')))
      expect(glueCommand(e, scenario(Object.keys(e.glue)[0] as Revision, 'server', 'x'))?.command ?? '').not.toMatch(
        /^node /,
      );
  });
});
