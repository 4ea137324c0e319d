// Links to the pinned spec on GitHub at file:line. The commits are copied from the spec folder's PINNED.md
// (`| commit | \`…\` |` rows); spec-link.test.ts checks them against PINNED.md whenever the pinned spec is present,
// so a re-pin that forgets this file fails the tests.

import { sentenceUrl } from '../bench/spec/links.ts';

/** Main spec repository and the commit every quoted sentence was taken from. */
export const SPEC_REPO = 'modelcontextprotocol/modelcontextprotocol';
export const SPEC_COMMIT = 'b0f60ba5409db7a6582440a7b473cc0398890f15';
/** The 2026-07-28 Tasks extension lives in its own repository; TSV paths start with `ext-tasks/`. */
export const EXT_TASKS_REPO = 'modelcontextprotocol/ext-tasks';
export const EXT_TASKS_COMMIT = 'e4345978be1f602f1fc48d89051e8559dd5302a6';
const COMMITS = { [SPEC_REPO]: SPEC_COMMIT, [EXT_TASKS_REPO]: EXT_TASKS_COMMIT };

/** GitHub URL of a spec file at the pinned commit, anchored at `line` (paths as in the TSV / checkpoint `spec.file`). */
export function specLink(file: string, line: number): string {
  return sentenceUrl(file, line, COMMITS)!;
}

/** GitHub tree of a pinned spec repository (SPEC_REPO or EXT_TASKS_REPO) at its pinned commit. */
export function specTreeUrl(repo: keyof typeof COMMITS): string {
  return `https://github.com/${repo}/tree/${COMMITS[repo]}`;
}

/** Short display of a location: `basic/transports.mdx:79`. */
export function specLocation(file: string, line: number): string {
  return `${file.replace(/^docs\/specification\/[^/]+\//, '').replace(/^ext-tasks\//, 'ext-tasks: ')}:${line}`;
}
