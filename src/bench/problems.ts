import { McpfsError } from './errors.ts';
import type { z } from 'zod';
import { scanJson } from './derive/json-scan.ts';

/** One thing wrong with an input, located by file and field, printed path-first. */
export interface Problem {
  /** Project-relative file path, e.g. `results/2025-11-25/server/tools-basic/none/calibration/oracle/k1.json`. */
  file: string;
  /** Field path inside the file, e.g. `verdicts[3].checkpoint`; absent for whole-file problems. */
  field?: string;
  /** What is wrong, e.g. `unknown checkpoint "foo" in scenario "tools-basic"`. */
  message: string;
  /** How to fix it, when the fix is obvious. */
  hint?: string;
}

/** `file: field: message` then an indented hint line. The single format every CLI prints. */
export function formatProblem(p: Problem): string {
  const head = [p.file, p.field, p.message].filter((s) => s !== undefined && s !== '').join(': ');
  return p.hint ? `${head}\n  hint: ${p.hint}` : head;
}

/** Locale-free string order (UTF-16 code units), the same on every machine: what every deterministic output sorts by. */
export const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Deterministic order: by file, then field, then message. */
export function sortProblems(ps: Problem[]): Problem[] {
  const key = (p: Problem) => `${p.file}\u0000${p.field ?? ''}\u0000${p.message}`;
  return [...ps].sort((a, b) => cmp(key(a), key(b)));
}

/** `["checkpoints", 3, "id"]` → `checkpoints[3].id`. */
export function formatFieldPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const seg of path) {
    if (typeof seg === 'number') out += `[${seg}]`;
    else out += out === '' ? String(seg) : `.${String(seg)}`;
  }
  return out;
}

/** Turn a zod error into path-first problems, one per issue, with hints for the common mistakes. */
export function zodProblems(file: string, error: z.ZodError, prefix: PropertyKey[] = []): Problem[] {
  return error.issues.map((issue) => {
    const path = [...prefix, ...issue.path];
    const p: Problem = { file, field: formatFieldPath(path) || undefined, message: issue.message };
    if (issue.code === 'unrecognized_keys') {
      const keys = issue.keys;
      if (keys.includes('score')) {
        p.message = `unknown field "score": scores are derived, never stored`;
        p.hint = 'delete the "score" field; derive computes it from the verdicts';
      } else {
        p.message = `unknown field${keys.length > 1 ? 's' : ''} ${keys.map((k) => `"${k}"`).join(', ')}`;
        p.hint = 'remove it, or check its spelling against the JSON Schema in public/schema/';
      }
    }
    return p;
  });
}

/** Base class of every typed error this project throws; carries its problems. */
export class BenchError extends McpfsError {
  readonly problems: Problem[];
  constructor(problems: Problem[], summary?: string) {
    super(summary ?? problems.map(formatProblem).join('\n'));
    this.problems = problems;
  }
}

/**
 * Parse JSON text; on failure return a path-first problem instead of throwing. Also refused: a key given twice in one
 * object (JSON.parse would silently keep the last value) and nesting deeper than `maxDepth` levels (default 64).
 */
export function parseJson(
  file: string,
  text: string,
  maxDepth?: number,
): { ok: true; value: unknown } | { ok: false; problem: Problem } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    // V8 quotes the start of the text ('Unexpected token 'x', "…"... is not valid JSON'): never echo file content.
    const message = (e as Error).message.replace(/, ".*$/s, '');
    return { ok: false, problem: { file, message: `invalid JSON: ${message}` } };
  }
  const issue = scanJson(text, maxDepth, 1)[0];
  if (issue)
    return {
      ok: false,
      problem: {
        file,
        ...(issue.field ? { field: issue.field } : {}),
        message: issue.message,
        hint:
          issue.kind === 'duplicate'
            ? 'give each key once'
            : 'no record, log line or transcript line the harness writes nests this deep',
      },
    };
  return { ok: true, value };
}
