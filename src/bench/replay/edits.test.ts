import { describe, expect, it } from 'vitest';
import { lineDiff, normalizeEdits } from './edits.ts';

describe('normalizeEdits', () => {
  it('reads the current shape {path, edits:[{oldText,newText}]}', () => {
    expect(
      normalizeEdits({
        path: 'a',
        edits: [
          { oldText: 'x', newText: 'y' },
          { oldText: 'p', newText: 'q' },
        ],
      }),
    ).toEqual([
      { oldText: 'x', newText: 'y' },
      { oldText: 'p', newText: 'q' },
    ]);
  });

  it('reads the older shape {path, oldText, newText}', () => {
    expect(normalizeEdits({ path: 'a', oldText: 'x', newText: 'y' })).toEqual([{ oldText: 'x', newText: 'y' }]);
  });

  it('reads edits sent as a JSON string or as a single object, as pi does', () => {
    expect(normalizeEdits({ edits: JSON.stringify([{ oldText: 'a', newText: 'b' }]) })).toEqual([
      { oldText: 'a', newText: 'b' },
    ]);
    expect(normalizeEdits({ edits: { oldText: 'a', newText: 'b' } })).toEqual([{ oldText: 'a', newText: 'b' }]);
  });

  it('returns nothing for arguments with no recognisable edit', () => {
    expect(normalizeEdits({ path: 'a', edits: 'not json' })).toEqual([]);
    expect(normalizeEdits({ path: 'a', edits: [{ oldText: 1 }] })).toEqual([]);
  });
});

describe('lineDiff', () => {
  it('keeps common lines and marks removed and added ones', () => {
    expect(lineDiff('a\nb\nc', 'a\nB\nc\nd')).toEqual([
      { op: ' ', text: 'a' },
      { op: '-', text: 'b' },
      { op: '+', text: 'B' },
      { op: ' ', text: 'c' },
      { op: '+', text: 'd' },
    ]);
  });

  it('diffs identical texts as all context', () => {
    expect(lineDiff('x\ny', 'x\ny').every((l) => l.op === ' ')).toBe(true);
  });

  it('falls back to remove-all/add-all when the texts are too large for the LCS table', () => {
    const a = Array.from({ length: 3000 }, (_, i) => `a${i}`).join('\n');
    const b = Array.from({ length: 3000 }, (_, i) => `b${i}`).join('\n');
    const d = lineDiff(a, b);
    expect(d).toHaveLength(6000);
    expect(d[0]!.op).toBe('-');
    expect(d[5999]!.op).toBe('+');
  });
});
