import { describe, expect, it } from 'vitest';
import { comparePairs, ORACLE, pairsOf, pairTrial, type PairTrial } from './pairs.ts';

const t = (
  id: string,
  subject: string,
  k = 1,
  docs = 'none',
  scenario = 's1',
  status: PairTrial['status'] = 'completed',
): PairTrial => ({ id, revision: '2025-11-25', role: 'server', scenario, docs, k, subject, status });

describe('comparePairs', () => {
  const trials = [
    t('oracle-none', ORACLE),
    t('oracle-full', ORACLE, 1, 'full'),
    t('agent-k1', 'agent/x', 1),
    t('agent-k2', 'agent/x', 2),
    t('agent-k3', 'agent/x', 3),
    t('agent-full', 'agent/x', 1, 'full'),
    t('infra', 'agent/x', 4, 'none', 's1', 'infra-error'),
    t('other-scenario', 'agent/x', 1, 'none', 's2'),
  ];
  const pairs = comparePairs(trials);

  it('pairs each completed trial with its scenario oracle, preferring the same docs axis', () => {
    expect(pairs.filter((p) => p.reason === 'vs-oracle').map((p) => `${p.a}>${p.b}`)).toEqual([
      'agent-k1>oracle-none',
      'agent-k2>oracle-none',
      'agent-k3>oracle-none',
      'agent-full>oracle-full',
    ]);
  });

  it('pairs consecutive k within a cell, and nothing across scenarios or with infra errors', () => {
    expect(pairs.filter((p) => p.reason === 'next-k').map((p) => `${p.a}>${p.b}`)).toEqual([
      'agent-k1>agent-k2',
      'agent-k2>agent-k3',
    ]);
    expect(pairs.some((p) => p.a === 'infra' || p.b === 'infra' || p.a === 'other-scenario')).toBe(false);
  });

  it('stays linear: at most two pages per trial, no duplicates', () => {
    const many = Array.from({ length: 300 }, (_, i) => t(`a${i}`, `agent/${i % 10}`, Math.floor(i / 10) + 1));
    const p = comparePairs([t('o', ORACLE), ...many]);
    expect(p.length).toBeLessThanOrEqual(2 * many.length);
    expect(new Set(p.map((x) => `${x.a}>${x.b}`)).size).toBe(p.length);
  });

  it('lists the pages a trial appears in', () => {
    expect(
      pairsOf('agent-k2', pairs)
        .map((p) => p.reason)
        .sort(),
    ).toEqual(['next-k', 'next-k', 'vs-oracle']);
  });
});

describe('pairTrial', () => {
  it('projects a dataset trial to its identity: the subject by id, every other field dropped', () => {
    const row = {
      id: 'x',
      revision: '2026-07-28',
      role: 'client',
      scenario: 's',
      docs: 'full',
      k: 2,
      subject: { id: 'agent/y', kind: 'agent' },
      status: 'completed' as const,
      score: { score: 1 },
    };
    expect(pairTrial(row)).toEqual({
      id: 'x',
      revision: '2026-07-28',
      role: 'client',
      scenario: 's',
      docs: 'full',
      k: 2,
      subject: 'agent/y',
      status: 'completed',
    });
  });
});
