import type { Level } from '../schema/common.ts';
import { foldLevel } from './tsv.ts';

/**
 * BCP 14 (RFC 2119 + RFC 8174) keywords as the sentence extractor reads them: only in upper case (RFC 8174: lower-case
 * "may" is ordinary English), bold or plain, each normalized to the five forms the TSV's `level` and `keywords` columns
 * use.
 */

/** A keyword as the TSV writes it. */
export type RawLevel = 'MUST' | 'MUST NOT' | 'SHOULD' | 'SHOULD NOT' | 'MAY';

// Longest first, so "MUST NOT" is not read as "MUST"; `\b` keeps "MAYBE" or "MUSTARD" out. Bold markup is not part
// of the match, so "**MUST NOT**" and a table's plain "MUST NOT" read the same.
const KEYWORD =
  /\b(MUST NOT|SHALL NOT|SHOULD NOT|NOT RECOMMENDED|MUST|SHALL|SHOULD|REQUIRED|RECOMMENDED|MAY|OPTIONAL)\b/g;

/** Offset of the first keyword in `text`, or -1. */
export function firstKeywordAt(text: string): number {
  return text.search(KEYWORD);
}

const NORMALIZED: Record<string, RawLevel> = {
  MUST: 'MUST',
  'MUST NOT': 'MUST NOT',
  SHALL: 'MUST',
  'SHALL NOT': 'MUST NOT',
  REQUIRED: 'MUST',
  SHOULD: 'SHOULD',
  'SHOULD NOT': 'SHOULD NOT',
  RECOMMENDED: 'SHOULD',
  'NOT RECOMMENDED': 'SHOULD NOT',
  MAY: 'MAY',
  OPTIONAL: 'MAY',
};

/** Every keyword in `text`, normalized, in order of appearance. */
export function keywordsIn(text: string): RawLevel[] {
  return [...text.matchAll(KEYWORD)].map((m) => NORMALIZED[m[1]!]!);
}

const STRENGTH: Record<Level, number> = { MUST: 3, SHOULD: 2, MAY: 1 };
const strength = (k: RawLevel): number => STRENGTH[foldLevel(k)!];

/**
 * The strongest keyword; on a tie (MUST vs MUST NOT) the first one written wins, so "MUST …; that is, it MUST NOT …"
 * is a MUST sentence. Undefined when there is none.
 */
export function strongestKeyword(keywords: readonly RawLevel[]): RawLevel | undefined {
  let best: RawLevel | undefined;
  for (const k of keywords) if (!best || strength(k) > strength(best)) best = k;
  return best;
}
