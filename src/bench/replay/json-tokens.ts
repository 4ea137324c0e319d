// JSON highlighting by hand, producing byte for byte the HTML that shiki (github-light/github-dark, token styles as
// classes: src/components/replay/highlight.ts) produces for the text it is given here: `JSON.stringify(value, null,
// 2)`, which has one shape only (no comments, no trailing spaces, valid escapes). Shiki's TextMate tokenizer was a
// third of the site build's CPU (profile in CONTEXT.md, "Performance at leaderboard scale");
// src/components/replay/json-tokens.test.ts checks equality with shiki on every JSON body of the committed wire logs
// and on hostile strings, so a difference fails a test, not a reader. Pure: the site's replay and the prober's HTML
// report (src/bench/report/replay-html.ts) both highlight with it.
//
// What shiki does, reproduced: each line is tokenised alone; a token's colour pair names its class (punctuation and
// whitespace `sk0`, property names and their escapes, numbers and literals `sk1`, string values `sk2`, escapes inside
// them `sk1`); adjacent tokens of one colour merge (TextMate's own merging); then a whitespace-only token merges into
// the token after it (shiki's mergeWhitespaces). Text is escaped as hast-util-to-html escapes it: `&` and `<` only.

type Cls = 'sk0' | 'sk1' | 'sk2';
interface Token {
  text: string;
  cls: Cls;
}

/** Bodies longer than this are shown raw: tokenising them costs more build time than the colours are worth. */
export const HIGHLIGHT_LIMIT = 20_000;

const escapeText = (s: string) => s.replace(/&/g, '&#x26;').replace(/</g, '&#x3C;');
const ESCAPE = /\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4})/y;
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const SPACE = /[ \t]+/y;

/** The string starting at `i` (a `"`): its end (index after the closing quote) and its parts (text or escape). */
function stringAt(line: string, i: number): { end: number; parts: Token[] } {
  const parts: Token[] = [{ text: '"', cls: 'sk2' }];
  let j = i + 1;
  while (j < line.length && line[j] !== '"') {
    if (line[j] === '\\') {
      ESCAPE.lastIndex = j;
      const m = ESCAPE.exec(line);
      if (!m) throw new Error(`json-tokens: not JSON.stringify output: bad escape at ${j}`);
      parts.push({ text: m[0], cls: 'sk1' });
      j += m[0].length;
    } else {
      const k = line.slice(j).search(/["\\]/);
      const end = k < 0 ? line.length : j + k;
      parts.push({ text: line.slice(j, end), cls: 'sk2' });
      j = end;
    }
  }
  if (j >= line.length) throw new Error('json-tokens: not JSON.stringify output: unterminated string');
  parts.push({ text: '"', cls: 'sk2' });
  return { end: j + 1, parts };
}

/** One line's tokens before merging. */
function lineTokens(line: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < line.length) {
    const c = line[i]!;
    if (c === ' ' || c === '\t') {
      SPACE.lastIndex = i;
      const m = SPACE.exec(line)!;
      out.push({ text: m[0], cls: 'sk0' });
      i += m[0].length;
    } else if ('{}[],:'.includes(c)) {
      out.push({ text: c, cls: 'sk0' });
      i++;
    } else if (c === '"') {
      const s = stringAt(line, i);
      // A property name (a string followed by its colon) is one colour, escapes included.
      if (line[s.end] === ':') out.push({ text: line.slice(i, s.end), cls: 'sk1' });
      else out.push(...s.parts);
      i = s.end;
    } else {
      const lit = ['true', 'false', 'null'].find((w) => line.startsWith(w, i));
      NUMBER.lastIndex = i;
      const text = lit ?? NUMBER.exec(line)?.[0];
      if (!text) throw new Error(`json-tokens: not JSON.stringify output: unexpected ${JSON.stringify(c)}`);
      out.push({ text, cls: 'sk1' });
      i += text.length;
    }
  }
  return out;
}

/** Merge as shiki does: same colour neighbours first, then whitespace-only tokens into the token after them. */
function merged(tokens: Token[]): Token[] {
  const same: Token[] = [];
  for (const t of tokens) {
    const last = same.at(-1);
    if (last && last.cls === t.cls) last.text += t.text;
    else same.push({ ...t });
  }
  const out: Token[] = [];
  let carry = '';
  same.forEach((t, i) => {
    if (/^\s+$/.test(t.text) && same[i + 1]) carry += t.text;
    else {
      out.push(carry ? { text: carry + t.text, cls: t.cls } : t);
      carry = '';
    }
  });
  return out;
}

/** `JSON.stringify(value, null, 2)` as highlighted HTML, identical to highlight.ts's shiki output for the same text. */
export function highlightPrettyJson(code: string): string {
  const lines = code.split('\n').map(
    (line) =>
      `<span class="line">${merged(lineTokens(line))
        .map((t) => `<span class="${t.cls}">${escapeText(t.text)}</span>`)
        .join('')}</span>`,
  );
  return `<pre class="shiki shiki-themes github-light github-dark" tabindex="0"><code>${lines.join('\n')}</code></pre>`;
}
