// npm run spec-mirror -- <spec folder> <dest> : local git repositories of the pinned sources, rebuilt from a spec
// folder in their upstream layout, for `fetch-spec --mirror` / `MCPFS_SPEC_MIRROR` where github.com is out of reach.
import { resolve } from 'node:path';
import { buildSpecMirror } from '../src/harness/io/spec-mirror.ts';
import { RunnerInputError } from '../src/harness/errors.ts';
import { runCli } from '../src/harness/cli-args.ts';

async function main(): Promise<number> {
  const [from, dest] = process.argv.slice(2);
  if (!from || !dest)
    throw new RunnerInputError(
      'usage: npm run spec-mirror -- <spec folder> <dest>',
      'e.g. npm run spec-mirror -- ../shared/spec /tmp/spec-mirror',
    );
  buildSpecMirror(resolve(from), resolve(dest));
  console.log(`spec-mirror: wrote ${dest} (use: npm run fetch-spec -- --mirror ${dest}, or MCPFS_SPEC_MIRROR=${dest})`);
  return 0;
}

runCli('spec-mirror', main);
