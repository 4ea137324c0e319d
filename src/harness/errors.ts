/**
 * The harness (not the subject) failed: the trial is recorded as `infra-error` with this reason and never judged.
 * Subject failures (wrote nothing, server never came up, client crashed) are never InfraErrors.
 */
export class InfraError extends Error {
  constructor(reason: string, options?: { cause?: unknown }) {
    super(reason, options);
    this.name = 'InfraError';
  }
}

/** Bad command-line or option input to the runner (path-first message printed by the CLI). */
export class RunnerInputError extends Error {
  readonly hint?: string;
  constructor(message: string, hint?: string) {
    super(message);
    this.name = 'RunnerInputError';
    this.hint = hint;
  }
}

/** Reason text for an unexpected exception inside the runner: classified as a runner crash. */
export function crashReason(e: unknown): string {
  if (e instanceof InfraError) return e.message;
  const err = e as Error;
  return `runner crashed: ${err?.message ?? String(e)}`;
}
