/**
 * The block walk of the sentence extractor: a spec page's markdown → the prose blocks a sentence can live in, each with
 * the source line of every piece of text, so a sentence can later name the line it starts on.
 *
 * Deliberately not a full CommonMark parser: the spec pages use a small, regular subset (paragraphs, `-`/`1.` lists,
 * pipe tables, fenced code, Mintlify JSX such as `<Note>`), and the pinned TSV was made by a line-based walk of exactly
 * this kind. Anything that is not prose (front matter, code and mermaid fences, link definitions, headings, JSX/HTML
 * tag lines, table separator rows) is skipped and ends the block before it.
 */

/** One source line's contribution to a block: its 1-based line number and its text without marker or indentation. */
export interface BlockLine {
  line: number;
  text: string;
}

/** A unit of prose: a paragraph, one list item (its marker line plus continuation lines) or one table row. */
export interface Block {
  kind: 'paragraph' | 'item' | 'row';
  /** Indentation of a list item's marker (0 for top-level items and for paragraphs/rows): nesting depth, in columns. */
  indent: number;
  lines: BlockLine[];
}

const FENCE = /^\s*(```|~~~)/;
const HEADING = /^\s*#{1,6}\s/;
// A line made only of Mintlify components / HTML tags (`<Note>`, `</Info>`, `<div id="…" />`): layout, never prose.
// A line that merely starts with something tag-like stays prose ("<protocol-version>` HTTP header …" continues a
// code span from the line before).
const TAG_LINE = /^\s*(?:<\/?[A-Za-z][\w.-]*(?:\s[^<>]*)?\/?>\s*)+$/;
const LINK_DEF = /^\s*\[[^\]]+\]:\s+\S/;
const TABLE_ROW = /^\s*\|/;
const TABLE_SEPARATOR = /^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/;
const LIST_ITEM = /^(\s*)(?:[-*+]|\d+[.)])\s+(.*)$/;

/** Split a page into prose blocks. `text` is the whole file; lines are numbered from 1 as in an editor. */
export function markdownBlocks(text: string): Block[] {
  const lines = text.split('\n');
  const blocks: Block[] = [];
  let current: Block | undefined;
  let fence: string | undefined;
  const flush = () => {
    if (current) blocks.push(current);
    current = undefined;
  };
  let start = 0;
  // Front matter only counts at the very top of the file.
  if (lines[0]?.trim() === '---') {
    const end = lines.findIndex((l, i) => i > 0 && l.trim() === '---');
    if (end > 0) start = end + 1;
  }
  for (let i = start; i < lines.length; i++) {
    const raw = lines[i]!.replace(/\r$/, '');
    const line = i + 1;
    if (fence !== undefined) {
      if (raw.trim().startsWith(fence)) fence = undefined;
      continue;
    }
    const f = FENCE.exec(raw);
    if (f) {
      flush();
      fence = f[1]!;
      continue;
    }
    if (raw.trim() === '' || HEADING.test(raw) || TAG_LINE.test(raw) || LINK_DEF.test(raw)) {
      flush();
      continue;
    }
    if (TABLE_ROW.test(raw)) {
      flush();
      if (!TABLE_SEPARATOR.test(raw)) blocks.push({ kind: 'row', indent: 0, lines: [{ line, text: raw.trim() }] });
      continue;
    }
    const item = LIST_ITEM.exec(raw);
    if (item) {
      flush();
      current = { kind: 'item', indent: item[1]!.length, lines: [{ line, text: item[2]!.trim() }] };
      continue;
    }
    if (!current) current = { kind: 'paragraph', indent: 0, lines: [] };
    current.lines.push({ line, text: raw.trim() });
  }
  flush();
  return blocks;
}
