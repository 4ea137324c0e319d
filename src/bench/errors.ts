/**
 * The one base of every error this project throws on purpose. `instanceof McpfsError` separates a failure someone
 * wrote a message for (bad input, a refused record, a peer that broke the protocol) from a crash, which is a bug.
 * Subclasses add the fields their catcher needs (problems, a slug, an HTTP status) and set nothing else.
 */
export class McpfsError extends Error {
  /** How to fix it, printed under the message by the CLIs' friendly-error helper. */
  readonly hint?: string;
  constructor(message: string, options?: { cause?: unknown; hint?: string }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    // new.target is the subclass, so every error is named after its class without each one repeating it.
    this.name = new.target.name;
    if (options?.hint !== undefined) this.hint = options.hint;
  }
}

/** A scenario id no plan or script of the revision knows (probe plans, reference scripts). */
export class UnknownScenarioError extends McpfsError {
  constructor(revision: string, id: string, known: readonly string[], what = 'scenario plan') {
    super(`no ${revision} ${what} for scenario "${id}"; known: ${known.join(', ')}`);
  }
}

/**
 * Text for anything a `catch` received, up to `max` characters: an Error's stack (its message when it has none), any
 * other thrown value as a string. JavaScript can throw `null` or a string, so a cast to Error would be a lie.
 */
export function thrownText(e: unknown, max = 400): string {
  const text = e instanceof Error ? (e.stack ?? e.message) : String(e);
  return text.slice(0, max);
}

/**
 * JSON text of a value, or undefined. lib.d.ts types JSON.stringify as returning string, but it returns undefined for
 * undefined, functions and symbols; peers' data and verdict messages meet all three.
 */
export function jsonText(x: unknown): string | undefined {
  return JSON.stringify(x) as string | undefined;
}
