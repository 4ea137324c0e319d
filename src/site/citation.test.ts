import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadVersionsFile } from '../harness/io/load.ts';
import { BenchmarkVersionsSchema } from '../bench/schema/versions.ts';
import { CITATION_PATH, citationProblems, withCitationVersion } from './citation.ts';

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string; repository: { url: string } };
const history = BenchmarkVersionsSchema.parse(JSON.parse(loadVersionsFile(process.cwd())!.text));
const facts = {
  version: pkg.version,
  released: history.versions.find((v) => v.version === pkg.version)!.date,
  repository: pkg.repository.url.replace(/^git\+/, '').replace(/\.git$/, ''),
};
const text = readFileSync(CITATION_PATH, 'utf8');

describe('CITATION.cff', () => {
  it('is valid Citation File Format 1.2.0 and names the current benchmark version, its date and the repository', () => {
    expect(citationProblems(text, facts)).toEqual([]);
  });

  it('is refused, path-first, without authors, with a malformed field, or naming another version', () => {
    expect(citationProblems(text.replace(/^authors:\n(?: {2}.*\n)+/m, ''), facts)).toEqual([
      `${CITATION_PATH}: (top): must have required property 'authors'`,
    ]);
    expect(citationProblems(text.replace(/^license: MIT$/m, 'license: not-a-licence'), facts)[0]).toMatch(
      /^CITATION\.cff: license: /,
    );
    expect(citationProblems(withCitationVersion(text, '0.0.1', '2020-01-01'), facts)).toEqual([
      `${CITATION_PATH}: version: expected "${facts.version}", got "0.0.1"`,
      `${CITATION_PATH}: date-released: expected "${facts.released}", got "2020-01-01"`,
    ]);
    expect(citationProblems('cff-version: [', facts)[0]).toMatch(/^CITATION\.cff: not YAML: /);
  });
});
