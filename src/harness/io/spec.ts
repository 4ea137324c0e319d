// The pinned spec folder on disk: is it there, is it the pinned text, and fetch it on first use when it is not.
// Only commands that need the spec *text* call `ensureSpec` (tests, build, calibrate, `--docs full` trials);
// everything else takes the pinned commits from the revision manifest and runs in a bare clone.
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { PRIMARY_SOURCE, REVISION_MANIFEST, SPEC_SOURCES } from '../../bench/spec/revisions.ts';
import { RunnerInputError } from '../errors.ts';
import { fetchSpec, mirrorUrls } from './fetch-spec.ts';
import { specCachePath, specDir } from './paths.ts';
import { writeSentenceTsvs } from './sentence-tsv.ts';
import { sourceDigest } from './spec-digest.ts';

/** What is wrong with a spec folder, one line each (empty = it holds the pinned text and its sentence lists). */
export function specProblems(dir: string): string[] {
  if (!existsSync(dir)) return [`${dir}: no such folder`];
  const out: string[] = [];
  for (const s of SPEC_SOURCES) {
    const got = sourceDigest(dir, s);
    if (got !== s.digest)
      out.push(
        `${dir}: the files of ${s.repo} differ from the pinned commit ${s.commit.slice(0, 12)} (content digest ${got.slice(0, 19)}…, pinned ${s.digest.slice(0, 19)}…)`,
      );
  }
  for (const r of REVISION_MANIFEST) {
    const tsv = join(dir, r.id, 'normative-sentences.tsv');
    if (!existsSync(tsv)) out.push(`${tsv}: missing (the sentence list derive checks quotes and coverage against)`);
  }
  return out;
}

/**
 * What a fetch writes beside the copied files before the folder is swapped in: the normative-sentence TSVs the
 * project's own extractor makes from them (the shared copy's TSVs are compared with it by a test).
 */
export function specFinish(dir: string): void {
  writeSentenceTsvs(dir);
}

const PINS = SPEC_SOURCES.map((s) => `${s.repo}@${s.commit}`).join(' and ');

/**
 * The pinned spec folder, fetched into `.cache/spec` on first use (one progress line) when `MCP_SPEC_DIR` is unset and
 * neither `../shared/spec` nor a fetched copy exists. A folder that is present but not the pinned text is an error,
 * never silently used; offline, one message names the commits and `MCP_SPEC_DIR`. Never leaves half a folder.
 */
export function ensureSpec(root: string, log: (line: string) => void = (l) => process.stderr.write(`${l}\n`)): string {
  const dir = specDir(root);
  const cache = specCachePath(root);
  if (dir === cache && !existsSync(cache)) {
    const urls = mirrorUrls(process.env.MCPFS_SPEC_MIRROR);
    log(
      `spec: fetching the pinned MCP spec (${PINS}) into ${relative(root, cache) || cache}${urls ? ` from the mirror ${process.env.MCPFS_SPEC_MIRROR}` : ''} …`,
    );
    try {
      fetchSpec(cache, { urls, finish: specFinish });
    } catch (e) {
      throw new RunnerInputError(
        `the pinned MCP spec is needed and could not be fetched: ${(e as Error).message.split('\n')[0]}`,
        `connect to github.com and run again (it fetches ${PINS}), or set MCP_SPEC_DIR to a folder holding that spec (made with \`npm run fetch-spec -- --dest <dir>\` elsewhere)`,
      );
    }
  }
  const problems = specProblems(dir);
  if (problems.length) {
    const why =
      dir === cache
        ? 'delete .cache/spec and run again'
        : process.env.MCP_SPEC_DIR
          ? 'point MCP_SPEC_DIR at the pinned spec (or unset it: the spec is then fetched into .cache/spec)'
          : 'fix or remove ../shared/spec';
    throw new RunnerInputError(problems.join('\n'), why);
  }
  return dir;
}

/**
 * The pinned spec folder and commit a run records. The commit comes from the revision manifest, so commands that need
 * no spec text run in a bare clone; `text: true` (docs-full trials, calibration's schema gate) makes sure the text is
 * there, fetching it on first use.
 */
export function pinnedSpec(root: string, opts: { text?: boolean } = {}): { spec: string; specCommit: string } {
  return { spec: opts.text ? ensureSpec(root) : specDir(root), specCommit: PRIMARY_SOURCE.commit };
}
