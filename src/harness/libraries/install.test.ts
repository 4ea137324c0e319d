import { mkdirSync, mkdtempSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { libraryFolders, needsInstall } from './install.ts';

let root = '';
afterEach(() => rmSync(root, { recursive: true, force: true }));
function tree(): string {
  root = mkdtempSync(join(tmpdir(), 'mcpfs-install-'));
  mkdirSync(join(root, 'libraries/a'), { recursive: true });
  writeFileSync(join(root, 'libraries/a/package-lock.json'), '{}');
  writeFileSync(
    join(root, 'libraries/registry.json'),
    JSON.stringify({ libraries: [{ installFolder: '.' }, { installFolder: 'a' }, { installFolder: 'a' }] }),
  );
  return root;
}

describe('library install folders', () => {
  it('are libraries/ and every other installFolder of the registry, once each', () => {
    expect(libraryFolders(tree())).toEqual(['libraries', 'libraries/a']);
  });

  it('need an install when node_modules is missing or older than the lockfile, not when it is newer', () => {
    const r = tree();
    expect(needsInstall(r, 'libraries/a')).toBe(true);
    mkdirSync(join(r, 'libraries/a/node_modules'));
    writeFileSync(join(r, 'libraries/a/node_modules/.package-lock.json'), '{}');
    utimesSync(join(r, 'libraries/a/package-lock.json'), new Date(0), new Date(0));
    expect(needsInstall(r, 'libraries/a')).toBe(false);
  });

  it('never reinstall a node_modules that is a symbolic link (npm would empty the checkout it points to)', () => {
    const r = tree();
    mkdirSync(join(r, 'elsewhere'));
    symlinkSync(join(r, 'elsewhere'), join(r, 'libraries/a/node_modules'));
    expect(needsInstall(r, 'libraries/a')).toBe(false);
  });
});
