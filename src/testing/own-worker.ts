// Which test files get a worker of their own. Every other file shares its worker with the files before it
// (vitest.config.ts, `isolate: false`): modules are imported once per worker rather than once per file, ~55 of the
// suite's ~440 CPU-s on 2 cores (issue 31). A file that sets process.env while it runs (and puts it back) is listed
// here, so a value it set can never be seen by a file after it; own-worker.test.ts finds any that is not.

/** Test files (paths from the project root) that run in a fresh worker each. */
export const OWN_WORKER: readonly string[] = [
  'src/harness/runner/sandbox.test.ts',
  'src/harness/runner/adapters/pi.test.ts',
  'src/harness/io/spec.test.ts',
  'src/harness/io/coverage-tsv.test.ts',
  'src/testing/scale-tree.test.ts',
  'src/harness/runner/adapters/harness-isolation.test.ts',
];

/** Whether a test file's source changes process-wide state another file could see (environment, cwd, mocks). */
export function changesProcessState(source: string): boolean {
  return /process\.env(\.\w+|\[[^\]]+\])\s*=(?!=)|delete process\.env|process\.chdir\(|vi\.(mock|stubEnv|stubGlobal|useFakeTimers)\(/.test(
    source,
  );
}
