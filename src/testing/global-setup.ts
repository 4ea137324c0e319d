import { RunnerInputError } from '../harness/errors.ts';
import { agentFolders, installLibraries } from '../harness/libraries/install.ts';
import { ensureSpec } from '../harness/io/spec.ts';

/**
 * Once per `npm test`, before any test file: everything a fresh clone lacks that the tests need, fetched on first
 * use so the README's `npm ci && npm test` is the whole set-up: the pinned spec (into .cache/spec, unless
 * MCP_SPEC_DIR or ../shared/spec has it), the libraries under test and the agent harnesses. Offline, the one clear message and no tests.
 */
export default async function setup(): Promise<void> {
  try {
    ensureSpec(process.cwd());
  } catch (e) {
    if (!(e instanceof RunnerInputError)) throw e;
    // One clear message and no test run (a thrown error would bury it under the runner's own report).
    console.error(`npm test: ${e.message}${e.hint ? `\n  hint: ${e.hint}` : ''}`);
    process.exit(2);
  }
  await installLibraries(process.cwd());
  // The agent harnesses (Claude Code, Codex CLI, Gemini CLI, opencode), pinned under agents/: their tests run the real
  // binaries driven by the scripted model.
  await installLibraries(process.cwd(), {
    folders: agentFolders(process.cwd()),
    what: 'the pinned agent harness',
    again: 'npm run agents:install',
  });
}
