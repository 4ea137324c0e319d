import type { Problem } from '../problems.ts';
import type { Revision } from '../schema/common.ts';
import { reviewedAppliesTo, type AppliesTo } from './applies-to.ts';
import { APPLIES_TO_REVIEW, type AppliesToReview } from './applies-to-review.ts';
import { keywordsIn, strongestKeyword, type RawLevel } from './keywords.ts';
import { markdownBlocks, type Block } from './markdown-blocks.ts';
import { SENTENCE_SCOPE, type ScopedFile } from './sentence-scope.ts';
import { joinLines, splitSentences } from './sentence-split.ts';
import { ID_PREFIX } from './tsv.ts';

/** One extracted normative sentence: a row of `<revision>/normative-sentences.tsv`, every column as written. */
export interface ExtractedSentence {
  /** `<yymmdd>-<short>-<line>`, with `a`, `b`, … when several sentences start on one line. */
  id: string;
  /** Path relative to the revision folder. */
  file: string;
  /** Line the sentence starts on (1-based). */
  line: number;
  /** Strongest keyword, unfolded (`MUST NOT` stays `MUST NOT`). */
  level: RawLevel;
  appliesTo: AppliesTo;
  /** The sentence, line breaks joined; a table row for a table cell. */
  sentence: string;
  /** Every keyword in order of appearance, normalized. */
  keywords: RawLevel[];
}

/** A keyword-bearing sentence before it has an id. */
interface Candidate {
  line: number;
  sentence: string;
  keywords: RawLevel[];
  /** The text `applies_to` is read from: the sentence itself, or for a table row the cell with the keyword. */
  subject: string;
}

/** What the extraction of a revision reads besides the text: the committed data unless a test gives its own. */
export interface ExtractionData {
  scope: readonly ScopedFile[];
  review: AppliesToReview;
}

/**
 * Every normative sentence of one revision, in scope order (file, then position in the file). `sources` maps each
 * scoped file's path (relative to the revision folder) to its text; a missing file is a problem, not a silent gap.
 */
export function extractSentences(
  revision: Revision,
  sources: ReadonlyMap<string, string>,
  data: ExtractionData = { scope: SENTENCE_SCOPE[revision], review: APPLIES_TO_REVIEW[revision] },
): { rows: ExtractedSentence[]; problems: Problem[] } {
  const rows: ExtractedSentence[] = [];
  const problems: Problem[] = [];
  for (const scoped of data.scope) {
    const text = sources.get(scoped.file);
    if (text === undefined) {
      problems.push({
        file: `${revision}/${scoped.file}`,
        message: 'spec page in the extractor scope is missing',
        hint: 'run `npm run fetch-spec`, or fix SENTENCE_SCOPE in src/bench/spec/sentence-scope.ts',
      });
      continue;
    }
    const fallback = data.review.defaults[scoped.short];
    if (fallback === undefined) {
      problems.push({
        file: 'src/bench/spec/applies-to-review.ts',
        field: `DEFAULTS["${revision}"]`,
        message: `no applies_to default for page "${scoped.short}" (${scoped.file})`,
        hint: 'add the page with "server", "client" or "both"',
      });
      continue;
    }
    const inScope = fileCandidates(text).filter((c) => inRanges(scoped, c.line));
    rows.push(
      ...withIds(revision, scoped, (id, subject) => reviewedAppliesTo(data.review, fallback, id, subject), inScope),
    );
  }
  return { rows, problems };
}

function inRanges(scoped: ScopedFile, line: number): boolean {
  return !scoped.lines || scoped.lines.some(([from, to]) => line >= from && line <= to);
}

/** Number the candidates: one sentence on a line → `-<line>`; several → `-<line>a`, `-<line>b`, … in order. */
function withIds(
  revision: Revision,
  scoped: ScopedFile,
  appliesTo: (id: string, subject: string) => AppliesTo,
  cands: readonly Candidate[],
): ExtractedSentence[] {
  const perLine = new Map<number, number>();
  for (const c of cands) perLine.set(c.line, (perLine.get(c.line) ?? 0) + 1);
  const seen = new Map<number, number>();
  return cands.map((c) => {
    const k = seen.get(c.line) ?? 0;
    seen.set(c.line, k + 1);
    const suffix = perLine.get(c.line)! > 1 ? String.fromCharCode(97 + k) : '';
    const id = `${ID_PREFIX[revision]}-${scoped.short}-${c.line}${suffix}`;
    const level = strongestKeyword(c.keywords)!;
    return {
      id,
      file: scoped.file,
      line: c.line,
      level,
      appliesTo: appliesTo(id, c.subject),
      sentence: c.sentence,
      keywords: c.keywords,
    };
  });
}

/** All keyword-bearing sentences of one page, in page order. */
function fileCandidates(text: string): Candidate[] {
  const blocks = markdownBlocks(text);
  const out: Candidate[] = [];
  for (let i = 0; i < blocks.length; i++) {
    const block = blocks[i]!;
    if (block.kind === 'row') {
      out.push(...rowCandidates(block));
      continue;
    }
    const sentences = splitSentences(joinLines(block.lines));
    for (const [k, s] of sentences.entries()) {
      const keywords = keywordsIn(s.text);
      if (keywords.length === 0) continue;
      let sentence = s.text;
      if (k === sentences.length - 1 && sentence.endsWith(':')) {
        const absorbed = leadInItems(blocks, i);
        if (absorbed.length > 0) sentence = [sentence, ...absorbed.map((t) => `- ${t}`)].join(' ');
      }
      out.push({ line: s.line, sentence, keywords, subject: sentence });
    }
  }
  return out;
}

/**
 * What a lead-in ("… **MUST**:") at `blocks[at]` absorbs: for each list item right after it (for a list item, only
 * those nested deeper), the item's keyword-free sentences. Sentences with a keyword of their own stay separate rows
 * (they are still walked as blocks), and an item that has nothing else adds nothing.
 */
function leadInItems(blocks: readonly Block[], at: number): string[] {
  const lead = blocks[at]!;
  const out: string[] = [];
  for (let j = at + 1; j < blocks.length; j++) {
    const b = blocks[j]!;
    if (b.kind !== 'item' || (lead.kind === 'item' && b.indent <= lead.indent)) break;
    const plain = splitSentences(joinLines(b.lines)).filter((s) => keywordsIn(s.text).length === 0);
    if (plain.length > 0) out.push(plain.map((s) => s.text).join(' '));
  }
  return out;
}

/** A table row: one candidate per cell that carries a keyword, each quoting the whole row. */
function rowCandidates(block: Block): Candidate[] {
  const { line, text } = block.lines[0]!;
  const row = text.replace(/\s+/g, ' ');
  const cells = row.replace(/^\|/, '').replace(/\|$/, '').split('|');
  return cells.flatMap((cell) => {
    const keywords = keywordsIn(cell);
    return keywords.length > 0 ? [{ line, sentence: row, keywords, subject: cell }] : [];
  });
}
