import { canonicalJson } from '../canonical-json.ts';
import { parseWith } from './parse.ts';
import { cmp, type Problem } from '../problems.ts';
import { ScenarioSchema, type Scenario } from '../schema/scenario.ts';
import type { Revision } from '../schema/common.ts';
import { wrongRevisionId, type SentenceRow } from '../spec/tsv.ts';

/** A project-relative file and its text. */
export interface SourceFile {
  path: string;
  text: string;
}

/**
 * Validate scenario files: schema, path = `scenarios/<revision>/<role>/<id>.json`, and (when the spec is given) citations.
 * `broken` holds the `<revision>/<role>/<id>` (read from the path) of every file that was rejected, so records of a broken
 * scenario can be told apart from records of an unknown one.
 */
export function checkScenarios(
  files: readonly SourceFile[],
  spec?: Partial<Record<Revision, readonly SentenceRow[]>>,
): { scenarios: Map<string, Scenario>; problems: Problem[]; broken: Set<string> } {
  const scenarios = new Map<string, Scenario>();
  const problems: Problem[] = [];
  const rejected: string[] = [];
  for (const f of files) {
    const { value: s, problems: ps } = parseWith(f.path, f.text, ScenarioSchema);
    problems.push(...ps);
    const want = s && `scenarios/${s.revision}/${s.role}/${s.id}.json`;
    if (!s || want !== f.path) {
      if (s) problems.push({ file: f.path, field: 'id', message: `path does not match content: expected ${want}` });
      rejected.push(/^scenarios\/(.+)\.json$/.exec(f.path)?.[1] ?? f.path);
      continue;
    }
    s.checkpoints.forEach((c, i) => {
      // Checked without the spec too: the coverage ledger counts a citation under its scenario's revision.
      const wrong = c.spec && wrongRevisionId(s.revision, c.spec.id);
      if (wrong) problems.push({ file: f.path, field: `checkpoints[${i}].spec.id`, message: wrong });
    });
    const rows = spec?.[s.revision];
    if (rows) problems.push(...checkCitations(f.path, s, rows));
    scenarios.set(`${s.revision}/${s.role}/${s.id}`, s);
  }
  problems.push(...readingConflicts(scenarios), ...[...scenarios.values()].flatMap(consequenceProblems));
  return { scenarios, problems, broken: new Set(rejected.filter((k) => !scenarios.has(k))) };
}

/**
 * One slug is one judge within a revision and role (the registry is keyed by slug), so checkpoints that share a slug
 * across scenarios must share its reading: a reading edited in one scenario file only would describe two judges.
 */
function readingConflicts(scenarios: ReadonlyMap<string, Scenario>): Problem[] {
  const first = new Map<string, { path: string; reading: string | undefined; contested: string | undefined }>();
  const problems: Problem[] = [];
  for (const s of [...scenarios.values()].sort((a, b) => cmp(scenarioPath(a), scenarioPath(b)))) {
    s.checkpoints.forEach((c, i) => {
      const key = `${s.revision}/${s.role}/${c.slug}`;
      const seen = first.get(key);
      const contested = c.contested && canonicalJson(c.contested);
      if (!seen) return void first.set(key, { path: scenarioPath(s), reading: c.reading, contested });
      if (seen.contested !== contested)
        problems.push({
          file: scenarioPath(s),
          field: `checkpoints[${i}].contested`,
          message: `differs from "${c.slug}" in ${seen.path} (one slug is one judge, so one contest)`,
          hint: 'use the same contested block in both files',
        });
      if (seen.reading === c.reading) return;
      problems.push({
        file: scenarioPath(s),
        field: `checkpoints[${i}].reading`,
        message: `differs from the reading of "${c.slug}" in ${seen.path} (one slug is one judge, so one reading)`,
        hint:
          seen.reading === undefined
            ? 'remove it there or add the same reading to both files'
            : `use the same text in both files: ${seen.reading}`,
      });
    });
  }
  return problems;
}

/** A checkpoint's causes (`consequenceOf`) are other checkpoints of its own scenario. */
function consequenceProblems(s: Scenario): Problem[] {
  const slugs = new Set(s.checkpoints.map((c) => c.slug));
  return s.checkpoints.flatMap((c, i) =>
    (c.consequenceOf ?? []).flatMap((cause, j) =>
      slugs.has(cause)
        ? []
        : [
            {
              file: scenarioPath(s),
              field: `checkpoints[${i}].consequenceOf[${j}]`,
              message: `no checkpoint "${cause}" in this scenario`,
              hint: 'a consequence names a checkpoint of the same scenario',
            },
          ],
    ),
  );
}

const scenarioPath = (s: Scenario): string => `scenarios/${s.revision}/${s.role}/${s.id}.json`;

/** Every cited sentence exists in the pinned TSV with the same file, line, quote and level. */
export function checkCitations(path: string, s: Scenario, rows: readonly SentenceRow[]): Problem[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const problems: Problem[] = [];
  s.checkpoints.forEach((c, i) => {
    if (!c.spec) return;
    const field = `checkpoints[${i}].spec`;
    const row = byId.get(c.spec.id);
    if (!row) {
      problems.push({
        file: path,
        field: `${field}.id`,
        message: `unknown sentence "${c.spec.id}" in the pinned ${s.revision} TSV`,
      });
      return;
    }
    if (row.file !== c.spec.file)
      problems.push({ file: path, field: `${field}.file`, message: `expected "${row.file}", got "${c.spec.file}"` });
    if (row.line !== c.spec.line)
      problems.push({ file: path, field: `${field}.line`, message: `expected ${row.line}, got ${c.spec.line}` });
    if (row.sentence !== c.spec.quote)
      problems.push({
        file: path,
        field: `${field}.quote`,
        message: `does not equal the sentence at ${row.file}:${row.line}`,
        hint: `copy it exactly: ${row.sentence}`,
      });
    if (row.level !== c.level)
      problems.push({
        file: path,
        field: `checkpoints[${i}].level`,
        message: `expected ${row.level} (sentence says ${row.rawLevel}), got ${c.level}`,
      });
  });
  return problems;
}
