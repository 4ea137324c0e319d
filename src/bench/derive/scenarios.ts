import { parseWith } from './parse.ts';
import type { Problem } from '../problems.ts';
import { ScenarioSchema, type Scenario } from '../schema/scenario.ts';
import type { Revision } from '../schema/common.ts';
import { ID_PREFIX, type SentenceRow } from '../spec/tsv.ts';

/** A project-relative file and its text. */
export interface SourceFile {
  path: string;
  text: string;
}

/** Validate scenario files: schema, path = `scenarios/<revision>/<role>/<id>.json`, and (when the spec is given) citations. */
export function checkScenarios(
  files: readonly SourceFile[],
  spec?: Partial<Record<Revision, readonly SentenceRow[]>>,
): { scenarios: Map<string, Scenario>; problems: Problem[] } {
  const scenarios = new Map<string, Scenario>();
  const problems: Problem[] = [];
  for (const f of files) {
    const { value: s, problems: ps } = parseWith(f.path, f.text, ScenarioSchema);
    problems.push(...ps);
    if (!s) continue;
    const want = `scenarios/${s.revision}/${s.role}/${s.id}.json`;
    if (want !== f.path) {
      problems.push({ file: f.path, field: 'id', message: `path does not match content: expected ${want}` });
      continue;
    }
    s.checkpoints.forEach((c, i) => {
      // Checked without the spec too: the coverage ledger counts a citation under its scenario's revision.
      if (c.spec && !c.spec.id.startsWith(`${ID_PREFIX[s.revision]}-`)) {
        problems.push({ file: f.path, field: `checkpoints[${i}].spec.id`, message: `"${c.spec.id}" is not a ${s.revision} sentence id (they start with "${ID_PREFIX[s.revision]}-")` });
      }
    });
    const rows = spec?.[s.revision];
    if (rows) problems.push(...checkCitations(f.path, s, rows));
    scenarios.set(`${s.revision}/${s.role}/${s.id}`, s);
  }
  return { scenarios, problems };
}

/** Every cited sentence exists in the pinned TSV with the same file, line, quote and level. */
export function checkCitations(path: string, s: Scenario, rows: readonly SentenceRow[]): Problem[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const problems: Problem[] = [];
  s.checkpoints.forEach((c, i) => {
    if (!c.spec) return;
    const field = `checkpoints[${i}].spec`;
    const row = byId.get(c.spec.id);
    if (!row) {
      problems.push({ file: path, field: `${field}.id`, message: `unknown sentence "${c.spec.id}" in the pinned ${s.revision} TSV` });
      return;
    }
    if (row.file !== c.spec.file) problems.push({ file: path, field: `${field}.file`, message: `expected "${row.file}", got "${c.spec.file}"` });
    if (row.line !== c.spec.line) problems.push({ file: path, field: `${field}.line`, message: `expected ${row.line}, got ${c.spec.line}` });
    if (row.sentence !== c.spec.quote) problems.push({ file: path, field: `${field}.quote`, message: `does not equal the sentence at ${row.file}:${row.line}`, hint: `copy it exactly: ${row.sentence}` });
    if (row.level !== c.level) problems.push({ file: path, field: `checkpoints[${i}].level`, message: `expected ${row.level} (sentence says ${row.rawLevel}), got ${c.level}` });
  });
  return problems;
}
