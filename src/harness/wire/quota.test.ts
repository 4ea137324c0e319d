import { describe, expect, it } from 'vitest';
import { Allowance, jsonSurplus } from './quota.ts';
import { WireRecorder } from './recorder.ts';

describe('jsonSurplus', () => {
  it('is exactly what JSON.stringify adds to a string, quotes aside', () => {
    for (const s of [
      '',
      'plain',
      'a"b\\c',
      '\u0000\u0001\u001f',
      '\b\t\n\f\r',
      'é€😀',
      '\ud800',
      'x\udc00y',
      '\ud83d\ude00\ud83d',
      '\u007f\u2028',
    ]) {
      expect(jsonSurplus(s), JSON.stringify(s)).toBe(JSON.stringify(s).length - s.length - 2);
    }
  });
});

describe('Allowance', () => {
  it('grants up to its limit and records one truncated event the first time it falls short', () => {
    const rec = new WireRecorder('prober');
    const a = new Allowance(rec, 'trial-bytes', 10, 'bytes');
    expect([a.take(6), a.take(6, 3), a.take(1), a.spent]).toEqual([6, 4, 0, true]);
    expect(rec.events).toEqual([
      expect.objectContaining({
        type: 'truncated',
        x: 3,
        cap: 'trial-bytes',
        limit: 10,
        text: 'cap of 10 bytes reached: the rest was not recorded',
      }),
    ]);
  });
});

describe('WireRecorder.body', () => {
  it('keeps text with control characters as base64, so a body cannot grow the log sixfold', () => {
    const rec = new WireRecorder('prober');
    expect(rec.body(Buffer.from('{"a":"\tb\r\n"}')).encoding).toBe('utf8');
    const b = rec.body(Buffer.alloc(3000, 0x01));
    expect(b.encoding).toBe('base64');
    expect(JSON.stringify(b).length).toBeLessThan(4200);
  });
});
