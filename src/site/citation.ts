// CITATION.cff: checked against the Citation File Format 1.2.0 schema (the copy the cffjs package ships) and held to
// the project's own facts (its version and release date, its repository), so a citation never names a version that
// does not exist. `npm run versions -- --bump` rewrites its version and date (scripts/versions.ts).
import { validateCFF } from 'cffjs';
import { parse } from 'yaml';

export const CITATION_PATH = 'CITATION.cff';

/** What a valid CITATION.cff must agree with. */
export interface CitationFacts {
  /** package.json `version`: the benchmark version. */
  version: string;
  /** The date that version was recorded (scenarios/versions.json). */
  released: string;
  /** package.json `repository.url`, as a plain https URL. */
  repository: string;
}

/** Problems with a CITATION.cff text, path-first; none when it is valid CFF 1.2.0 and states the facts. */
export function citationProblems(text: string, facts: CitationFacts): string[] {
  let data: unknown;
  try {
    data = parse(text);
  } catch (e) {
    return [`${CITATION_PATH}: not YAML: ${(e as Error).message.split('\n')[0]}`];
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    return [`${CITATION_PATH}: (top): must be a mapping`];
  if ((data as Record<string, unknown>)['cff-version'] !== '1.2.0')
    return [`${CITATION_PATH}: cff-version: must be "1.2.0" (the schema this is checked against)`];
  try {
    validateCFF(structuredClone(data));
  } catch (e) {
    // cffjs throws "CFF validation failed" and Ajv's errors as JSON on the next line.
    const json = (e as Error).message.split('\n').slice(1).join('\n');
    const errors = (json ? JSON.parse(json) : []) as { instancePath: string; message?: string }[];
    return errors.length
      ? errors.map(
          (x) =>
            `${CITATION_PATH}: ${x.instancePath.slice(1).replaceAll('/', '.') || '(top)'}: ${x.message ?? 'invalid'}`,
        )
      : [`${CITATION_PATH}: ${(e as Error).message}`];
  }
  const cff = data as { version?: unknown; 'date-released'?: unknown; 'repository-code'?: unknown };
  const out: string[] = [];
  const expect = (field: string, got: unknown, want: string) => {
    if (String(got) !== want) out.push(`${CITATION_PATH}: ${field}: expected "${want}", got ${JSON.stringify(got)}`);
  };
  expect('version', cff.version, facts.version);
  expect('date-released', cff['date-released'], facts.released);
  expect('repository-code', cff['repository-code'], facts.repository);
  return out;
}

/** The CITATION.cff text with another version and release date (formatting kept: edited as text). */
export function withCitationVersion(text: string, version: string, released: string): string {
  return text
    .replace(/^version: .*$/m, `version: ${version}`)
    .replace(/^date-released: .*$/m, `date-released: '${released}'`);
}
