// Build-time JSON highlighting. Shiki escapes the code it is given (every character of a token goes through its HTML
// escaper), so its output is the only trace-derived HTML a page injects with set:html; highlight.test.ts checks that
// hostile input comes out inert.
import { createHighlighter, type Highlighter } from 'shiki';

let highlighter: Promise<Highlighter> | undefined;

/** Bodies longer than this are shown raw: tokenising them costs more build time than the colours are worth. */
export const HIGHLIGHT_LIMIT = 20_000;

/**
 * Token colour pairs of github-light/github-dark for JSON, as short classes (styled in ReplayStyle.astro). Shiki writes
 * `style="--shiki-light:#…;--shiki-dark:#…"` on every token; on a page of a hundred exchanges that is most of the
 * bytes. Only exact matches of these pairs are rewritten; any other pair keeps its inline style.
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

function compact(html: string): string {
  return html.replace(/<span style="--shiki-light:(#[0-9A-Fa-f]{3,8});--shiki-dark:(#[0-9A-Fa-f]{3,8})">/g, (m, l: string, d: string) => {
    const cls = TOKEN_CLASSES[`${l.toUpperCase()};${d.toUpperCase()}`];
    return cls ? `<span class="${cls}">` : m;
  });
}

/** Highlight JSON text with both themes as CSS variables (`--shiki-light`/`--shiki-dark`); the site CSS picks one. */
export async function highlightJson(code: string): Promise<string | undefined> {
  if (code.length > HIGHLIGHT_LIMIT) return undefined;
  highlighter ??= createHighlighter({ themes: ['github-light', 'github-dark'], langs: ['json'] });
  const h = await highlighter;
  return compact(h.codeToHtml(code, { lang: 'json', themes: { light: 'github-light', dark: 'github-dark' }, defaultColor: false }));
}
