import { describe, expect, it } from 'vitest';
import { serializeDataset } from '../bench/derive/derive.ts';
import { BenchError } from '../bench/problems.ts';
import { syntheticDataset } from '../testing/synthetic-dataset.ts';
import { parseDataset } from './data.ts';

const FILE = '/p/generated/dataset.json';
const good = serializeDataset(syntheticDataset({ seed: 3, subjects: 2 }));
/** The data set's text with one change. */
const edit = (change: (x: Record<string, any>) => void): string => {
  const x = JSON.parse(good);
  change(x);
  return JSON.stringify(x);
};
const refusal = (text: string): BenchError => {
  try {
    parseDataset(FILE, text);
  } catch (e) {
    if (e instanceof BenchError) return e;
    throw e;
  }
  throw new Error('parseDataset accepted a bad data set');
};

describe('the site loading its data set', () => {
  it('takes what derive wrote, unchanged', () => {
    expect(serializeDataset(parseDataset(FILE, good))).toBe(good);
  });

  it('refuses a data set that breaks the contract, path-first, with the fix', () => {
    const e = refusal(
      edit((x) => {
        x.trials[1].score = { score: 'high' };
        x.stats.counts.trials = -1;
      }),
    );
    expect(e.message).toBe(
      [
        `${FILE}: trials[1].score.score: Invalid input: expected number, received string`,
        `${FILE}: trials[1].score.mustFailed: Invalid input: expected array, received undefined`,
        `${FILE}: trials[1].score.consequences: Invalid input: expected array, received undefined`,
        `${FILE}: trials[1].score.should: Invalid input: expected object, received undefined`,
        `${FILE}: trials[1].score.may: Invalid input: expected object, received undefined`,
        `${FILE}: stats.counts.trials: Too small: expected number to be >=0`,
        '  hint: re-run `npm run derive` (npm run build does it first); if it still does not match, derive and src/bench/schema/dataset.ts disagree: fix the one that is wrong',
      ].join('\n'),
    );
    expect(e.problems.map((p) => p.field)).toEqual([
      'trials[1].score.score',
      'trials[1].score.mustFailed',
      'trials[1].score.consequences',
      'trials[1].score.should',
      'trials[1].score.may',
      'stats.counts.trials',
    ]);
  });

  it('names a wrong format tag and invalid JSON before anything else', () => {
    expect(refusal(edit((x) => (x.format = 'mcpfs.dataset/0'))).message).toBe(
      `${FILE}: format: expected "mcpfs.dataset/3", got "mcpfs.dataset/0"\n  hint: re-run \`npm run derive\``,
    );
    expect(refusal(good.slice(0, 100)).message).toMatch(
      new RegExp(`^${FILE}: invalid JSON: .*\\n  hint: re-run \`npm run derive\``),
    );
  });

  it('lists at most 20 problems and says how many more there are', () => {
    const e = refusal(edit((x) => x.trials.forEach((t: Record<string, unknown>) => (t.durationMs = -1))));
    expect(e.problems.length).toBeGreaterThan(20);
    const lines = e.message.split('\n');
    expect(lines.filter((l) => l.startsWith(`${FILE}: trials[`))).toHaveLength(20);
    expect(e.message).toContain(`… and ${e.problems.length - 20} more`);
  });
});
