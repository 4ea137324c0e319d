import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { INSTALL_FOLDER_HOOK, librariesDir } from './index.ts';

// libraries/install-folder-hook.ts: a shared glue file's bare imports resolve from the release's install folder named
// by MCPFS_INSTALL_FOLDER, never from the node_modules beside the glue (real node processes, real resolution).
const tmp = mkdtempSync(join(tmpdir(), 'mcpfs-hook-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const write = (path: string, text: string) => {
  mkdirSync(dirname(join(tmp, path)), { recursive: true });
  writeFileSync(join(tmp, path), text);
};
/** A package `name` in `folder`/node_modules whose default export is `value` (plus what it imports itself). */
const pkg = (folder: string, name: string, body: string) => {
  write(`${folder}/node_modules/${name}/package.json`, JSON.stringify({ name, type: 'module', main: 'index.js' }));
  write(`${folder}/node_modules/${name}/index.js`, body);
};
pkg('rel-a', '@acme/sdk', "import dep from 'dep'; export default `sdk A, ${dep}`;");
pkg('rel-a', 'dep', "export default 'dep of A';");
pkg('rel-b', '@acme/sdk', "export default 'sdk B';");
// Beside the glue (like libraries/node_modules for libraries/typescript-sdk/server.ts): the newest release.
pkg('libs', '@acme/sdk', "export default 'sdk beside the glue';");
write('libs/shared.ts', "export const shared = 'relative import';\n");
write(
  'libs/glue/server.ts',
  "import { join } from 'node:path';\nimport sdk from '@acme/sdk';\nimport { shared } from '../shared.ts';\nconsole.log([sdk, shared, typeof join].join(' | '));\n",
);

const run = (folder?: string) =>
  spawnSync(
    process.execPath,
    ['--import', join(librariesDir(), INSTALL_FOLDER_HOOK), join(tmp, 'libs/glue/server.ts')],
    {
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '', ...(folder ? { MCPFS_INSTALL_FOLDER: folder } : {}) },
    },
  );

describe('install folder hook', () => {
  it("resolves the glue's bare imports from the named install folder, and the packages' own imports inside it", () => {
    expect(run(join(tmp, 'rel-a')).stdout.trim()).toBe('sdk A, dep of A | relative import | function');
    expect(run(join(tmp, 'rel-b')).stdout.trim()).toBe('sdk B | relative import | function');
    // Without the hook the glue finds the package beside it.
    const plain = spawnSync(process.execPath, [join(tmp, 'libs/glue/server.ts')], { encoding: 'utf8' });
    expect(plain.stdout.trim()).toBe('sdk beside the glue | relative import | function');
  });

  it('fails on a package missing from the install folder, and without an absolute folder', () => {
    mkdirSync(join(tmp, 'empty'), { recursive: true });
    const missing = run(join(tmp, 'empty'));
    expect(missing.status).not.toBe(0);
    expect(missing.stderr).toMatch(/Cannot find package '@acme\/sdk'/);
    const none = run();
    expect(none.status).toBe(2);
    expect(none.stderr).toMatch(/MCPFS_INSTALL_FOLDER must be an absolute path/);
  });
});
