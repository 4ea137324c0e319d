// npm run fetch-spec [-- --dest .cache/spec] [--mirror DIR] : fetch the pinned MCP spec commits (src/bench/spec/revisions.ts)
// into a folder laid out as MCP_SPEC_DIR expects, check every file against the pinned content digests, and write the
// normative-sentence TSVs with the project's own extractor. Needs github.com, or a local mirror (`--mirror`, one git
// repository per source id, e.g. made by `npm run spec-mirror`). Commands that need the spec fetch it on first use.
import { resolve } from 'node:path';
import { SPEC_SOURCES } from '../src/bench/spec/revisions.ts';
import { fetchSpec, mirrorUrls } from '../src/harness/io/fetch-spec.ts';
import { projectRoot } from '../src/harness/io/paths.ts';
import { specFinish } from '../src/harness/io/spec.ts';
import { parseCli, runCli } from '../src/harness/cli-args.ts';

async function main(): Promise<number> {
  const a = parseCli(
    process.argv.slice(2),
    { dest: { type: 'string', default: '.cache/spec' }, mirror: { type: 'string' } },
    'npm run fetch-spec [-- --dest .cache/spec] [--mirror DIR]',
  );
  const dest = resolve(projectRoot(), a.dest);
  const urls = mirrorUrls(a.mirror === undefined ? undefined : resolve(a.mirror));
  for (const s of SPEC_SOURCES)
    console.error(
      `fetch-spec: ${s.repo} @ ${s.commit}${urls ? ` (from ${urls[s.id]}, checked by content digest)` : ''}`,
    );
  fetchSpec(dest, { urls, finish: specFinish });
  console.log(`fetch-spec: wrote ${dest}\nuse it with: export MCP_SPEC_DIR=${a.dest}`);
  return 0;
}

runCli('fetch-spec', main);
