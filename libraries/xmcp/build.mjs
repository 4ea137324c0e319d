// prepare script of the xmcp install folder (run by `npm ci --prefix libraries/xmcp`): `xmcp build` in every scenario
// folder, which bundles that folder's tools/ (file-system routing) into its .xmcp/adapter for ../server.ts. The trials
// run with the project mounted read-only, so the build happens here, at install time.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const xmcp = join(here, 'node_modules', '.bin', 'xmcp');
for (const entry of readdirSync(here, { withFileTypes: true })) {
  if (!entry.isDirectory() || !existsSync(join(here, entry.name, 'xmcp.config.ts'))) continue;
  console.error(`xmcp build: ${entry.name}`);
  execFileSync(xmcp, ['build'], {
    cwd: join(here, entry.name),
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
}
