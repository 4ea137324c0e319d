import { describe, expect, it } from 'vitest';
import { depthExceeds, MAX_JSON_DEPTH, parseJsonBounded, stringifyBounded } from './bounded-json.ts';
import { brief } from './jsonrpc.ts';
import { jsonText } from '../errors.ts';

const deep = (n: number) => '['.repeat(n) + ']'.repeat(n);

/** Values of every JSON shape, as judges meet them in messages. */
const SAMPLES: unknown[] = [
  null,
  true,
  false,
  0,
  -0,
  1.5,
  1e21,
  Number.NaN,
  Infinity,
  '',
  'é€😀',
  'a"b\\c\n\u0000\u001f',
  '\ud800 lone',
  [],
  {},
  [1, 'two', null, [3]],
  { a: 1, b: { c: [true] } },
  { u: undefined, f: () => 1, s: 'kept' },
  [undefined, () => 1],
  { toJSON: () => ({ shown: 1 }) },
  JSON.parse('{"jsonrpc":"2.0","id":"x","result":{"content":[{"type":"text","text":"hi"}]}}'),
];

describe('stringifyBounded', () => {
  it('writes exactly JSON.stringify for values that fit', () => {
    for (const v of SAMPLES) expect(stringifyBounded(v, 10_000), JSON.stringify(v)).toBe(JSON.stringify(v));
    expect(stringifyBounded(undefined, 100)).toBeUndefined();
  });

  it('writes a prefix of JSON.stringify, at least `max` long, for values that do not fit', () => {
    const long = [
      { text: 'x'.repeat(5000) },
      'é'.repeat(3000),
      Array.from({ length: 2000 }, (_, i) => ({ i, s: `"${i}"` })),
      '😀'.repeat(500),
    ];
    for (const v of long) {
      for (const max of [1, 10, 121, 999]) {
        const s = stringifyBounded(v, max)!;
        expect(s.length).toBeGreaterThanOrEqual(max);
        expect(JSON.stringify(v).startsWith(s.slice(0, max))).toBe(true);
        expect(s.length).toBeLessThan(max + 20);
      }
    }
  });

  it('stops at a depth instead of overflowing the stack on JSON nested 30,000 deep', () => {
    const v = JSON.parse(deep(30_000)) as unknown;
    expect(() => JSON.stringify(v)).toThrow(RangeError);
    expect(stringifyBounded(v, 200)).toBe(`${'['.repeat(32)}…${']'.repeat(32)}`);
  });
});

describe('brief', () => {
  it('is JSON.stringify cut to 120 characters for ordinary values', () => {
    for (const v of [...SAMPLES, { text: 'y'.repeat(500) }, 'z'.repeat(119), 'z'.repeat(200)]) {
      const s = jsonText(v);
      if (s === undefined) continue;
      expect(brief(v)).toBe(s.length > 120 ? `${s.slice(0, 119)}…` : s);
    }
    expect(brief(undefined)).toBe('nothing');
  });

  it('answers for deep and huge values without throwing', () => {
    expect(() => brief(JSON.parse(deep(30_000)))).not.toThrow();
    expect(brief('q'.repeat(10_000_000)).length).toBe(120);
  });
});

describe('parseJsonBounded', () => {
  it(`parses JSON up to ${MAX_JSON_DEPTH} levels and treats deeper JSON, empty text and garbage as not JSON`, () => {
    expect(parseJsonBounded('{"a":[1]}')).toEqual({ a: [1] });
    expect(parseJsonBounded('null')).toBeNull();
    expect(parseJsonBounded(deep(MAX_JSON_DEPTH))).toBeDefined();
    expect(parseJsonBounded(deep(MAX_JSON_DEPTH + 1))).toBeUndefined();
    expect(parseJsonBounded(deep(30_000))).toBeUndefined();
    expect(parseJsonBounded('  ')).toBeUndefined();
    expect(parseJsonBounded('{"a":')).toBeUndefined();
  });

  it('counts depth without recursion', () => {
    expect(depthExceeds(JSON.parse(deep(200_000)), 128)).toBe(true);
    expect(depthExceeds({ a: [{ b: 1 }] }, 3)).toBe(false);
    expect(depthExceeds({ a: [{ b: {} }] }, 3)).toBe(true);
  });
});
