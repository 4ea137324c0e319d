import { describe, expect, it } from 'vitest';
import { PRIMARY_SOURCE } from '../bench/spec/revisions.ts';
import { syntheticDataset } from '../testing/synthetic-dataset.ts';
import { linkSpecFiles, readingsView } from './readings.ts';

describe('readingsView', () => {
  const d = syntheticDataset({ seed: 4, subjects: 1, k: 1 });

  it('lists every checkpoint with a reading or condition, linked to its checkpoint page and to its ledger row when the ledger shows one', () => {
    const s = d.scenarios.find((x) => x.checkpoints.some((c) => c.reading || c.appliesWhen))!;
    const v = readingsView(d, s.revision, s.role);
    const withReading = s.checkpoints.filter((c) => c.reading || c.appliesWhen);
    const shown = v.scenarios.find((x) => x.id === s.id)!.readings;
    expect(shown.map((r) => r.slug)).toEqual(withReading.map((c) => c.slug));
    const c = shown.find((r) => r.sentence)!;
    expect(c.href).toBe(`/${s.revision}/${s.role}/${s.id}/${c.slug}/`);
    // This data set has no coverage ledger: the sentence is named, not linked to a row that is not there.
    expect(c.sentence).toEqual({ id: c.sentence!.id });
    // With a ledger that shows the sentence's row, the sentence links to it on its section's page.
    const id = c.sentence!.id;
    const ledger = { revisions: [{ revision: s.revision, ledger: {}, sentences: [{ role: s.role, id }] }] };
    const linked = readingsView({ ...d, extra: { ...d.extra, coverage: ledger } }, s.revision, s.role)
      .scenarios.find((x) => x.id === s.id)!
      .readings.find((r) => r.slug === c.slug)!;
    expect(linked.sentence!.href).toBe(
      `/methodology/coverage/${s.revision}/${s.role}/${id.split('-')[1]}/#cov-${s.revision}-${s.role}-${id}`,
    );
  });

  it('says a repeated reading once and points the repeat at the first', () => {
    const s = d.scenarios[0]!;
    const v = readingsView(d, s.revision, s.role);
    const repeats = v.scenarios.flatMap((x) => x.readings).filter((r) => r.sameAs);
    for (const r of repeats) expect(r.sameAs!.href).toBe(`#r-${r.sameAs!.scenario}-${r.slug}`);
  });
});

describe('linkSpecFiles', () => {
  it('links a mention of the pinned schema to the file at the pinned commit', () => {
    expect(linkSpecFiles('a DiscoverResult (schema.ts) whose …', '2026-07-28')).toBe(
      `a DiscoverResult ([\`schema.ts\`](https://github.com/${PRIMARY_SOURCE.repo}/blob/${PRIMARY_SOURCE.commit}/schema/2026-07-28/schema.ts)) whose …`,
    );
    expect(linkSpecFiles('no file here', '2025-11-25')).toBe('no file here');
  });
});
