import { describe, expect, it } from 'vitest';
import { formatProblem } from '../problems.ts';
import { fixtureScenario } from '../derive/test-fixtures.ts';
import { checkVersions, recordVersionProblems, VERSIONS_PATH } from './check.ts';
import { scenarioHash, scenarioKey } from './hash.ts';

const s = fixtureScenario();
const key = scenarioKey(s);
const hash = scenarioHash(s);
const other = `sha256:${'1'.repeat(64)}`;
const scenarios = new Map([[key, s]]);
const file = (versions: unknown[]) => ({ path: VERSIONS_PATH, text: JSON.stringify({ versions }) });
const v = (version: string, extra: Record<string, unknown> = {}) => ({
  version,
  date: '2026-12-01',
  summary: `release ${version}`,
  ...extra,
});
const texts = (r: { problems: Parameters<typeof formatProblem>[0][] }) => r.problems.map(formatProblem);

describe('scenario content hash', () => {
  it("changes with the prompt, a tool or a checkpoint, and not with a judge rule's wording or key order", () => {
    expect(scenarioHash({ ...s, prompt: `${s.prompt} ` })).not.toBe(hash);
    expect(scenarioHash({ ...s, checkpoints: s.checkpoints.slice(1) })).not.toBe(hash);
    expect(scenarioHash({ ...s, checkpoints: s.checkpoints.map((c) => ({ ...c, rule: 'reworded' })) })).toBe(hash);
    const reversed = (x: unknown): unknown =>
      Array.isArray(x)
        ? x.map(reversed)
        : x && typeof x === 'object'
          ? Object.fromEntries(
              Object.entries(x)
                .reverse()
                .map(([k, y]) => [k, reversed(y)]),
            )
          : x;
    expect(scenarioHash(reversed(s) as typeof s)).toBe(hash);
  });
});

describe('version history', () => {
  it('accepts a major version listing the current hashes, then minor and patch releases', () => {
    const r = checkVersions(
      file([v('1.0.0', { scenarios: { [key]: hash } }), v('1.1.0'), v('1.1.1')]),
      scenarios,
      '1.1.1',
    );
    expect(texts(r)).toEqual([]);
    expect(r.versions!.current).toBe('1.1.1');
    expect(r.versions!.rows.map((x) => `${x.version} ${x.kind} ${x.changed.join(',')}`)).toEqual([
      '1.1.1 patch ',
      '1.1.0 minor ',
      `1.0.0 major ${key}`,
    ]);
  });

  it('refuses a scenario that changed since the last major version, a skipped version, hashes on a minor one, and a package.json that differs', () => {
    expect(texts(checkVersions(file([v('1.0.0', { scenarios: { [key]: other } })]), scenarios, '1.0.0'))[0]).toMatch(
      new RegExp(`^scenarios/${key}.json: changed since the last major version \\(now ${hash}`),
    );
    expect(texts(checkVersions(file([v('1.0.0', { scenarios: { [key]: hash } }), v('1.2.0')]), scenarios))).toEqual([
      `${VERSIONS_PATH}: versions[1].version: "1.2.0" is not the next major, minor or patch version after "1.0.0"`,
    ]);
    expect(
      texts(
        checkVersions(
          file([v('1.0.0', { scenarios: { [key]: hash } }), v('1.1.0', { scenarios: { [key]: hash } })]),
          scenarios,
        ),
      ),
    ).toEqual([
      `${VERSIONS_PATH}: versions[1].scenarios: only a major version lists scenario hashes (a minor version keeps the previous ones)`,
    ]);
    expect(texts(checkVersions(file([v('1.0.0', { scenarios: { [key]: hash } })]), scenarios, '0.9.0'))[0]).toMatch(
      /^package\.json: version: "0\.9\.0", but the version history's current version is "1\.0\.0"/,
    );
    expect(texts(checkVersions(undefined, scenarios))[0]).toMatch(/^scenarios\/versions\.json: missing/);
  });

  it("checks a record's scenario hash against the version it names", () => {
    const versions = checkVersions(
      file([v('1.0.0', { scenarios: { [key]: other } }), v('2.0.0', { scenarios: { [key]: hash } })]),
      scenarios,
    ).versions!;
    const trial = { revision: s.revision, role: s.role, scenario: s.id };
    expect(
      recordVersionProblems('r.json', { ...trial, benchmarkVersion: '1.0.0', scenarioHash: other }, versions),
    ).toEqual([]);
    expect(
      recordVersionProblems('r.json', { ...trial, benchmarkVersion: '2.0.0', scenarioHash: other }, versions).map(
        formatProblem,
      )[0],
    ).toMatch(/^r\.json: trial\.scenarioHash: sha256:1{64} is not the hash version 2\.0\.0 lists/);
    expect(
      recordVersionProblems('r.json', { ...trial, benchmarkVersion: '9.0.0', scenarioHash: hash }, versions).map(
        formatProblem,
      )[0],
    ).toMatch(/^r\.json: trial\.benchmarkVersion: unknown benchmark version "9\.0\.0"/);
  });
});
