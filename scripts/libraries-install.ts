// npm run libraries:install [-- --force] — `npm ci` every library install folder (libraries/ and each other
// installFolder of libraries/registry.json) whose node_modules is missing or older than its lockfile, four at a time,
// with --strict-allow-scripts; --force reinstalls every folder. Not forced by default: a reinstall empties a folder's
// node_modules while it runs, which breaks any library trial running at that moment. Exits 1 naming each failed folder.
import { projectRoot } from '../src/harness/io/paths.ts';
import { installLibraries } from '../src/harness/libraries/install.ts';

try {
  await installLibraries(projectRoot(), { force: process.argv.includes('--force') });
} catch (e) {
  console.error(`libraries:install: ${(e as Error).message}`);
  process.exit(1);
}
