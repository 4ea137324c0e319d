// npm run fetch-spec [-- --dest .cache/spec] : clone the pinned MCP spec commits (see src/harness/runner/fetch-spec.ts)
// into a cache folder laid out as MCP_SPEC_DIR expects, for `--docs full` trials on machines without the spec copy.
// Needs network access to github.com. The normative-sentence TSVs are this project's own extract and are not fetched.
import { resolve } from 'node:path';
import { projectRoot } from '../src/harness/io/paths.ts';
import { parseCli } from '../src/harness/runner/cli.ts';
import { RunnerInputError } from '../src/harness/runner/errors.ts';
import { fetchSpec, PINNED_SOURCES } from '../src/harness/runner/fetch-spec.ts';

try {
  const a = parseCli(process.argv.slice(2), { dest: { type: 'string', default: '.cache/spec' } }, 'npm run fetch-spec [-- --dest .cache/spec]');
  const dest = resolve(projectRoot(), a.dest);
  for (const s of PINNED_SOURCES) console.error(`fetch-spec: ${s.repo} @ ${s.commit}`);
  fetchSpec(dest);
  console.log(`fetch-spec: wrote ${dest}\nuse it with: export MCP_SPEC_DIR=${a.dest}`);
} catch (e) {
  if (e instanceof RunnerInputError) {
    console.error(`fetch-spec: ${e.message}${e.hint ? `\n  hint: ${e.hint}` : ''}`);
    process.exit(2);
  }
  console.error(`fetch-spec: ${(e as Error).message}`);
  process.exit(1);
}
