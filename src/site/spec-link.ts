// Links to the pinned spec on GitHub at file:line. The commits are copied from the spec folder's PINNED.md
// (`| commit | \`…\` |` rows); spec-link.test.ts checks them against PINNED.md whenever the pinned spec is present,
// so a re-pin that forgets this file fails the tests.

/** Main spec repository and the commit every quoted sentence was taken from. */
export const SPEC_REPO = 'modelcontextprotocol/modelcontextprotocol';
export const SPEC_COMMIT = 'b0f60ba5409db7a6582440a7b473cc0398890f15';
/** The 2026-07-28 Tasks extension lives in its own repository; TSV paths start with `ext-tasks/`. */
export const EXT_TASKS_REPO = 'modelcontextprotocol/ext-tasks';
export const EXT_TASKS_COMMIT = 'e4345978be1f602f1fc48d89051e8559dd5302a6';
const EXT_PREFIX = 'ext-tasks/';

/** GitHub URL of a spec file at the pinned commit, anchored at `line` (paths as in the TSV / checkpoint `spec.file`). */
export function specLink(file: string, line: number): string {
  const [repo, commit, path] = file.startsWith(EXT_PREFIX) ? [EXT_TASKS_REPO, EXT_TASKS_COMMIT, file.slice(EXT_PREFIX.length)] : [SPEC_REPO, SPEC_COMMIT, file];
  return `https://github.com/${repo}/blob/${commit}/${path.split('/').map(encodeURIComponent).join('/')}#L${line}`;
}

/** Short display of a location: `basic/transports.mdx:79`. */
export function specLocation(file: string, line: number): string {
  return `${file.replace(/^docs\/specification\/[^/]+\//, '').replace(/^ext-tasks\//, 'ext-tasks: ')}:${line}`;
}
