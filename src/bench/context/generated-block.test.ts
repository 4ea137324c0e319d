import { describe, expect, it } from 'vitest';
import { BenchError, formatProblem } from '../problems.ts';
import { DEVIATIONS_MARKERS as M, generatedBlock, spliceBlock, withoutMarkers } from './generated-block.ts';

const doc = ['# Title', '', 'hand-written', M.begin, 'old', 'lines', M.end, '', 'after'].join('\n');
const problemsOf = (f: () => unknown): string[] => {
  try {
    f();
  } catch (e) {
    if (e instanceof BenchError) return e.problems.map(formatProblem);
    throw e;
  }
  return [];
};

describe('the generated block of a markdown file', () => {
  it('is replaced between its markers, everything else kept byte for byte', () => {
    const out = spliceBlock('CONTEXT.md', doc, 'new\nblock\n');
    expect(out).toBe(['# Title', '', 'hand-written', M.begin, 'new', 'block', M.end, '', 'after'].join('\n'));
    expect(generatedBlock('CONTEXT.md', out)).toBe('new\nblock');
    expect(spliceBlock('CONTEXT.md', out, 'new\nblock')).toBe(out);
  });

  it('is refused, path-first with a hint, when a marker is missing, repeated or out of order', () => {
    const hint = `  hint: put the generated block between the lines ${M.begin} and ${M.end}, each on a line of its own, once`;
    expect(problemsOf(() => spliceBlock('CONTEXT.md', '# no markers', 'x'))).toEqual([
      `CONTEXT.md: no line ${M.begin}\n${hint}`,
    ]);
    expect(problemsOf(() => generatedBlock('CONTEXT.md', `${M.begin}\n${M.begin}\n${M.end}`))).toEqual([
      `CONTEXT.md: the line ${M.begin} appears 2 times\n${hint}`,
    ]);
    expect(problemsOf(() => generatedBlock('CONTEXT.md', `${M.end}\n${M.begin}`))).toEqual([
      `CONTEXT.md: no line ${M.end} after ${M.begin}\n${hint}`,
    ]);
  });

  it('loses only its marker lines when rendered', () => {
    expect(withoutMarkers(doc)).toBe(['# Title', '', 'hand-written', 'old', 'lines', '', 'after'].join('\n'));
  });
});
