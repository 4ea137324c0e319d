// The code of an .astro file, for the walls test's "pages only present" rule: its frontmatter and its template's
// `{…}` expressions, with the text of strings, comments, regexes and JSX blanked so prose ("passed / applicable"),
// CSS (`.85rem/1.4`) and regexes (`/a-z/g`) do not read as arithmetic. A lint, not a parser: it may miss code in an
// odd spot, but what it reports is code.

/**
 * Code from `src[from]` on, with string and comment contents blanked and regex literals replaced by `RE` (template
 * literals keep their `${…}` expressions), up to the end or, with `close`, the first unmatched `}`.
 */
export function blankCode(src: string, from = 0, close = false): { code: string; end: number } {
  let out = '';
  const open: number[] = []; // brace depth at each open `${`
  let depth = 0;
  let i = from;
  for (; i < src.length; i++) {
    const c = src[i]!;
    const prev = out.trimEnd().slice(-1);
    if (c === '/' && src[i + 1] === '/') {
      while (i < src.length && src[i] !== '\n') i++;
      out += '\n';
      continue;
    }
    if (c === '/' && src[i + 1] === '*') {
      i = src.indexOf('*/', i + 2);
      if (i < 0) break;
      i++;
      out += ' ';
      continue;
    }
    // A regex starts where a value cannot end; `/>` closes a JSX tag (and `</` follows `<`, not in the list).
    if (c === '/' && src[i + 1] !== '>' && (prev === '' || '(,=:[!&|?{};'.includes(prev) || /\breturn$/.test(out))) {
      let cls = false;
      for (i++; i < src.length && (cls || src[i] !== '/'); i++) {
        if (src[i] === '\\') i++;
        else if (src[i] === '[') cls = true;
        else if (src[i] === ']') cls = false;
      }
      while (/[a-z]/.test(src[i + 1] ?? '')) i++;
      out += 'RE';
      continue;
    }
    if (c === "'" || c === '"') {
      for (i++; i < src.length && src[i] !== c && src[i] !== '\n'; i++) if (src[i] === '\\') i++;
      out += "''";
      continue;
    }
    // A template literal's text, from its start or from the `}` that closes one of its `${`, to its end or next `${`.
    if (c === '`' || (c === '}' && open.length > 0 && open[open.length - 1] === depth)) {
      if (c === '}') open.pop();
      out += c;
      for (i++; i < src.length && src[i] !== '`'; i++) {
        if (src[i] === '\\') i++;
        else if (src[i] === '$' && src[i + 1] === '{') {
          open.push(depth);
          i++;
          break;
        }
      }
      out += src[i] === '`' ? '`' : '${';
      continue;
    }
    if (c === '{') depth++;
    if (c === '}' && --depth < 0 && close) break;
    out += c;
  }
  return { code: out, end: i };
}

/** An .astro file's code: its frontmatter and every `{…}` expression of its template (not <style>, <script> or text). */
export function astroCode(text: string): string {
  const m = /^---\n([\s\S]*?)\n---\n/.exec(text);
  const template = (m ? text.slice(m[0].length) : text).replace(/<(style|script)\b[\s\S]*?<\/\1>|<!--[\s\S]*?-->/g, '');
  const exprs: string[] = [];
  for (let i = template.indexOf('{'); i >= 0; i = template.indexOf('{', i + 1)) {
    const e = blankCode(template, i + 1, true);
    // JSX text inside an expression (`<p>a / b: {x}</p>`): after a tag's `>` (one that closes `<p`, `<a href={x}`,
    // `class=''`, `/` or `<`: not `=>` or a spaced `a > 0`) up to a tag or `{`, and after a `}` up to a closing tag.
    exprs.push(e.code.replace(/(?<=[\w'"}/<])>[^<>{}]*(?=[<{])/g, '>').replace(/\}[^<>{}]*(?=<\/)/g, '}'));
    i = e.end;
  }
  return [blankCode(m?.[1] ?? '').code, ...exprs].join('\n');
}

/**
 * What an .astro file may not compute (derive computes statistics, src/site/format.ts formats numbers). Testing a
 * list for emptiness, indexing (`page - 1`) and string building stay allowed.
 */
export const STATISTIC_RULES: readonly [RegExp, string][] = [
  [/\.reduce\(/, 'a sum or fold (.reduce)'],
  [/\bMath\./, 'Math.* (rounding, min, max)'],
  [/\)\.(length|size)\b(?!\s*(?:>|===|!==)\s*0\b)/, 'a count of a computed list ((…).length)'],
  [/\bnew Set\(/, 'a distinct count (new Set)'],
  [/[\w)\]]\s*[*/%]\s*[\w(]/, 'multiplication, division or remainder'],
  [/[\w)\]]\s+[-+]\s+[A-Za-z_$(]/, 'a sum or difference of two values'],
  [/\bDate\.(parse|now)\b|\bnew Date\(/, 'date arithmetic'],
  [/\.(toFixed|toLocaleString|toPrecision)\(/, 'number formatting outside src/site/format.ts'],
];

/** Each statistic an .astro file's text computes, as `<what>: <code around it>`. */
export function statisticsIn(text: string): string[] {
  const code = astroCode(text);
  return STATISTIC_RULES.flatMap(([re, what]) =>
    [...code.matchAll(new RegExp(re.source, 'g'))].map(
      (m) =>
        `${what}: ${code
          .slice(Math.max(0, m.index - 30), m.index + 30)
          .replace(/\s+/g, ' ')
          .trim()}`,
    ),
  );
}
