import type { Problem } from '../problems.ts';
import { parseJson, zodProblems } from '../problems.ts';
import { jsonLines, onLine } from '../derive/parse.ts';
import {
  ModelExchangeSchema,
  ModelTrafficEndSchema,
  ModelTrafficHeaderSchema,
  type ModelExchange,
  type ModelTrafficEnd,
  type ModelTrafficHeader,
} from '../schema/model-traffic.ts';

/** A model-traffic sidecar, read. */
export interface ModelTraffic {
  header: ModelTrafficHeader;
  exchanges: ModelExchange[];
  end?: ModelTrafficEnd;
}

/**
 * Read a `<name>.model.jsonl` sidecar: the header line, exchanges numbered 1, 2, … in order, and at most one end line,
 * last. Problems are path-first and name the line.
 */
export function parseModelTraffic(file: string, text: string): { traffic?: ModelTraffic; problems: Problem[] } {
  const problems: Problem[] = [];
  const lines = jsonLines(text);
  let header: ModelTrafficHeader | undefined;
  let end: ModelTrafficEnd | undefined;
  const exchanges: ModelExchange[] = [];
  lines.forEach((l, i) => {
    const j = parseJson(file, l.text);
    if (!j.ok) return problems.push(onLine(l.line, j.problem));
    const schema =
      i === 0
        ? ModelTrafficHeaderSchema
        : (j.value as { end?: unknown }).end !== undefined
          ? ModelTrafficEndSchema
          : ModelExchangeSchema;
    const r = schema.safeParse(j.value);
    if (!r.success) return problems.push(...zodProblems(file, r.error).map((p) => onLine(l.line, p)));
    if (i === 0) header = r.data as ModelTrafficHeader;
    else if (end)
      problems.push({ file, field: `line ${l.line}`, message: 'comes after the end line: the end line is last' });
    else if ('end' in (r.data as object)) end = r.data as ModelTrafficEnd;
    else {
      const x = r.data as ModelExchange;
      if (x.n !== exchanges.length + 1)
        problems.push({
          file,
          field: `line ${l.line}: n`,
          message: `${x.n}, expected ${exchanges.length + 1}: exchanges are numbered in arrival order, none left out`,
        });
      exchanges.push(x);
    }
  });
  if (lines.length === 0) problems.push({ file, message: 'empty: line 1 is the header' });
  if (problems.length || !header) return { problems };
  return { traffic: { header, exchanges, ...(end ? { end } : {}) }, problems };
}
