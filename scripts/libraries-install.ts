// npm run libraries:install — `npm ci` every library install folder (libraries/ and each other installFolder of
// libraries/registry.json), four at a time, with --strict-allow-scripts. Exits 1 naming each folder npm failed in.
import { projectRoot } from '../src/harness/io/paths.ts';
import { installLibraries } from '../src/harness/libraries/install.ts';

try {
  await installLibraries(projectRoot(), { force: true });
} catch (e) {
  console.error(`libraries:install: ${(e as Error).message}`);
  process.exit(1);
}
