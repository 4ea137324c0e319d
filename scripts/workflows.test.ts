import { readFileSync } from 'node:fs';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';

// The workflows are thin mirrors of npm scripts: every `npm run <name>` they call must exist, and CI must be .ci/run,
// so a renamed script breaks this test here instead of a pull request's checks on GitHub.
const scripts = Object.keys((JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: object }).scripts);
const npmRuns = (text: string): string[] => [...text.matchAll(/npm run (?:-s )?([\w:-]+)/g)].map((m) => m[1]!);

describe('.github/workflows', () => {
  const files = fg.sync('.github/workflows/*.yml');

  it('call only npm scripts package.json defines', () => {
    expect(files.length).toBeGreaterThanOrEqual(2);
    const missing = files.flatMap((f) => npmRuns(readFileSync(f, 'utf8')).filter((s) => !scripts.includes(s)));
    expect(missing).toEqual([]);
  });

  it('run CI through .ci/run, and the preview through check, verify, build and pr-report', () => {
    expect(readFileSync('.github/workflows/ci.yml', 'utf8')).toContain('bash .ci/run');
    const preview = readFileSync('.github/workflows/preview.yml', 'utf8');
    expect(npmRuns(preview)).toEqual(['check', 'verify', 'build', 'pr-report']);
  });

  it('finds a script a workflow names that package.json lacks (the check itself can fail)', () => {
    expect(npmRuns('run: npm run -s no-such-script && npm run build').filter((s) => !scripts.includes(s))).toEqual([
      'no-such-script',
    ]);
  });
});
