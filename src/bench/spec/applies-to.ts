import type { AppliesToOverride, AppliesToReview } from './applies-to-review.ts';
import { firstKeywordAt } from './keywords.ts';

/** Which party a sentence binds: the `applies_to` column. */
export type AppliesTo = 'server' | 'client' | 'both';

// Parties a sentence can name as its subject. Consumers of icons, applications and hosts are client-side software;
// intermediaries are tagged `server` (they sit on the server side of the wire; see SUMMARY.md §1).
const PARTY = /\b(servers?|clients?|consumers?|applications?|hosts?|intermediar(?:y|ies)|requestors?|receivers?)\b/gi;
const BOTH = /\b(clients? (?:and|or) servers?|servers? (?:and|or) clients?|both parties)\b/i;
const RELATIVE_SUBJECT = /^(?:an? |the )?(?:server|client)s? (?:that|which|who)\b/i;
const PRONOUN = /\b(?:it|they)\s*(?:\*\*)?\s*$/i;

/**
 * The party the text before the first keyword names last ("If the client …, the server **MUST**" → server): the
 * subject of the keyword is usually the closest party to its left. "Clients and servers" and "both parties" are `both`;
 * requestor/receiver are either party. Undefined when no party is named.
 */
export function namedParty(text: string): AppliesTo | undefined {
  const before = text.slice(0, Math.max(0, firstKeywordAt(text)));
  if (BOTH.test(before)) return 'both';
  const parties = [...before.matchAll(PARTY)].map((m) => m[1]!.toLowerCase());
  // "A server that supports clients … MAY", "If the client …, it SHOULD": the subject is the first party named.
  const first = RELATIVE_SUBJECT.test(before) || PRONOUN.test(before);
  const last = first ? parties[0] : parties.at(-1);
  if (last === undefined) return undefined;
  if (last.startsWith('server') || last.startsWith('intermediar')) return 'server';
  if (/^(client|consumer|application|host)/.test(last)) return 'client';
  return 'both';
}

/**
 * `applies_to` of a sentence as reviewed: the hand-reviewed override for its id when there is one, else the party
 * the sentence names, else `fallback` (its page's default). `subject` is the sentence (for a table row: the cell that carries the
 * keyword, so "| … | Client MUST … | Server MUST … |" gives one client and one server row).
 */
export function reviewedAppliesTo(
  review: AppliesToReview,
  fallback: AppliesTo,
  id: string,
  subject: string,
): AppliesTo {
  return overrideFor(review, id)?.appliesTo ?? namedParty(subject) ?? fallback;
}

/** The review entry that overrides `id`, if any. */
export function overrideFor(review: AppliesToReview, id: string): AppliesToOverride | undefined {
  return review.overrides.find((g) => g.ids.includes(id));
}
