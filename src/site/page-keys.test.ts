import { describe, expect, it } from 'vitest';
import { fixtureRow } from '../bench/replay/fixtures.ts';
import {
  comparePageKey,
  exchangePageKey,
  siteKey,
  tableKey,
  trialContentKey,
  trialPageKey,
  type TrialPageInputs,
} from './page-keys.ts';

const base: TrialPageInputs = {
  row: fixtureRow([]),
  digest: `sha256:${'0'.repeat(64)}`,
  scenario: undefined,
  failures: [],
  commit: null,
  chrome: { repoUrl: 'https://example.org/r' },
};

describe('page cache keys', () => {
  it('keep a trial content key while nothing it shows changes', () => {
    expect(trialContentKey({ ...base, row: { ...base.row } })).toBe(trialContentKey(base));
  });

  it("change a trial content key with its files' bytes, its row, its scenario, its published failures, the commit it shows or the repository link", () => {
    const k = trialContentKey(base);
    expect(trialContentKey({ ...base, digest: `sha256:${'1'.repeat(64)}` })).not.toBe(k);
    expect(trialContentKey({ ...base, row: { ...base.row, current: false } })).not.toBe(k);
    expect(trialContentKey({ ...base, scenario: { id: 'x' } as TrialPageInputs['scenario'] })).not.toBe(k);
    expect(trialContentKey({ ...base, chrome: { repoUrl: undefined } })).not.toBe(k);
    const failure = { checkpoint: 'x', glue: 'libraries/x/server.ts', evidence: { review: { class: 'violation' } } };
    expect(trialContentKey({ ...base, failures: [failure] })).not.toBe(k);
    expect(trialContentKey({ ...base, failures: [{ ...failure, glue: 'libraries/x/other.ts' }] })).not.toBe(
      trialContentKey({ ...base, failures: [failure] }),
    );
    expect(trialContentKey({ ...base, commit: 'a'.repeat(40) })).not.toBe(k);
  });

  it('change a replay page key with its compare links, and keep its content key', () => {
    const pair = { a: 'x', b: 'y', reason: 'vs-oracle' } as const;
    const k = trialContentKey(base);
    expect(trialPageKey(k, [pair])).not.toBe(trialPageKey(k, []));
    expect(trialPageKey(k, [pair])).toBe(trialPageKey(k, [{ ...pair }]));
  });

  it('key compare and exchange pages by their trials and page', () => {
    const p = { a: 'x', b: 'y', reason: 'next-k' } as const;
    expect(comparePageKey(p, 'ka', 'kb')).not.toBe(comparePageKey(p, 'ka', 'kc'));
    expect(comparePageKey(p, 'ka', 'kb')).not.toBe(comparePageKey({ ...p, reason: 'vs-oracle' }, 'ka', 'kb'));
    expect(exchangePageKey('k', 2)).not.toBe(exchangePageKey('k', 3));
  });

  it('change the site key with the data set, the commit, its date, the repository or CONTEXT.md', () => {
    const s = { dataset: '{}', commit: 'a'.repeat(40), date: '2026-12-05', repoUrl: undefined, context: 'x' };
    const k = siteKey(s);
    expect(siteKey({ ...s })).toBe(k);
    for (const change of [
      { dataset: '{ }' },
      { commit: 'b'.repeat(40) },
      { date: '2026-12-06' },
      { repoUrl: 'https://example.org/r' },
      { context: undefined },
    ])
      expect(siteKey({ ...s, ...change })).not.toBe(k);
    // Length-prefixed parts: moving text from one part to the next is a different key.
    expect(siteKey({ ...s, dataset: '{}x', context: '' })).not.toBe(k);
  });

  it('key a table download by its content and what else the file states', () => {
    expect(tableKey({ rows: [1] })).toBe(tableKey({ rows: [1] }));
    expect(tableKey({ rows: [1] })).not.toBe(tableKey({ rows: [2] }));
    expect(tableKey({ rows: [1] }, 'a')).not.toBe(tableKey({ rows: [1] }, 'b'));
  });
});
