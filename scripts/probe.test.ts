import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TrialRecordSchema } from '../src/bench/schema/trial.ts';
import { createOracleServer } from '../src/harness/oracle/2025-11-25/server/server.ts';

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

  it('exits 2 with a flag-first message for an unknown scenario or a bad URL', async () => {
    const a = await probeCli(['--revision', '2025-11-25', '--scenario', 'nope', '--url', url]);
    expect(a.code).toBe(2);
    expect(a.stderr).toContain('--scenario: scenarios/2025-11-25/server/nope.json: no such scenario');
    const b = await probeCli(['--revision', '2025-11-25', '--scenario', 'sessions', '--url', 'not a url']);
    expect(b.code).toBe(2);
    expect(b.stderr).toContain('--url: not a URL');
    const c = await probeCli(['--scenario', 'sessions']);
    expect(c.code).toBe(2);
    expect(c.stderr).toContain('--revision, --url: required');
  });
});
