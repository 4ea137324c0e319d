import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SweepBundleSchema } from '../../bench/schema/sweep-bundle.ts';
import { BUNDLE_INDEX, openBundle, type BundleIdentity } from './bundle.ts';

const ID: BundleIdentity = { run: 'tiny', manifestSha256: 'a'.repeat(64), shard: { index: 2, count: 3 } };
const ORDER = new Map([
  ['2026-07-28/client/stateless-call/full/oracle/k1', 0],
  ['2026-07-28/client/stateless-call/full/null/k1', 1],
]);
const [K_ORACLE, K_NULL] = [...ORDER.keys()] as [string, string];
const REC = 'results/2026-07-28/client/stateless-call/full/calibration';
const filesOf = (subject: string) => [
  { path: `${REC}/${subject}/k1.json`, content: `{"subject":"${subject}"}\n` },
  { path: `${REC}/${subject}/k1.wire.jsonl`, content: 'line\n' },
];

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const tmp = () => {
  const d = mkdtempSync(join(tmpdir(), 'mcpfs-bundle-'));
  dirs.push(d);
  return d;
};
const lines: string[] = [];
const open = (dir: string, id = ID) => openBundle(dir, 'b', id, ORDER, (l) => lines.push(l));
const index = (dir: string) => SweepBundleSchema.parse(JSON.parse(readFileSync(join(dir, BUNDLE_INDEX), 'utf8')));

describe('sweep bundle', () => {
  it('starts a new folder with an empty index and lists each added trial with its files, hashes and sizes', () => {
    const dir = join(tmp(), 'new', 'shard-2-of-3');
    const b = open(dir);
    expect(index(dir)).toMatchObject({ run: 'tiny', shard: { index: 2, count: 3 }, trials: [], files: [] });
    // Added out of plan order (jobs > 1), listed in plan order; files sorted by path.
    b.add(K_NULL, 'completed', filesOf('null'));
    b.add(K_ORACLE, 'completed', filesOf('oracle'));
    const i = index(dir);
    expect(i.trials.map((t) => t.key)).toEqual([K_ORACLE, K_NULL]);
    expect(i.trials[0]!.record).toBe(`${REC}/oracle/k1.json`);
    expect(i.files.map((f) => f.path)).toEqual([...filesOf('null'), ...filesOf('oracle')].map((f) => f.path).sort());
    expect(i.files.find((f) => f.path.endsWith('oracle/k1.wire.jsonl'))).toEqual({
      path: `${REC}/oracle/k1.wire.jsonl`,
      sha256: createHash('sha256').update('line\n').digest('hex'),
      bytes: 5,
    });
    expect(readFileSync(join(dir, `${REC}/oracle/k1.json`), 'utf8')).toBe('{"subject":"oracle"}\n');
  });

  it('resumes: keeps intact trials, re-runs one whose file changed, removes what no finished trial owns', () => {
    const dir = tmp();
    const b = open(dir);
    b.add(K_ORACLE, 'completed', filesOf('oracle'));
    b.add(K_NULL, 'infra-error', filesOf('null'));
    // A killed write: a temp file and a finished rename the index never listed; a changed sidecar.
    writeFileSync(join(dir, `${REC}/oracle/k1.json.tmp-123-0`), 'half');
    mkdirSync(join(dir, `${REC}/mutant-x`), { recursive: true });
    writeFileSync(join(dir, `${REC}/mutant-x/k1.json`), '{}');
    writeFileSync(join(dir, `${BUNDLE_INDEX}.tmp-9-0`), '{');
    writeFileSync(join(dir, `${REC}/null/k1.wire.jsonl`), 'lime\n');
    lines.length = 0;
    const again = open(dir);
    expect(again.finished().map((t) => t.key)).toEqual([K_ORACLE]);
    expect(again.has(K_NULL)).toBe(false);
    expect(lines).toEqual([
      `${K_NULL}: its files in the bundle are missing or changed; it runs again`,
      'removed 5 file(s) no finished trial owns (left by an interrupted write)',
    ]);
    expect(existsSync(join(dir, `${REC}/mutant-x`))).toBe(false);
    expect(existsSync(join(dir, `${REC}/null`))).toBe(false);
    expect(index(dir).files.map((f) => f.path)).toEqual(
      filesOf('oracle')
        .map((f) => f.path)
        .sort(),
    );
  });

  it('refuses, path-first and touching nothing, a bundle of another manifest, shard or run, and a foreign folder', () => {
    const dir = tmp();
    open(dir).add(K_ORACLE, 'completed', filesOf('oracle'));
    const before = readFileSync(join(dir, BUNDLE_INDEX), 'utf8');
    writeFileSync(join(dir, `${REC}/stray.json`), '{}');
    expect(() => open(dir, { ...ID, manifestSha256: 'b'.repeat(64) })).toThrow(
      /^b\/bundle\.json: manifestSha256: made from other manifest bytes \(aaaaaaaaaaaa…; the manifest now is bbbbbbbbbbbb…\)/,
    );
    expect(() => open(dir, { ...ID, shard: { index: 1, count: 3 } })).toThrow(
      'b/bundle.json: shard: 2/3, but this is shard 1/3',
    );
    expect(() => open(dir, { ...ID, run: 'other' })).toThrow(
      /^b\/bundle\.json: run: "tiny": the bundle of another run/,
    );
    expect(readFileSync(join(dir, BUNDLE_INDEX), 'utf8')).toBe(before);
    expect(existsSync(join(dir, `${REC}/stray.json`))).toBe(true);
    writeFileSync(join(dir, 'notes.txt'), 'mine');
    expect(() => open(dir)).toThrow('b/notes.txt: not part of a bundle');

    const foreign = tmp();
    writeFileSync(join(foreign, 'README.md'), 'hello');
    expect(() => open(foreign)).toThrow(/^b: not a bundle folder: it holds README\.md but no bundle\.json/);
    expect(readFileSync(join(foreign, 'README.md'), 'utf8')).toBe('hello');
  });

  it('refuses an index that lists a trial this shard does not plan, or lists one twice', () => {
    const dir = tmp();
    open(dir).add(K_ORACLE, 'completed', filesOf('oracle'));
    const i = index(dir);
    writeFileSync(join(dir, BUNDLE_INDEX), JSON.stringify({ ...i, trials: [...i.trials, ...i.trials] }));
    expect(() => open(dir)).toThrow(`b/bundle.json: trials[1].key: "${K_ORACLE}" is listed twice (also trials[0])`);
    writeFileSync(join(dir, BUNDLE_INDEX), JSON.stringify({ ...i, trials: [{ ...i.trials[0], key: 'x/y' }] }));
    expect(() => open(dir)).toThrow(`b/bundle.json: trials[0].key: "x/y" is not a trial of this shard's plan`);
    writeFileSync(join(dir, BUNDLE_INDEX), JSON.stringify({ ...i, format: 'mcpfs.bundle/0' }));
    expect(() => open(dir)).toThrow(/^b\/bundle\.json: format: /);
  });
});
