// npm run agents:install [-- --force] — `npm ci` every harness install folder under agents/ (Claude Code, Codex CLI,
// Gemini CLI, opencode: each pinned by its own package.json and lockfile) whose node_modules is missing or older than
// its lockfile; --force reinstalls every folder. Exits 1 naming each failed folder.
import { projectRoot } from '../src/harness/io/paths.ts';
import { agentFolders, installLibraries } from '../src/harness/libraries/install.ts';

const root = projectRoot();
try {
  await installLibraries(root, {
    force: process.argv.includes('--force'),
    folders: agentFolders(root),
    what: 'the pinned agent harness',
    again: 'npm run agents:install',
  });
} catch (e) {
  console.error(`agents:install: ${(e as Error).message}`);
  process.exit(1);
}
