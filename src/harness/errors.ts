import { McpfsError } from '../bench/errors.ts';

/**
 * The harness (not the subject) failed: the trial is recorded as `infra-error` with this reason and never judged.
 * Subject failures (wrote nothing, server never came up, client crashed) are never InfraErrors.
 */
export class InfraError extends McpfsError {}

/** Bad command-line or option input to the runner (path-first message printed by the CLI). */
export class RunnerInputError extends McpfsError {
  constructor(message: string, hint?: string) {
    super(message, hint === undefined ? undefined : { hint });
  }
}

/** Reason text for an unexpected exception inside the runner: classified as a runner crash. */
export function crashReason(e: unknown): string {
  if (e instanceof InfraError) return e.message;
  return `runner crashed: ${e instanceof Error ? e.message : String(e)}`;
}
