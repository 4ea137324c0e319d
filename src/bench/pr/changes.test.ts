import { describe, expect, it } from 'vitest';
import { formatProblem } from '../problems.ts';
import { archiveProblems } from './changes.ts';

describe("a pull request and the archived versions' boards", () => {
  it('may add an archive (a version bump), never change or remove one', () => {
    expect(archiveProblems([{ status: 'A', path: 'archive/5.1.0.json' }])).toEqual([]);
    expect(
      archiveProblems([
        { status: 'M', path: 'archive/5.0.0.json' },
        { status: 'D', path: 'archive/4.0.0.json' },
        { status: 'M', path: 'results/x/k1.json' },
      ]).map((p) => formatProblem(p).split('\n')[0]),
    ).toEqual([
      "archive/5.0.0.json: an archived version's boards are changed: archives are never edited",
      "archive/4.0.0.json: an archived version's boards are removed: archives are never edited",
    ]);
  });
});
