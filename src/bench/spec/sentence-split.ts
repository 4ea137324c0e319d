import type { BlockLine } from './markdown-blocks.ts';

/** A sentence cut out of a block: its text and the source line its first character sits on. */
export interface Sentence {
  text: string;
  line: number;
}

/** A block's lines joined into one string, with where each source line begins in it. */
export interface JoinedText {
  text: string;
  /** Ascending: `starts[k]` is the offset in `text` at which `lines[k]` begins. */
  starts: { offset: number; line: number }[];
}

/**
 * Join a block's lines with single spaces (markdown soft line breaks are spaces) and squash runs of whitespace, so a
 * sentence reads the same however the page was wrapped. The offset map survives the squashing.
 */
export function joinLines(lines: readonly BlockLine[]): JoinedText {
  let text = '';
  const starts: JoinedText['starts'] = [];
  for (const l of lines) {
    const piece = l.text.replace(/\s+/g, ' ').trim();
    if (piece === '') continue;
    if (text !== '') text += ' ';
    starts.push({ offset: text.length, line: l.line });
    text += piece;
  }
  return { text, starts };
}

/** The source line holding offset `at` of a joined text. */
export function lineAt(joined: JoinedText, at: number): number {
  let line = joined.starts[0]?.line ?? 0;
  for (const s of joined.starts) {
    if (s.offset > at) break;
    line = s.line;
  }
  return line;
}

// A sentence ends at . ! or ? (possibly followed by closing brackets, quotes or emphasis markers) when whitespace and
// a capital letter, or markup that opens a sentence (bold, code, a link), follow. Lower-case after a full stop never
// starts a sentence, which keeps "e.g., due to" and "(e.g. HMAC" whole; the two abbreviations are also guarded when a
// capital follows them.
const BOUNDARY = /([.!?])([)"'*_\]]*)\s+(?=[A-Z*`[_"])/g;
const ABBREVIATION = /(?:^|[\s(])(?:e\.g|i\.e)$/;

/** Split a joined block into sentences, each with the line it starts on. */
export function splitSentences(joined: JoinedText): Sentence[] {
  const out: Sentence[] = [];
  let from = 0;
  const push = (end: number) => {
    const raw = joined.text.slice(from, end);
    const lead = raw.length - raw.trimStart().length;
    const text = raw.trim();
    if (text !== '') out.push({ text, line: lineAt(joined, from + lead) });
  };
  for (const m of joined.text.matchAll(BOUNDARY)) {
    const stop = m.index + m[1]!.length + m[2]!.length;
    if (ABBREVIATION.test(joined.text.slice(from, m.index))) continue;
    push(stop);
    from = m.index + m[0].length;
  }
  push(joined.text.length);
  return out;
}
