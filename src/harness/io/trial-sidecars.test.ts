import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readTrialFiles } from './trial-sidecars.ts';

let dir = '';
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function tree(): string {
  dir = mkdtempSync(join(tmpdir(), 'mcpfs-sidecars-'));
  mkdirSync(join(dir, 'results/a'), { recursive: true });
  writeFileSync(join(dir, 'results/a/k1.json'), '{"r":1}');
  writeFileSync(join(dir, 'results/a/k1.wire.jsonl'), 'w\n');
  writeFileSync(join(dir, 'secret.txt'), 'no');
  return dir;
}

describe('readTrialFiles', () => {
  it('reads a record and its wire log, and the transcript only when named', () => {
    const root = tree();
    expect(readTrialFiles({ record: 'results/a/k1.json', wire: 'results/a/k1.wire.jsonl' }, root)).toEqual({
      record: '{"r":1}',
      wire: 'w\n',
    });
  });

  it('refuses a path outside results/', () => {
    const root = tree();
    expect(() => readTrialFiles({ record: 'results/../secret.txt', wire: 'results/a/k1.wire.jsonl' }, root)).toThrow(
      /outside results/,
    );
    expect(() => readTrialFiles({ record: '/etc/passwd', wire: 'results/a/k1.wire.jsonl' }, root)).toThrow(
      /outside results/,
    );
  });

  it('names the missing file and hints at a stale data set', () => {
    const root = tree();
    expect(() => readTrialFiles({ record: 'results/a/k1.json', wire: 'results/a/k9.wire.jsonl' }, root)).toThrow(
      /results\/a\/k9\.wire\.jsonl: cannot read trial file[\s\S]*npm run derive/,
    );
  });
});
