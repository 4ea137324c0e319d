import { describe, expect, it } from 'vitest';
import { wrap } from './wrap.ts';

const unwrap = (lines: string[], first: string, rest: string) =>
  lines.map((l, i) => l.slice(i === 0 ? first.length : rest.length)).join(' ');

describe('wrap', () => {
  const text =
    'A judge reads - the list marker, 1. a numbered one, # a heading, ``` a fence and > a quote mid-sentence; '.repeat(
      6,
    );

  it('gives the text back when the lines are joined with single spaces', () => {
    for (const width of [20, 40, 80, 120]) expect(unwrap(wrap(text, width, '- ', '  '), '- ', '  ')).toBe(text);
  });

  it('never starts a continuation line with a word that would open a list item, heading, fence or quote', () => {
    for (const width of [10, 17, 23, 40, 61, 120]) {
      const rest = wrap(text, width, '- ', '  ')
        .slice(1)
        .map((l) => l.slice(2).split(' ')[0]!);
      expect(rest.filter((w) => /^([-*+]|\d+[.)]|#{1,6}|```.*|>)$/.test(w))).toEqual([]);
    }
  });

  it('keeps lines within the width unless a single word is longer', () => {
    const lines = wrap(`short words then ${'x'.repeat(50)} and more short words to wrap`, 30);
    expect(lines.filter((l) => l.length > 30)).toEqual(['x'.repeat(50)]);
  });
});
