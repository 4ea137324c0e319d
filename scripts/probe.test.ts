import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TrialRecordSchema } from '../src/bench/schema/trial.ts';
import { createOracleServer } from '../src/harness/oracle/2025-11-25/server/server.ts';
import { driver as driver2025client } from '../src/harness/roles/2025-11-25-client.ts';
import { findScenario } from '../src/harness/io/scenarios.ts';

/** Run `scripts/probe.ts` with Node 24 (this process's node); never rejects. */
function probeCli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['scripts/probe.ts', ...args], { timeout: 60_000 }, (err, stdout, stderr) => {
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

let server: Server;
let url: string;
const tmp = mkdtempSync(join(tmpdir(), 'mcpfs-probe-cli-'));
beforeAll(async () => {
  server = createOracleServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  rmSync(tmp, { recursive: true, force: true });
});

describe('npm run probe', () => {
  it('prints the verdict table and score 1 against the oracle, exit 0', async () => {
    const r = await probeCli(['--revision', '2025-11-25', '--scenario', 'sessions', '--url', url]);
    expect(r.code).toBe(0);
    // Columns are padded to the longest slug: match the row, not its spacing.
    expect(r.stdout).toMatch(/^session-terminated-returns-404 +251125-transports-211 +MUST +pass /m);
    expect(r.stdout).toContain('score 1.000');
  });

  it('prints a valid trial record with --json and writes record + wire log with --out', async () => {
    const out = join(tmp, 'basics.json');
    const r = await probeCli([
      '--revision',
      '2025-11-25',
      '--scenario',
      'tools-basics',
      '--url',
      url,
      '--json',
      '--out',
      out,
    ]);
    expect(r.code).toBe(0);
    const rec = TrialRecordSchema.parse(JSON.parse(r.stdout));
    expect(rec.verdicts.find((v) => v.checkpoint === 'origin-foreign-returns-403')).toMatchObject({
      spec: '251125-transports-79a',
      verdict: 'pass',
    });
    expect(JSON.parse(readFileSync(out, 'utf8')).sidecars.wire).toBe('basics.wire.jsonl');
    expect(existsSync(join(tmp, 'basics.wire.jsonl'))).toBe(true);
  });

  it('exits 0 with score 0 when nothing listens (the probe still ran)', async () => {
    const r = await probeCli([
      '--revision',
      '2025-11-25',
      '--scenario',
      'tools-basics',
      '--url',
      'http://127.0.0.1:1/mcp',
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('score 0.000');
  });

  it('probes every server scenario of the revision by default, and writes the Markdown and JUnit reports', async () => {
    const md = join(tmp, 'probe.md');
    const junit = join(tmp, 'probe.xml');
    const r = await probeCli(['--revision', '2025-11-25', '--url', url, '--markdown', md, '--junit', junit]);
    expect(r.code).toBe(0);
    const ids = readdirSync('scenarios/2025-11-25/server')
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.replace(/\.json$/, ''));
    expect(ids.length).toBeGreaterThan(3);
    const report = readFileSync(md, 'utf8');
    // The oracle: every scenario scores 1, no MUST fails.
    for (const id of ids) expect(report, id).toContain(`| ${id} | 1.000 | 0 |`);
    const xml = readFileSync(junit, 'utf8');
    expect(xml.match(/<testsuite /g)).toHaveLength(ids.length);
    expect(xml).not.toContain('<failure');
  }, 180_000);

  it('exits 1 under --fail-on must when a MUST fails, and refuses --json for more than one scenario', async () => {
    const down = ['--revision', '2025-11-25', '--scenario', 'tools-basics', '--url', 'http://127.0.0.1:1/mcp'];
    expect((await probeCli([...down, '--fail-on', 'must'])).code).toBe(1);
    expect((await probeCli([...down, '--fail-on', 'never'])).code).toBe(0);
    const ok = await probeCli([
      '--revision',
      '2025-11-25',
      '--scenario',
      'sessions',
      '--url',
      url,
      '--fail-on',
      'should',
    ]);
    expect(ok.code).toBe(0);
    const two = await probeCli([
      '--revision',
      '2025-11-25',
      '--scenario',
      'sessions',
      '--scenario',
      'tools-basics',
      '--url',
      url,
      '--json',
    ]);
    expect(two.code).toBe(2);
    expect(two.stderr).toContain('--out and --json write one trial record: name one --scenario (2 chosen)');
    const bad = await probeCli([...down, '--fail-on', 'sometimes']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--fail-on: unknown value "sometimes"');
  });

  it('runs a client command against the reference server: the oracle client scores 1, a do-nothing one fails every scenario', async () => {
    const cmd = driver2025client.oracleCommand(findScenario(process.cwd(), '2025-11-25', 'client', 'call-tool'));
    const oracle = await probeCli(['--revision', '2025-11-25', '--scenario', 'call-tool', '--', cmd.cmd, ...cmd.args]);
    expect(oracle.code).toBe(0);
    expect(oracle.stdout).toContain('score 1.000');
    const md = join(tmp, 'client.md');
    const none = await probeCli(['--revision', '2025-11-25', '--markdown', md, '--fail-on', 'must', '--', 'true']);
    expect(none.code).toBe(1);
    const ids = readdirSync('scenarios/2025-11-25/client')
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.replace(/\.json$/, ''));
    const report = readFileSync(md, 'utf8');
    expect(report).toContain('client role, revision 2025-11-25');
    for (const id of ids) expect(report, id).toMatch(new RegExp(`\\| ${id} \\| 0\\.000 \\| [1-9]`));
  }, 180_000);

  it('lists the scenarios of both roles with their tools, and probes nothing', async () => {
    const r = await probeCli(['--revision', '2025-11-25', '--list']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^server scenarios \(tools to expose\):$/m);
    expect(r.stdout).toMatch(/^ {2}tools-basics +Tools basics · add, echo/m);
    expect(r.stdout).toMatch(/^client scenarios \(tools to call\):$/m);
  });

  it('exits 2 with a flag-first message for an unknown scenario or a bad URL', async () => {
    const a = await probeCli(['--revision', '2025-11-25', '--scenario', 'nope', '--url', url]);
    expect(a.code).toBe(2);
    expect(a.stderr).toContain('--scenario: scenarios/2025-11-25/server/nope.json: no such scenario');
    const b = await probeCli(['--revision', '2025-11-25', '--scenario', 'sessions', '--url', 'not a url']);
    expect(b.code).toBe(2);
    expect(b.stderr).toContain('--url: not a URL');
    const c = await probeCli(['--scenario', 'sessions']);
    expect(c.code).toBe(2);
    expect(c.stderr).toContain('--revision: required');
    const d = await probeCli(['--revision', '2025-11-25']);
    expect(d.code).toBe(2);
    expect(d.stderr).toContain('--url: required (a server), or a client command after `--`');
  });
});
