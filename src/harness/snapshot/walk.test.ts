import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SnapshotFileSchema, type SnapshotFile } from '../../bench/schema/snapshot.ts';
import { redact } from './redact.ts';
import { harnessManifest, sha256Of, walkWorkspace } from './walk.ts';

const CANARY = 'mcpfs-canary-0123456789abcdef01234567';
const SPEC = 'The pinned spec text, which this project must never re-publish. '.repeat(4);
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A workspace with `files` (path → text or bytes); TASK.md and spec/ are the harness's, hashed before the rest. */
function workspace(files: Record<string, string | Buffer>) {
  const dir = mkdtempSync(join(tmpdir(), 'mcpfs-walk-'));
  dirs.push(dir);
  const put = (p: string, c: string | Buffer) => {
    mkdirSync(join(dir, p, '..'), { recursive: true });
    writeFileSync(join(dir, p), c);
  };
  put('TASK.md', '# Task\n');
  put('spec/transport.md', SPEC);
  const manifest = harnessManifest(dir);
  for (const [p, c] of Object.entries(files)) put(p, c);
  return { dir, manifest };
}
const byPath = (files: SnapshotFile[]) => new Map(files.map((f) => [f.path, f]));

describe('walkWorkspace', () => {
  it('stores text, hashes bytes as found, keeps modes, and lists binaries without text', () => {
    const { dir, manifest } = workspace({
      'src/server.js': 'listen(PORT)\n',
      'run.sh': '#!/bin/sh\n',
      'a.bin': Buffer.from([1, 0, 2]),
    });
    chmodSync(join(dir, 'run.sh'), 0o755);
    const { files, skipped } = walkWorkspace(dir, { manifest, secrets: [] });
    expect(files.map((f) => f.path)).toEqual(['TASK.md', 'a.bin', 'run.sh', 'spec/transport.md', 'src/server.js']);
    const f = byPath(files);
    expect(f.get('src/server.js')).toEqual({
      path: 'src/server.js',
      size: 13,
      sha256: sha256Of('listen(PORT)\n'),
      mode: 0o644 & ~process.umask(),
      text: 'listen(PORT)\n',
    });
    expect(f.get('run.sh')).toMatchObject({ mode: 0o755, text: '#!/bin/sh\n' });
    expect(f.get('a.bin')).toEqual({
      path: 'a.bin',
      size: 3,
      sha256: sha256Of(Buffer.from([1, 0, 2])),
      mode: expect.any(Number),
      omitted: 'binary',
    });
    expect(files.every((x) => SnapshotFileSchema.safeParse(x).success)).toBe(true);
    expect(skipped).toEqual([]);
  });

  it('never stores the harness files: the task as given, the spec copy even when changed, nor a copy of a spec file', () => {
    const { dir, manifest } = workspace({ 'notes/copy.md': SPEC });
    writeFileSync(join(dir, 'spec/transport.md'), SPEC + 'my note\n');
    const f = byPath(walkWorkspace(dir, { manifest, secrets: [] }).files);
    for (const p of ['TASK.md', 'spec/transport.md', 'notes/copy.md'])
      expect(f.get(p)).toMatchObject({ omitted: 'harness' });
    expect(f.get('spec/transport.md')!.sha256).toBe(sha256Of(SPEC + 'my note\n'));
    expect(JSON.stringify([...f.values()])).not.toContain('re-publish');
    // An agent that rewrote TASK.md wrote its own file: that one is stored.
    writeFileSync(join(dir, 'TASK.md'), 'my plan\n');
    expect(byPath(walkWorkspace(dir, { manifest, secrets: [] }).files).get('TASK.md')).toMatchObject({
      text: 'my plan\n',
    });
  });

  it('redacts the canaries and credential-looking strings, counting them', () => {
    const key = 'sk-ant-api03-' + 'x'.repeat(40);
    const { dir, manifest } = workspace({
      'config.js': `const k = "${key}";\nconst c = "${CANARY}";\nconst t = "plain";\n`,
    });
    const f = byPath(walkWorkspace(dir, { manifest, secrets: [CANARY] }).files).get('config.js')!;
    expect(f.text).toBe('const k = "[redacted]";\nconst c = "[redacted]";\nconst t = "plain";\n');
    expect(f.redactions).toBe(2);
    expect(f.sha256).toBe(sha256Of(`const k = "${key}";\nconst c = "${CANARY}";\nconst t = "plain";\n`));
  });

  it('does not follow links and names what it did not list', () => {
    const outside = mkdtempSync(join(tmpdir(), 'mcpfs-walk-out-'));
    dirs.push(outside);
    writeFileSync(join(outside, 'secret'), CANARY);
    const { dir, manifest } = workspace({ 'ok.txt': 'ok' });
    symlinkSync(join(outside, 'secret'), join(dir, 'link'));
    symlinkSync(outside, join(dir, 'linkdir'));
    expect(spawnSync('mkfifo', [join(dir, 'pipe')]).status).toBe(0);
    const { files, skipped } = walkWorkspace(dir, { manifest, secrets: [] });
    expect(files.map((x) => x.path)).toEqual(['TASK.md', 'ok.txt', 'spec/transport.md']);
    expect(skipped).toEqual([
      'link: symbolic link (not followed)',
      'linkdir: symbolic link (not followed)',
      'pipe: not a regular file',
    ]);
    expect(JSON.stringify(files)).not.toContain(CANARY);
  });

  it('fills the text cap with the agent’s own files first, installed packages after, and lists the rest by hash', () => {
    const { dir, manifest } = workspace({
      'node_modules/pkg/index.js': 'p'.repeat(30),
      'server.js': 's'.repeat(40),
      'zz.js': 'z'.repeat(40),
      'big.txt': 'b'.repeat(200),
    });
    const f = byPath(walkWorkspace(dir, { manifest, secrets: [] }, { textCap: 100 }).files);
    expect(f.get('big.txt')).toMatchObject({ size: 200, omitted: 'cap' });
    expect(f.get('server.js')!.text).toHaveLength(40);
    expect(f.get('zz.js')!.text).toHaveLength(40);
    // 80 of 100 bytes used by the agent's files: the package's 30 no longer fit.
    expect(f.get('node_modules/pkg/index.js')).toMatchObject({
      size: 30,
      omitted: 'cap',
      sha256: sha256Of('p'.repeat(30)),
    });
  });

  it('lists at most maxFiles files and skips files past the read limit', () => {
    const { dir, manifest } = workspace({ 'a.txt': 'a', 'b.txt': 'b', 'c.txt': 'c'.repeat(1000) });
    const few = walkWorkspace(dir, { manifest, secrets: [] }, { maxFiles: 3 });
    expect(few.files.map((x) => x.path)).toEqual(['TASK.md', 'a.txt', 'b.txt']);
    expect(few.skipped).toEqual(['…: 2 more entries not listed (limit 3 files)']);
    const bounded = walkWorkspace(dir, { manifest, secrets: [] }, { maxBytes: 500 });
    expect(bounded.skipped).toEqual(["c.txt: over the harness's read limit"]);
  });
});

describe('redact', () => {
  it('replaces each known credential shape and leaves ordinary text alone', () => {
    const samples = [
      'sk-proj-' + 'A'.repeat(30),
      'ghp_' + 'a'.repeat(36),
      'github_pat_' + 'b'.repeat(40),
      'AKIA' + 'ABCDEFGHIJKLMNOP',
      'xoxb-1234567890-abcdef',
      'AIza' + 'c'.repeat(35),
      '-----BEGIN RSA PRIVATE KEY-----\nMIIE\n-----END RSA PRIVATE KEY-----',
    ];
    for (const s of samples) expect(redact(`x ${s} y`)).toEqual({ text: 'x [redacted] y', count: 1 });
    expect(redact('Authorization: Bearer ' + 'T'.repeat(30))).toEqual({
      text: 'Authorization: Bearer [redacted]',
      count: 1,
    });
    const plain = 'const task = "sk-short"; // Bearer abc; AKIA lower';
    expect(redact(plain)).toEqual({ text: plain, count: 0 });
  });
});
