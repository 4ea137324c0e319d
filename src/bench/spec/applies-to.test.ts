import { describe, expect, it } from 'vitest';
import { REVISIONS } from '../schema/common.ts';
import { namedParty, reviewedAppliesTo } from './applies-to.ts';
import { APPLIES_TO_REVIEW } from './applies-to-review.ts';
import { SENTENCE_SCOPE } from './sentence-scope.ts';
import { ID_PREFIX } from './tsv.ts';

describe('namedParty', () => {
  it.each([
    ['The server **MUST** answer.', 'server'],
    ['If the client sends it, the server **MUST** answer.', 'server'],
    ['If the server answers, clients **SHOULD** retry.', 'client'],
    ['Clients and servers **MUST** agree.', 'both'],
    ['Both parties **MUST** agree.', 'both'],
    ['Receivers **MAY** ignore it.', 'both'],
    ['Consumers of icons **MUST** be careful.', 'client'],
    ['Intermediaries **SHOULD** verify it.', 'server'],
    ['If the client does not support the server version, it **SHOULD** disconnect.', 'client'],
    ['A server that supports old clients **MAY** do so.', 'server'],
    ['| Case | Client MUST send it |', 'client'],
  ] as const)('%s → %s', (text, party) => {
    expect(namedParty(text)).toBe(party);
  });

  it('reads only the text before the first keyword, and names nobody when no party is there', () => {
    expect(namedParty('The body **MUST** reach the server.')).toBeUndefined();
    expect(namedParty('Plain text about servers.')).toBeUndefined();
  });
});

describe('reviewedAppliesTo', () => {
  const review = { defaults: {}, overrides: [{ appliesTo: 'client' as const, why: 'test', ids: ['251125-p-1'] }] };

  it('prefers the override, then the named party, then the fallback', () => {
    expect(reviewedAppliesTo(review, 'both', '251125-p-1', 'The server **MUST** x.')).toBe('client');
    expect(reviewedAppliesTo(review, 'both', '251125-p-2', 'The server **MUST** x.')).toBe('server');
    expect(reviewedAppliesTo(review, 'server', '251125-p-2', 'The body **MUST** x.')).toBe('server');
  });
});

describe('the committed applies_to review', () => {
  it.each(REVISIONS)('%s: has a default for exactly the scoped pages, whose short names are unique', (rev) => {
    const shorts = SENTENCE_SCOPE[rev].map((f) => f.short);
    expect(new Set(shorts).size).toBe(shorts.length);
    expect(Object.keys(APPLIES_TO_REVIEW[rev].defaults).sort()).toEqual([...shorts].sort());
  });

  it.each(REVISIONS)('%s: overrides name each sentence once, by an id of a scoped page', (rev) => {
    const ids = APPLIES_TO_REVIEW[rev].overrides.flatMap((g) => g.ids);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    const prefixes = SENTENCE_SCOPE[rev].map((f) => `${ID_PREFIX[rev]}-${f.short}-`);
    expect(ids.filter((id) => !prefixes.some((p) => id.startsWith(p)) || !/-\d+[a-z]?$/.test(id))).toEqual([]);
  });
});
