import { describe, expect, it } from 'vitest';
import { bodyView, hexDump, mediaType } from './body.ts';
import { utf8 } from './fixtures.ts';

describe('bodyView', () => {
  it('pretty-prints a complete JSON body and keeps its media type', () => {
    const v = bodyView(utf8('{"a":[1,2]}'), [['Content-Type', 'application/json; charset=utf-8']]);
    expect(v.kind).toBe('json');
    expect(v.text).toBe('{\n  "a": [\n    1,\n    2\n  ]\n}');
    expect(v.mediaType).toBe('application/json');
    expect(v.bytes).toBe(11);
  });

  it('shows a truncated body as raw text with its true length, never as JSON', () => {
    const v = bodyView(utf8('{"tools":[' + '"x",'.repeat(100) + '"y"]}', 20));
    expect(v.kind).toBe('text');
    expect(v.truncated).toBe(true);
    expect(v.capturedBytes).toBe(20);
    expect(v.bytes).toBeGreaterThan(400);
  });

  it('shows non-JSON text raw, unchanged', () => {
    const v = bodyView(utf8('<html><script>x</script>'));
    expect(v).toMatchObject({ kind: 'text', text: '<html><script>x</script>' });
  });

  it('hex-dumps a base64 body', () => {
    const v = bodyView({ encoding: 'base64', data: btoa('\u0000\u0001AB'), bytes: 4, truncated: false });
    expect(v.kind).toBe('binary');
    expect(v.text).toContain('00 01 41 42');
    expect(v.text).toContain('..AB');
  });

  it('returns an empty view for a missing or empty body', () => {
    expect(bodyView(undefined).kind).toBe('empty');
    expect(bodyView(utf8('')).kind).toBe('empty');
  });

  it('cuts a body longer than the display limit and says how much was shown', () => {
    const v = bodyView(utf8('x'.repeat(50)), undefined, 10);
    expect(v.text).toHaveLength(10);
    expect(v.displayCut).toEqual({ shown: 10, total: 50 });
  });
});

describe('hexDump', () => {
  it('stops at the limit and counts the remaining bytes', () => {
    const out = hexDump(new Uint8Array(40), 16);
    expect(out.split('\n')).toHaveLength(2);
    expect(out).toContain('24 more bytes');
  });
});

describe('mediaType', () => {
  it('finds Content-Type case-insensitively and drops parameters', () => {
    expect(mediaType([['content-TYPE', 'Text/Event-Stream; x=1']])).toBe('text/event-stream');
    expect(mediaType([])).toBeUndefined();
  });
});
