import { readFileSync } from 'node:fs';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';
import { changesProcessState, OWN_WORKER } from './own-worker.ts';

describe('test files sharing a worker', () => {
  it('lists every test file that changes process-wide state as one with a worker of its own', () => {
    const files = fg.sync(['src/**/*.test.ts', 'scripts/**/*.test.ts', 'tests/**/*.test.ts'], {
      ignore: ['**/node_modules/**'],
    });
    expect(files.length).toBeGreaterThan(100);
    // This file quotes such code as examples below, and runs none of it.
    const unlisted = files.filter(
      (f) =>
        f !== 'src/testing/own-worker.test.ts' &&
        changesProcessState(readFileSync(f, 'utf8')) &&
        !OWN_WORKER.includes(f),
    );
    expect(unlisted).toEqual([]);
  });

  it('tells a file that sets or deletes an environment variable, or mocks, from one that only reads', () => {
    expect(changesProcessState('process.env.MCP_SPEC_DIR = dir;')).toBe(true);
    expect(changesProcessState('process.env[k] = v;')).toBe(true);
    expect(changesProcessState('delete process.env.TEST_KEY;')).toBe(true);
    expect(changesProcessState("vi.mock('./x.ts');")).toBe(true);
    expect(changesProcessState("process.chdir('/tmp');")).toBe(true);
    expect(changesProcessState("const full = process.env.MCPFS_CHAOS_FULL === '1';")).toBe(false);
    expect(changesProcessState('spawn(cmd, { env: { ...process.env, PORT: "1" } });')).toBe(false);
  });

  it('names only files that exist', () => {
    expect(OWN_WORKER.filter((f) => fg.sync(f).length !== 1)).toEqual([]);
  });
});
