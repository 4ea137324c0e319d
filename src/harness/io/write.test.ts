import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import fg from 'fast-glob';
import { writeNewFilesAtomic } from './write.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const temp = () => {
  const d = mkdtempSync(join(tmpdir(), 'mcpfs-write-'));
  dirs.push(d);
  return d;
};
const tree = (d: string) => fg.sync('**', { cwd: d, dot: true, onlyFiles: false }).sort();

describe('writeNewFilesAtomic', () => {
  it('adds every file, creating folders, and leaves no temporary file', () => {
    const d = temp();
    writeNewFilesAtomic([
      { path: join(d, 'a/b/k1.json'), content: '{}\n' },
      { path: join(d, 'a/b/k1.wire.jsonl'), content: 'x\n' },
      { path: join(d, 'c/k1.json'), content: 'é\n' },
    ]);
    expect(tree(d)).toEqual(['a', 'a/b', 'a/b/k1.json', 'a/b/k1.wire.jsonl', 'c', 'c/k1.json']);
    expect(readFileSync(join(d, 'c/k1.json'), 'utf8')).toBe('é\n');
  });

  it('on a failure removes what it wrote and the folders it made, keeps what was there, and rethrows', () => {
    const d = temp();
    mkdirSync(join(d, 'keep'));
    writeFileSync(join(d, 'keep/old.json'), 'old');
    // The last target exists already: a link never replaces it, so the whole write is undone.
    expect(() =>
      writeNewFilesAtomic([
        { path: join(d, 'new/deep/k1.json'), content: '1' },
        { path: join(d, 'keep/k2.json'), content: '2' },
        { path: join(d, 'keep/old.json'), content: 'new' },
      ]),
    ).toThrow(/EEXIST/);
    expect(tree(d)).toEqual(['keep', 'keep/old.json']);
    expect(readFileSync(join(d, 'keep/old.json'), 'utf8')).toBe('old');
  });
});
