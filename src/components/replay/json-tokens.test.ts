import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';
import { HOSTILE, HOSTILE_TEXT } from '../../bench/replay/fixtures.ts';
import { XSS_PAYLOADS } from '../../testing/xss-payloads.ts';
import { HIGHLIGHT_LIMIT, shikiHighlightJson } from './highlight.ts';
import { highlightPrettyJson } from '../../bench/replay/json-tokens.ts';

/** Every JSON body and SSE data of the committed wire logs, pretty-printed as the replay shows them. */
function committedBodies(): string[] {
  const out = new Set<string>();
  for (const f of fg.sync('results/**/*.wire.jsonl')) {
    for (const line of readFileSync(join(process.cwd(), f), 'utf8').split('\n')) {
      if (!line) continue;
      const e = JSON.parse(line) as { body?: { encoding?: string; data?: string }; data?: unknown };
      for (const text of [e.body?.encoding === 'utf8' ? e.body.data : undefined, e.data]) {
        if (typeof text !== 'string') continue;
        try {
          const pretty = JSON.stringify(JSON.parse(text), null, 2);
          if (pretty.length <= HIGHLIGHT_LIMIT) out.add(pretty);
        } catch {
          // not JSON: shown raw, never highlighted
        }
      }
    }
  }
  return [...out];
}

const crafted: unknown[] = [
  { a: HOSTILE_TEXT, [HOSTILE.script]: [HOSTILE.pre, HOSTILE.handler, HOSTILE.js] },
  ...XSS_PAYLOADS.map((p) => ({ [p.text]: p.text, list: [p.text, 1] })),
  { 'k"q\\': { '': [] }, e: {}, s: 'a\nb\t\u0001\u001f', only: '\n \n', sp: ' ', ws: '  \t ' },
  { n: [0, -0, 1e21, -2.5e-7, 123456789.125, Number.MAX_SAFE_INTEGER], t: true, f: false, z: null },
  { surrogate: '\ud800', pair: '😀', ls: '\u2028\u2029', nbsp: '\u00a0x', amp: '&amp;<', gt: '>' },
  'just a string',
  42,
  null,
  [],
  [[[]], [{}], ''],
];

describe('the JSON highlighter', () => {
  it('writes what shiki writes, byte for byte, on every JSON body of the committed wire logs', async () => {
    const bodies = committedBodies();
    expect(bodies.length).toBeGreaterThan(500);
    const differ: string[] = [];
    for (const code of bodies) if (highlightPrettyJson(code) !== (await shikiHighlightJson(code))) differ.push(code);
    expect(differ.length, `${differ.length} of ${bodies.length} differ; first: ${differ[0]?.slice(0, 300)}`).toBe(0);
  });

  it('writes what shiki writes on hostile, escaped, unicode and edge-case values', async () => {
    for (const v of crafted) {
      const code = JSON.stringify(v, null, 2);
      expect(highlightPrettyJson(code), code).toBe(await shikiHighlightJson(code));
    }
  });

  it('refuses text that is not JSON.stringify output instead of guessing', () => {
    expect(() => highlightPrettyJson('{ "a": 1 /* c */ }')).toThrow(/not JSON\.stringify output/);
    expect(() => highlightPrettyJson('"open')).toThrow(/unterminated string/);
  });
});
