import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { driver } from '../roles/2026-07-28-server.ts';
import { encodeCommand } from './client-shim.ts';
import { startOracleServer } from './oracle-server.ts';
import { parseRequirementsList, readResults } from './suite.ts';
import { scenariosOf } from '../io/scenarios.ts';

// The shape `conformance list --requirements <revision>` prints (0.2.0-alpha.12), cut down.
const LIST = `Required for 2026-07-28 (4 scenarios, frozen; run at the 2026-07-28 wire):

Server scenarios (test against a server):
  - server-stateless
  - caching

Client scenarios (test against a client):
  - tools_call
  - auth/metadata-default

Run and reported, but never scored:
  extension (2):
    - auth/dpop [client]
    - tasks-lifecycle [server]
  pending (1):
    - http-header-validation [server]
`;

describe('parseRequirementsList', () => {
  it('reads the scored and the not-scored scenarios of each role, with the reason of the latter', () => {
    const r = parseRequirementsList(LIST);
    expect(r.server).toEqual(['server-stateless', 'caching', 'tasks-lifecycle', 'http-header-validation']);
    expect(r.client).toEqual(['tools_call', 'auth/metadata-default', 'auth/dpop']);
    expect([...r.notScored]).toEqual([
      ['client:auth/dpop', 'extension'],
      ['server:tasks-lifecycle', 'extension'],
      ['server:http-header-validation', 'pending'],
    ]);
  });
  it('finds nothing in text of another shape', () => {
    expect(parseRequirementsList('Usage: conformance list [options]\n  - not-a-scenario\n')).toMatchObject({
      server: [],
      client: [],
    });
  });
});

describe('readResults', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcpfs-conformance-test-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const write = (rel: string, text: string) => {
    mkdirSync(join(dir, rel), { recursive: true });
    writeFileSync(join(dir, rel, 'checks.json'), text);
  };

  it('names each result folder by its scenario, nested names (auth/...) included, and reports an unreadable checks.json', () => {
    write(
      'server-tools-list-2026-12-01T09-21-43-573Z',
      JSON.stringify([{ id: 'tools-list', name: 'ToolsList', status: 'SUCCESS', timestamp: 't', extra: 1 }]),
    );
    write(
      'auth/metadata-default-2026-12-01T09-23-55-284Z',
      JSON.stringify([{ id: 'prm', name: 'P', status: 'FAILURE', errorMessage: 'no' }]),
    );
    write('server-broken-2026-12-01T09-21-43-573Z', JSON.stringify([{ id: 'x', status: 'MAYBE' }]));
    const server = readResults(dir, 'server-');
    expect(server.get('tools-list')).toEqual({
      checks: [{ id: 'tools-list', name: 'ToolsList', status: 'SUCCESS', timestamp: 't', extra: 1 }],
    });
    expect(server.get('broken')?.error).toMatch(/server-broken-.*checks\.json: /);
    expect([...server.keys()].sort()).toEqual(['broken', 'tools-list']);
    expect(readResults(dir, '').get('auth/metadata-default')?.checks?.[0]).toMatchObject({
      id: 'prm',
      status: 'FAILURE',
    });
  });
});

describe('client shim', () => {
  it('runs the encoded command with the URL the suite appends as MCP_SERVER_URL, and exits with its code', () => {
    const shim = fileURLToPath(new URL('./client-shim.ts', import.meta.url));
    const cmd = encodeCommand({
      cmd: process.execPath,
      args: ['-e', 'console.log(process.env.MCP_SERVER_URL); process.exit(3)'],
    });
    const r = spawnSync(process.execPath, [shim, cmd, 'http://localhost:1234'], { encoding: 'utf8' });
    expect(r.stdout.trim()).toBe('http://localhost:1234');
    expect(r.status).toBe(3);
    expect(spawnSync(process.execPath, [shim, 'not-base64-json', 'http://x'], { encoding: 'utf8' }).status).toBe(2);
  });
});

describe('startOracleServer', () => {
  it('starts the driver oracle on an ephemeral 127.0.0.1 port and stop() ends it', async () => {
    const o = await startOracleServer(
      driver.oracleCommand(scenariosOf('2026-07-28', 'server').find((s) => s.id === 'stateless-tools')!),
    );
    expect(o.url).toMatch(/^http:\/\/127\.0\.0\.1:[1-9]\d*\/mcp$/);
    expect((await fetch(o.url, { method: 'GET' })).status).toBe(405);
    await o.stop();
    await o.stop();
    await expect(fetch(o.url, { method: 'GET' })).rejects.toThrow();
  });
  it('rejects with the output when the command exits before listening', async () => {
    await expect(
      startOracleServer({ cmd: process.execPath, args: ['-e', 'console.error("no port for you"); process.exit(2)'] }),
    ).rejects.toThrow(/exited before listening[\s\S]*no port for you/);
  });
});
