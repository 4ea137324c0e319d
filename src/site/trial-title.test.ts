import { describe, expect, it } from 'vitest';
import { syntheticDataset } from '../testing/synthetic-dataset.ts';
import { trialTitle } from './trial-title.ts';

describe('trialTitle', () => {
  const d = syntheticDataset({ seed: 3, subjects: 1, k: 2 });
  const t = d.trials.at(-1)!;
  const s = d.scenarios.find((x) => x.revision === t.revision && x.role === t.role && x.id === t.scenario)!;

  it('names subject, scenario title, docs axis and repetition', () => {
    expect(trialTitle(t, d.scenarios)).toBe(`${t.subject.label} · ${s.title} · docs ${t.docs} · k${t.k}`);
  });

  it('falls back to the scenario id when the scenario is not in the data set', () => {
    expect(trialTitle(t, [])).toBe(`${t.subject.label} · ${t.scenario} · docs ${t.docs} · k${t.k}`);
  });
});
