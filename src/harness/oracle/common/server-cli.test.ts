import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { mutantArg } from './mutant-switch.ts';

const MAINS = ['2025-11-25', '2026-07-28'].map((rev) =>
  fileURLToPath(new URL(`../${rev}/server/main.ts`, import.meta.url)),
);

/** Start an oracle main.ts on a free port; resolves with its first stdout line and a stop function. */
function start(
  main: string,
  args: string[],
): Promise<{ line: string; code?: number | null; stderr: string; stop: () => void }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [main, ...args], {
      env: { ...process.env, PORT: '0', MCPFS_MUTANT: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let stderr = '';
    const stop = () => child.kill('SIGTERM');
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
      if (out.includes('\n')) resolve({ line: out.split('\n')[0]!, stderr, stop });
    });
    child.on('exit', (code) => resolve({ line: out, code, stderr, stop }));
  });
}

async function foreignOriginStatus(line: string): Promise<number> {
  const url = /listening on (\S+)/.exec(line)![1]!;
  const r = await fetch(url, {
    method: 'POST',
    headers: {
      Origin: 'http://evil.example',
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '0' } },
    }),
  });
  await r.arrayBuffer();
  return r.status;
}

describe('oracle server command line', () => {
  it('reads --mutant <id>, --mutant=<id> and MCPFS_MUTANT, the flag first', () => {
    expect(mutantArg(['--mutant', 'a'], {})).toBe('a');
    expect(mutantArg(['--mutant=a'], { MCPFS_MUTANT: 'b' })).toBe('a');
    expect(mutantArg([], { MCPFS_MUTANT: 'b' })).toBe('b');
    expect(mutantArg([], { MCPFS_MUTANT: '' })).toBeUndefined();
    expect(() => mutantArg(['--mutant'], {})).toThrow(/--mutant: missing value/);
  });

  it('selects the mutant with --mutant=<id> and prints the port actually bound', async () => {
    const main = MAINS[0]!;
    const plain = await start(main, []);
    const mutant = await start(main, ['--mutant=no-origin-check']);
    try {
      expect(plain.line).toMatch(/^listening on http:\/\/127\.0\.0\.1:[1-9]\d*\/mcp$/);
      expect(mutant.line).toMatch(/^listening on http:\/\/127\.0\.0\.1:[1-9]\d*\/mcp \(mutant no-origin-check\)$/);
      expect(await foreignOriginStatus(plain.line)).toBe(403);
      expect(await foreignOriginStatus(mutant.line)).not.toBe(403);
    } finally {
      plain.stop();
      mutant.stop();
    }
  });

  it.each(MAINS)('rejects an unknown --mutant=<id> with exit 2 (%s)', async (main) => {
    const r = await start(main, ['--mutant=zz']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--mutant: unknown mutant "zz"');
  });

  it.each(MAINS)('prints the bound port for PORT=0 (%s)', async (main) => {
    const r = await start(main, []);
    r.stop();
    expect(r.line).toMatch(/^listening on http:\/\/127\.0\.0\.1:[1-9]\d*\/mcp$/);
  });
});
