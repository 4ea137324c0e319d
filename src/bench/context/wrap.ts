// Line wrapping for generated markdown that src/bench/report/markdown.ts (blockMd) and GitHub both read back to the same text:
// lines are broken at single spaces only, and no continuation line may start like a list item, heading or fence,
// which would open a new block.

/** A word that, at the start of a line, would open a block instead of continuing one. */
const OPENS_BLOCK = /^([-*+]|\d+[.)]|#{1,6}|```.*|>)$/;

/**
 * `text` as lines of at most `width` characters (a longer word stands alone): the first starts with `first`, the rest
 * with `rest`. Joining the lines with single spaces, after trimming the prefixes, gives `text` back.
 */
export function wrap(text: string, width: number, first = '', rest = first): string[] {
  const words = text.split(' ');
  const lines: string[] = [];
  let line = first + words[0]!;
  for (const word of words.slice(1)) {
    if (line.length + 1 + word.length <= width || word === '' || OPENS_BLOCK.test(word)) line += ` ${word}`;
    else {
      lines.push(line);
      line = rest + word;
    }
  }
  lines.push(line);
  return lines;
}
