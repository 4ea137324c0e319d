import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  truncateSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FORGED } from '../src/bench/derive/forged-corpus.ts';
import { base, DIR, REC, WIRE } from '../src/bench/derive/malformed-corpus.ts';
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
    expect(r.stderr).toContain(
      `${REC}: invalid JSON: Expected double-quoted property name in JSON at position 27 (line 1 column 28)\n`,
    );
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
    expect(d.format).toBe('mcpfs.dataset/3');
    expect(d.schema.revisions).toEqual([
      {
        revision: '2025-11-25',
        status: 'skipped',
        reason: `pinned schema for 2025-11-25 not found (${spec}/2025-11-25/schema/2025-11-25/schema.json)`,
      },
      {
        revision: '2026-07-28',
        status: 'skipped',
        reason: `pinned schema for 2026-07-28 not found (${spec}/2026-07-28/schema/2026-07-28/schema.json)`,
      },
    ]);
    expect(r.stdout).toContain('schema validation skipped');
  });

  it('refuses hostile files on disk path-first and writes nothing: a linked transcript (unquoted), a FIFO, a 1 GiB log, a hidden folder', () => {
    const files = base(1, { transcript: '{"type":"session"}\n' });
    const s = scenarioFile();
    files.set(s.path, s.text);
    files.set('generated/dataset.json', 'previous\n');
    const root = tempRoot(files);
    writeFileSync(join(root, 'secret.txt'), 'TOP-SECRET-4f1c\n');
    const transcript = `${DIR}k1.transcript.jsonl`;
    unlinkSync(join(root, transcript));
    symlinkSync(join(root, 'secret.txt'), join(root, transcript));
    unlinkSync(join(root, WIRE));
    expect(spawnSync('mkfifo', [join(root, WIRE)]).status).toBe(0);
    const other = 'results/2025-11-25/server/fixture-echo/none/agent/pi@1.6.0/p/m/off/k1.wire.jsonl';
    mkdirSync(join(root, dirname(other)), { recursive: true });
    writeFileSync(join(root, other), '');
    truncateSync(join(root, other), 1024 ** 3);
    mkdirSync(join(root, 'results/.hidden'), { recursive: true });
    writeFileSync(join(root, 'results/.hidden/k1.json'), '{}');
    const r = npmDerive(root);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(`${transcript}: symbolic link: derive reads no links`);
    expect(r.stderr).toContain(`${WIRE}: not a regular file (a FIFO)`);
    expect(r.stderr).toContain(`${other}: file too large (1073741824 bytes, limit 134217728)`);
    expect(r.stderr).toContain('results/.hidden: hidden folder');
    expect(r.stderr + r.stdout).not.toContain('TOP-SECRET');
    expect(r.stderr).toMatch(/derive failed: \d+ problems?; nothing written\./);
    expect(readFileSync(join(root, 'generated/dataset.json'), 'utf8')).toBe('previous\n');
  });

  it("refuses a forged record (the oracle's log copied under an agent's name) path-first and writes nothing", () => {
    const files = FORGED.find(
      (c) => c.name === "the oracle's record and wire log copied under an agent's name",
    )!.files();
    const s = scenarioFile();
    files.set(s.path, s.text);
    const root = tempRoot(files);
    const r = npmDerive(root);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(
      'results/2025-11-25/server/fixture-echo/none/agent/pi@1.6.0/prov/model-a/off/k1.json: subject.id: "agent/pi@1.6.0/prov/model-a/off", but its wire log\'s trial note',
    );
    expect(r.stderr).toContain('k1.wire.jsonl: the same wire log as');
    expect(existsSync(join(root, 'generated/dataset.json'))).toBe(false);
  });
});
