import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Revision, Role } from '../../bench/schema/common.ts';
import type { Scenario } from '../../bench/schema/scenario.ts';
import { SubjectSchema } from '../../bench/schema/subject.ts';
import type { RoleDriver } from '../roles/types.ts';
import { RunnerInputError } from '../runner/errors.ts';
import { findLibrary, glueCommand, LIBRARIES, libraryAdapter, librarySubject, type LibraryEntry } from './index.ts';
import { checkInstalled, parseLibrariesArgs, planLibraries } from './plan.ts';

// Registry and CLI argument handling of `npm run libraries` (no trial runs; libraries.test.ts runs them live).
const lib = (library: string, glue: LibraryEntry['glue']): LibraryEntry => ({ library, libraryVersion: '2.0.0', label: `${library} 2.0.0`, glue });
const both = lib('@acme/mcp', { '2025-11-25': { server: '/glue/server.ts', client: '/glue/client.ts' } });
const serverOnly = lib('mcp-lite', { '2025-11-25': { server: '/glue/lite.ts' } });
const entries = [both, serverOnly];
const scenario = (revision: Revision, role: Role, id: string) => ({ revision, role, id }) as Scenario;
const scenarios = [scenario('2025-11-25', 'server', 'tools-basics'), scenario('2025-11-25', 'client', 'call-tool'), scenario('2026-07-28', 'server', 'mrtr')];
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
      expect(s).toMatchObject({ kind: 'library', id: `library/${e.library}@${e.libraryVersion}`, library: e.library, libraryVersion: e.libraryVersion });
    }
    expect(librarySubject(LIBRARIES[0]!).id).toBe('library/@modelcontextprotocol/sdk@1.32.2');
  });

  it('finds a library by package name, name@version or subject id, and lists the known ones otherwise', () => {
    expect(findLibrary('@acme/mcp', entries)).toBe(both);
    expect(findLibrary('mcp-lite@2.0.0', entries)).toBe(serverOnly);
    expect(findLibrary('library/@acme/mcp@2.0.0', entries)).toBe(both);
    expect(inputError(() => findLibrary('fastmcp', entries))).toBe('--library: unknown library "fastmcp" | known: @acme/mcp@2.0.0, mcp-lite@2.0.0');
  });

  it('builds a command adapter that runs the glue with the scenario id: a service for servers, a session for clients', () => {
    const a = libraryAdapter(both, scenario('2025-11-25', 'server', 'tools-basics'))!;
    expect(a.usesProject).toBe(true);
    expect(a.subject.id).toBe('library/@acme/mcp@2.0.0');
    expect(libraryAdapter(serverOnly, scenario('2025-11-25', 'client', 'call-tool'))).toBeUndefined();
    expect(glueCommand(both, scenario('2025-11-25', 'server', 'tools-basics'))).toEqual({ command: 'node /glue/server.ts tools-basics', service: true });
    expect(glueCommand(both, scenario('2025-11-25', 'client', 'call-tool'))).toEqual({ command: 'node /glue/client.ts call-tool', service: false });
    expect(glueCommand(lib('x', { '2025-11-25': { server: "/it's/s.ts" } }), scenario('2025-11-25', 'server', 'a'))?.command).toBe(`node '/it'\\''s/s.ts' a`);
  });
});

describe('npm run libraries arguments', () => {
  it('defaults to every library, every revision and role, one job at a time under netns', () => {
    expect(parseLibrariesArgs([], entries)).toEqual({ libraries: entries, revision: undefined, role: undefined, jobs: 1, isolation: 'netns' });
    expect(parseLibrariesArgs(['--library', 'mcp-lite', '--revision', '2025-11-25', '--role', 'server', '--jobs', '2'], entries)).toEqual({ libraries: [serverOnly], revision: '2025-11-25', role: 'server', jobs: 2, isolation: 'netns' });
  });

  it('rejects unknown flags, revisions, roles and bad job counts with a hint', () => {
    expect(inputError(() => parseLibrariesArgs(['--model', 'x'], entries))).toMatch(/^Unknown option '--model'.*\| npm run libraries/);
    expect(inputError(() => parseLibrariesArgs(['--revision', '2024-11-05'], entries))).toBe('--revision: unknown value "2024-11-05" | one of 2025-11-25, 2026-07-28');
    expect(inputError(() => parseLibrariesArgs(['--role', 'both'], entries))).toBe('--role: unknown value "both" | one of client, server');
    expect(inputError(() => parseLibrariesArgs(['--jobs', '0'], entries))).toMatch(/^--jobs "0": must be a positive integer/);
  });

  it('plans every (library × scenario) with glue and reports the rest as skipped', () => {
    const p = planLibraries(scenarios, { libraries: entries }, driverFor);
    expect(p.jobs.map((j) => `${j.adapter.subject.id} ${j.scenario.role} ${j.scenario.id}`)).toEqual([
      'library/@acme/mcp@2.0.0 client call-tool',
      'library/@acme/mcp@2.0.0 server tools-basics',
      'library/mcp-lite@2.0.0 server tools-basics',
    ]);
    expect(p.skipped).toEqual(['@acme/mcp@2.0.0 2026-07-28 server: no glue', 'mcp-lite@2.0.0 2025-11-25 client: no glue', 'mcp-lite@2.0.0 2026-07-28 server: no glue']);
    const filtered = planLibraries(scenarios, { libraries: [both], role: 'client' }, driverFor);
    expect(filtered.jobs.map((j) => j.scenario.id)).toEqual(['call-tool']);
    expect(planLibraries(scenarios, { libraries: [both], revision: '2025-11-25' }, () => undefined).skipped).toEqual(['@acme/mcp@2.0.0 2025-11-25 client: no role driver', '@acme/mcp@2.0.0 2025-11-25 server: no role driver']);
  });

  it('refuses a library whose installed version differs from the one its records would claim', () => {
    tmp = mkdtempSync(join(tmpdir(), 'mcpfs-libraries-'));
    mkdirSync(join(tmp, 'node_modules/@acme/mcp'), { recursive: true });
    writeFileSync(join(tmp, 'node_modules/@acme/mcp/package.json'), JSON.stringify({ version: '2.0.1' }));
    expect(inputError(() => checkInstalled(tmp!, [both]))).toMatch(/^node_modules\/@acme\/mcp\/package.json: version 2.0.1, but the registry entry claims 2.0.0/);
    expect(inputError(() => checkInstalled(tmp!, [serverOnly]))).toMatch(/version \(not installed\)/);
    writeFileSync(join(tmp, 'node_modules/@acme/mcp/package.json'), JSON.stringify({ version: '2.0.0' }));
    expect(() => checkInstalled(tmp!, [both])).not.toThrow();
  });
});
