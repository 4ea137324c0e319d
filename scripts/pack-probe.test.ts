// The prober package as an MCP author installs it: packed with `npm pack`, installed from the tarball into an empty
// folder, run from there against a real local server and as a client's judge, writing its four reports (terminal,
// Markdown, JUnit, HTML).
import { execFile, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOracleServer } from '../src/harness/oracle/2025-11-25/server/server.ts';
import { PROBE_DEPENDENCIES } from '../src/harness/probe-package.ts';

const tmp = mkdtempSync(join(tmpdir(), 'mcpfs-pack-probe-'));
const app = join(tmp, 'app');
let server: Server;
let url: string;
let bin: string;

/** Run the installed `mcpfs-probe` (with this Node) from the app folder; never rejects. */
function probe(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [bin, ...args], { cwd: app, timeout: 120_000 }, (err, stdout, stderr) => {
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

beforeAll(async () => {
  const tarball = execFileSync(process.execPath, ['scripts/pack-probe.ts', '--out', tmp], { encoding: 'utf8' }).trim();
  execFileSync('mkdir', ['-p', app]);
  writeFileSync(join(app, 'package.json'), '{ "name": "app", "private": true }\n');
  execFileSync('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', tarball], {
    cwd: app,
    stdio: 'ignore',
  });
  bin = join(app, 'node_modules/.bin/mcpfs-probe');
  server = createOracleServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
}, 300_000);
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  rmSync(tmp, { recursive: true, force: true });
});

describe('the prober package, installed from its tarball into an empty folder', () => {
  it('depends on the prober runtime only (no Astro), at the project version', () => {
    const pkg = JSON.parse(readFileSync(join(app, 'node_modules/@mcp-from-scratch/probe/package.json'), 'utf8')) as {
      version: string;
      dependencies: Record<string, string>;
    };
    expect(Object.keys(pkg.dependencies).sort()).toEqual([...PROBE_DEPENDENCIES].sort());
    expect(pkg.version).toBe((JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version);
    expect(existsSync(join(app, 'node_modules/astro'))).toBe(false);
  });

  it('probes a running server and writes the table, Markdown, JUnit and HTML reports in the caller’s folder', async () => {
    const r = await probe([
      '--revision',
      '2025-11-25',
      '--scenario',
      'sessions',
      '--scenario',
      'tools-basics',
      '--url',
      url,
      '--markdown',
      'r.md',
      '--junit',
      'r.xml',
      '--html',
      'r.html',
      '--fail-on',
      'must',
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('score 1.000');
    expect(readFileSync(join(app, 'r.md'), 'utf8')).toContain('| sessions | 1.000 | 0 |');
    expect(readFileSync(join(app, 'r.xml'), 'utf8')).toContain('<testsuite name="mcp.2025-11-25.server.sessions"');
    // The replay, styled with the site's stylesheets shipped in the package, needing nothing from the network.
    const html = readFileSync(join(app, 'r.html'), 'utf8');
    expect(html.match(/<section class="rp-scenario" id="s\d"/g)).toEqual([
      '<section class="rp-scenario" id="s0"',
      '<section class="rp-scenario" id="s1"',
    ]);
    expect(html).toContain('<details class="ex" id="s1-x-0"');
    expect(html).toContain(readFileSync('src/styles/replay.css', 'utf8'));
    expect(html).not.toMatch(/\b(src|href)="(?!#)/);
  });

  it('probes a real library server and runs a real library client from there (the MCP TypeScript SDK 1.x glue)', async () => {
    // The SDK's server glue on a free loopback port, ready when it says it listens (an event, not a delay).
    const free = createServer();
    await new Promise<void>((r) => free.listen(0, '127.0.0.1', r));
    const port = (free.address() as AddressInfo).port;
    await new Promise((r) => free.close(r));
    const glue = spawn(process.execPath, [resolve('libraries/typescript-sdk/server.ts'), 'tools-basics'], {
      env: { ...process.env, PORT: String(port) },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    try {
      await new Promise<void>((ok, fail) => {
        let err = '';
        glue.stderr.on('data', (b: Buffer) => {
          err += b.toString();
          if (err.includes('listening on')) ok();
        });
        glue.on('exit', (code) => fail(new Error(`the SDK glue exited (${code}) before listening: ${err}`)));
      });
      const server = await probe([
        '--revision',
        '2025-11-25',
        '--scenario',
        'tools-basics',
        '--url',
        `http://127.0.0.1:${port}/mcp`,
        '--markdown',
        'lib.md',
        '--fail-on',
        'must',
      ]);
      expect(server.code, server.stdout + server.stderr).toBe(0);
      expect(readFileSync(join(app, 'lib.md'), 'utf8')).toMatch(/\| tools-basics \| 1\.000 \| 0 \|/);
    } finally {
      glue.kill();
    }
    const client = await probe([
      '--revision',
      '2025-11-25',
      '--scenario',
      'call-tool',
      '--junit',
      'lib.xml',
      '--fail-on',
      'must',
      '--',
      process.execPath,
      resolve('libraries/typescript-sdk/client.ts'),
      'call-tool',
    ]);
    expect(client.code, client.stdout + client.stderr).toBe(0);
    expect(client.stdout).toContain('score 1.000');
    expect(readFileSync(join(app, 'lib.xml'), 'utf8')).toContain('<testsuite name="mcp.2025-11-25.client.call-tool"');
  });

  it('runs a client command against its reference server, and fails the step when a MUST fails', async () => {
    const r = await probe([
      '--revision',
      '2025-11-25',
      '--scenario',
      'call-tool',
      '--html',
      'c.html',
      '--fail-on',
      'must',
      '--',
      'true',
    ]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('MUST failed: task-secret-submitted');
    const html = readFileSync(join(app, 'c.html'), 'utf8');
    expect(html).toContain('<tr id="s0-v-task-secret-submitted">');
    expect(html).toContain('Client command: <code>true</code>');
  });
});
