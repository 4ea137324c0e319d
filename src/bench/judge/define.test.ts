import { describe, expect, it } from 'vitest';
import { collectJudges, judge, slugOf } from './define.ts';
import { pass, type Judge } from './types.ts';

const ok: Judge = () => pass('ok');

describe('judge() and collectJudges()', () => {
  it('collects the judges a module names by slug, and nothing else it exports', () => {
    const a = judge('a-slug', ok);
    const mod = { a, helper: (x: number) => x + 1, plain: ok, LIMIT: 3 };
    expect(collectJudges(mod)).toEqual({ 'a-slug': a });
  });

  it('returns a callable judge that decides as the function it names', () => {
    const a = judge('a-slug', ok);
    expect(a({} as never)).toEqual(pass('ok'));
    expect(slugOf(a)).toBe('a-slug');
    expect(slugOf(ok)).toBeUndefined();
  });

  it('registers one function under two slugs, and the same judge exported twice once', () => {
    const a = judge('first', ok);
    const b = judge('second', a);
    expect(Object.keys(collectJudges({ a, b }, { again: a }))).toEqual(['first', 'second']);
  });

  it('throws when two different judges claim one slug (a defect of the benchmark)', () => {
    expect(() => collectJudges({ a: judge('same', ok) }, { b: judge('same', ok) })).toThrow(
      'two judges registered for checkpoint "same"',
    );
  });
});
