// Build-time JSON highlighting. The pages use json-tokens.ts, a hand tokeniser of JSON.stringify output that writes
// exactly what shiki writes here (json-tokens.test.ts compares them on every committed JSON body): shiki stays the
// reference, and the fast path is held to it. Both escape every character of a token (`&`, `<`), so this is the only
// trace-derived HTML a page injects with set:html; highlight.test.ts checks that hostile input comes out inert. The
// output carries no inline style: the CSP allows styles only from stylesheets.
import { createHighlighter, type Highlighter, type ShikiTransformer } from 'shiki';
import { HIGHLIGHT_LIMIT, highlightPrettyJson } from '../../bench/replay/json-tokens.ts';

export { HIGHLIGHT_LIMIT };

let highlighter: Promise<Highlighter> | undefined;

/**
 * Token colour pairs of github-light/github-dark for JSON, as short classes (styled in src/styles/replay.css). Shiki writes
 * `style="--shiki-light:#…;--shiki-dark:#…"` on every token and on the <pre>; the CSP (style-src 'self', no
 * 'unsafe-inline') would ignore those, so each known pair becomes its class and every style attribute is dropped (a
 * token of an unknown pair keeps the text colour of its <pre>, whose variables the stylesheet sets).
 */
export const TOKEN_CLASSES: Record<string, string> = {
  '#24292E;#E1E4E8': 'sk0',
  '#005CC5;#79B8FF': 'sk1',
  '#032F62;#9ECBFF': 'sk2',
  '#D73A49;#F97583': 'sk3',
  '#6A737D;#6A737D': 'sk4',
  '#B31D28;#FDAEB7': 'sk5',
  '#22863A;#85E89D': 'sk6',
};

const PAIR = /^--shiki-light:(#[0-9A-Fa-f]{3,8});--shiki-dark:(#[0-9A-Fa-f]{3,8})$/;

/** Shiki's hast, before serialisation: token styles → classes, no style attribute anywhere. */
const classesNotStyles: ShikiTransformer = {
  pre(node) {
    delete node.properties.style;
  },
  span(node) {
    const m = PAIR.exec(String(node.properties.style ?? ''));
    delete node.properties.style;
    const cls = m ? TOKEN_CLASSES[`${m[1]!.toUpperCase()};${m[2]!.toUpperCase()}`] : undefined;
    if (cls) node.properties.class = cls;
  },
};

/**
 * Highlight `JSON.stringify(value, null, 2)` text with both themes as token classes (`sk0`…, CSS variables per
 * theme); the site CSS picks one. Undefined past HIGHLIGHT_LIMIT.
 */
export async function highlightJson(code: string): Promise<string | undefined> {
  if (code.length > HIGHLIGHT_LIMIT) return undefined;
  try {
    return highlightPrettyJson(code);
  } catch {
    // Not the shape json-tokens.ts knows (bodies are always JSON.stringify output; this is for anything else).
    return shikiHighlightJson(code);
  }
}

/** The same through shiki: the reference highlightJson is tested against (any JSON text, no length limit). */
export async function shikiHighlightJson(code: string): Promise<string> {
  highlighter ??= createHighlighter({ themes: ['github-light', 'github-dark'], langs: ['json'] });
  const h = await highlighter;
  return h.codeToHtml(code, {
    lang: 'json',
    themes: { light: 'github-light', dark: 'github-dark' },
    defaultColor: false,
    transformers: [classesNotStyles],
  });
}
