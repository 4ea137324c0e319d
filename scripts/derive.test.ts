import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { base, REC } from '../src/bench/derive/malformed-corpus.ts';
import { scenarioFile } from '../src/bench/derive/test-fixtures.ts';

let roots: string[] = [];
afterEach(() => {
  for (const r of roots) rmSync(r, { recursive: true, force: true });
  roots = [];
});

/** A throw-away project tree (never the real results/), with the spec pointed at a folder that does not exist. */
function tempRoot(files: Map<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'mcpfs-derive-'));
  roots.push(root);
  for (const [p, text] of files) {
    mkdirSync(dirname(join(root, p)), { recursive: true });
    writeFileSync(join(root, p), text);
  }
  return root;
}

function npmDerive(root: string) {
  const env = { ...process.env, MCPFS_ROOT: root, MCP_SPEC_DIR: join(root, 'no-spec'), NO_COLOR: '1' };
  return spawnSync('npm', ['run', '-s', 'derive'], { cwd: process.cwd(), env, encoding: 'utf8', timeout: 120_000 });
}

describe('npm run derive', () => {
  it('prints the path-first error, exits non-zero and writes nothing when a record is broken', () => {
    const files = base();
    files.set(REC, '{"format": "mcpfs.trial/1",');
    const s = scenarioFile();
    files.set(s.path, s.text);
    const root = tempRoot(files);
    const r = npmDerive(root);
    expect(r.status).not.toBe(0);
    expect(r.stderr).toContain(`${REC}: invalid JSON: Expected double-quoted property name in JSON at position 27 (line 1 column 28)\n`);
    expect(r.stderr).toMatch(/derive failed: \d+ problems?; nothing written\./);
    expect(existsSync(join(root, 'generated/dataset.json'))).toBe(false);
  });

  it('leaves an existing data set untouched when it fails', () => {
    const files = base();
    files.set(REC, '[]');
    files.set('generated/dataset.json', 'previous\n');
    const root = tempRoot(files);
    const r = npmDerive(root);
    expect(r.status).not.toBe(0);
    expect(r.stderr).toContain(`${REC}: Invalid input: expected object, received array\n`);
    expect(readFileSync(join(root, 'generated/dataset.json'), 'utf8')).toBe('previous\n');
  });

  it('writes the data set and exits 0 on a valid (empty) tree; without the spec it says schema validation is skipped', () => {
    const root = tempRoot(new Map([['results/.gitkeep', '']]));
    const r = npmDerive(root);
    const spec = join(root, 'no-spec');
    expect(r.stderr).toBe(
      `derive: schema validation skipped for 2025-11-25, 2026-07-28: ${spec}/2025-11-25/schema/2025-11-25/schema.json, ${spec}/2026-07-28/schema/2026-07-28/schema.json not found (run \`npm run fetch-spec\` or set MCP_SPEC_DIR)\n`,
    );
    expect(r.status).toBe(0);
    const d = JSON.parse(readFileSync(join(root, 'generated/dataset.json'), 'utf8'));
    expect(d.format).toBe('mcpfs.dataset/1');
    expect(d.schema.revisions).toEqual([
      { revision: '2025-11-25', status: 'skipped', reason: `pinned schema for 2025-11-25 not found (${spec}/2025-11-25/schema/2025-11-25/schema.json)` },
      { revision: '2026-07-28', status: 'skipped', reason: `pinned schema for 2026-07-28 not found (${spec}/2026-07-28/schema/2026-07-28/schema.json)` },
    ]);
    expect(r.stdout).toContain('schema validation skipped');
  });
});
