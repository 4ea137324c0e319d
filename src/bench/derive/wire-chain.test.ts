import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../canonical-json.ts';
import { parseWireLog, validatedWireLog } from './parse.ts';
import { fixtureLog } from './test-fixtures.ts';
import { chainLines, lineHash, wireJsonl, wireSeal } from './wire-chain.ts';

describe('the wire-log hash chain', () => {
  it('gives every line an h chained from the previous one, the header starting it', () => {
    const log = fixtureLog();
    const lines = wireJsonl(log)
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toHaveLength(log.events.length + 1);
    let prev = '';
    for (const l of lines) {
      const { h, ...rest } = l;
      expect(h).toBe(lineHash(prev, rest));
      expect(h).toMatch(/^[0-9a-f]{16}$/);
      prev = h as string;
    }
    expect(wireSeal(log)).toEqual({ events: log.events.length, head: prev });
  });

  it('is what the reader verifies: the parsed log equals the written one, and its seal is recomputed', () => {
    const log = fixtureLog();
    const parsed = parseWireLog('w.jsonl', wireJsonl(log));
    expect(parsed.problems).toEqual([]);
    expect(parsed.log).toEqual(log);
    expect(parsed.seal).toEqual(wireSeal(log));
    expect(parsed.storedHead).toBe(wireSeal(log).head);
  });

  it('hashes content, not key order or undefined members (what JSON would drop)', () => {
    const a = chainLines([
      { type: 'wire', b: 1, a: 2 },
      { type: 'note', t: 0, text: 'x', x: undefined },
    ]);
    const b = chainLines([
      { a: 2, type: 'wire', b: 1 },
      { text: 'x', t: 0, type: 'note' },
    ]);
    expect(a.seal).toEqual(b.seal);
    expect(chainLines([{ type: 'wire' }, { type: 'note', t: 0, text: 'y' }]).seal.head).not.toBe(a.seal.head);
  });

  it('moves the head when any line changes, and the count when lines go', () => {
    const log = fixtureLog();
    const edited = { ...log, events: log.events.map((e, i) => (i === 3 ? { ...e, t: e.t + 0.1 } : e)) };
    expect(wireSeal(edited).head).not.toBe(wireSeal(log).head);
    expect(wireSeal({ ...log, events: log.events.slice(0, -1) }).events).toBe(log.events.length - 1);
  });
});

describe('canonicalJson', () => {
  it('sorts keys at every level, drops undefined members, writes undefined in arrays as null', () => {
    expect(canonicalJson({ b: [{ d: 1, c: undefined }, undefined], a: 'é' })).toBe('{"a":"é","b":[{"d":1},null]}');
  });

  it('refuses nesting past its limit instead of overflowing the stack', () => {
    let v: unknown = 1;
    for (let i = 0; i < 10_000; i++) v = [v];
    expect(() => canonicalJson(v)).toThrow(/nested deeper than 256 levels/);
  });
});

describe('validatedWireLog (the site reading a log derive validated)', () => {
  it('gives what parseWireLog gives for an intact log, and refuses one whose last h is not the seal', () => {
    const log = fixtureLog();
    const text = wireJsonl(log);
    const seal = wireSeal(log);
    expect(validatedWireLog(text, seal.head)).toEqual({ log: parseWireLog('w', text).log });
    const shorter = text.split('\n').slice(0, -2).join('\n') + '\n';
    expect(validatedWireLog(shorter, seal.head).problem).toMatch(/the record's seal/);
  });
});
