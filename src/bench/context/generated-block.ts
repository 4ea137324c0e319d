// The generated part of a hand-written markdown file: the text between two marker lines, replaced as a whole by the
// command named in the first marker and checked by a test, so it is never edited by hand.
import { BenchError } from '../problems.ts';

/** A generated block: its marker lines and what regenerates it. */
export interface BlockMarkers {
  begin: string;
  end: string;
}

/** CONTEXT.md's deviations section, written by `npm run context`. */
export const DEVIATIONS_MARKERS: BlockMarkers = {
  begin: '<!-- generated: deviations (npm run context) -->',
  end: '<!-- end generated -->',
};

const lines = (text: string) => text.replace(/\r\n/g, '\n').split('\n');

/** Line indexes of the two markers, or a path-first problem naming the one that is missing or repeated. */
function locate(file: string, text: string, m: BlockMarkers): { begin: number; end: number } {
  const ls = lines(text);
  const at = (marker: string) => ls.flatMap((l, i) => (l.trim() === marker ? [i] : []));
  const [b, e] = [at(m.begin), at(m.end)];
  const problem = (message: string) =>
    new BenchError([
      {
        file,
        message,
        hint: `put the generated block between the lines ${m.begin} and ${m.end}, each on a line of its own, once`,
      },
    ]);
  if (b.length !== 1) throw problem(b.length ? `the line ${m.begin} appears ${b.length} times` : `no line ${m.begin}`);
  const end = e.find((i) => i > b[0]!);
  if (end === undefined || e.length !== 1)
    throw problem(e.length > 1 ? `the line ${m.end} appears ${e.length} times` : `no line ${m.end} after ${m.begin}`);
  return { begin: b[0]!, end };
}

/** The text between the markers (without them), as it is in `text`. Throws a BenchError when the markers are wrong. */
export function generatedBlock(file: string, text: string, m: BlockMarkers = DEVIATIONS_MARKERS): string {
  const { begin, end } = locate(file, text, m);
  return lines(text)
    .slice(begin + 1, end)
    .join('\n');
}

/** `text` with the block between the markers replaced by `block` (markers kept, everything else byte for byte). */
export function spliceBlock(file: string, text: string, block: string, m: BlockMarkers = DEVIATIONS_MARKERS): string {
  const { begin, end } = locate(file, text, m);
  const ls = lines(text);
  return [...ls.slice(0, begin + 1), ...lines(block.replace(/\n+$/, '')), ...ls.slice(end)].join('\n');
}

/** `text` without its marker lines: what a page renders (HTML comments are not content). */
export function withoutMarkers(text: string, m: BlockMarkers = DEVIATIONS_MARKERS): string {
  return lines(text)
    .filter((l) => l.trim() !== m.begin && l.trim() !== m.end)
    .join('\n');
}
