// The memo must be invisible: a warm derive writes the bytes a cold one writes, and reports the problems a cold one
// reports. Each case below changes one input a stored result depends on and expects it checked again.
import { describe, expect, it } from 'vitest';
import { formatProblem } from '../problems.ts';
import { derive, serializeDataset, type DeriveInput } from './derive.ts';
import type { DeriveCache } from './record-cache.ts';
import { calibrationFiles, fixtureRegistry, fixtureScenario, scenarioFile, trialFiles } from './test-fixtures.ts';

const agent = { kind: 'agent' as const, id: 'agent/pi@1.6.0/test/model/high', label: 'pi · test/model · high' };

function input(over: Partial<DeriveInput> = {}): DeriveInput {
  const files = new Map(calibrationFiles({ k: 2 }));
  for (const k of [1, 2]) for (const [p, t] of trialFiles({ subject: agent, docs: 'none', k }).files) files.set(p, t);
  return { scenarios: [scenarioFile()], results: files, judges: fixtureRegistry(), ...over };
}

/** A cold derive, then a warm one fed its memo; `change` edits the input of the warm one. */
function coldThenWarm(change: (i: DeriveInput) => DeriveInput = (i) => i, fingerprint = 'fp') {
  const first = derive({ ...input(), cache: { fingerprint: 'fp' } });
  const previous: DeriveCache = JSON.parse(JSON.stringify(first.cache!.next)) as DeriveCache;
  const changed = change(input());
  const warm = derive({ ...changed, cache: { fingerprint, previous } });
  const cold = derive(changed);
  return { first, warm, cold };
}

const records = (i: DeriveInput) => [...i.results.keys()].filter((p) => p.endsWith('.json')).sort();

describe('derive memo', () => {
  it('reuses every record when nothing changed, and writes byte-identical data', () => {
    const { first, warm, cold } = coldThenWarm();
    expect(first.problems).toEqual([]);
    expect(first.cache!.reused).toBe(0);
    expect(Object.keys(first.cache!.next.records).sort()).toEqual(records(input()));
    expect(warm.cache!.reused).toBe(records(input()).length);
    expect(serializeDataset(warm.dataset!)).toBe(serializeDataset(cold.dataset!));
    // Reused records are not parsed again: only checked ones are listed with their logs.
    expect(warm.records).toEqual([]);
  });

  it('checks a record again when one of its sidecars changed, and reports what a cold derive reports', () => {
    const { warm, cold } = coldThenWarm((i) => {
      const files = new Map(i.results);
      const wire = [...files.keys()].find((p) => p.includes('/agent/') && p.endsWith('k1.wire.jsonl'))!;
      files.set(wire, files.get(wire)!.replace('"status":200', '"status":201'));
      return { ...i, results: files };
    });
    expect(cold.problems.length).toBeGreaterThan(0);
    expect(warm.problems.map(formatProblem)).toEqual(cold.problems.map(formatProblem));
    expect(warm.cache!.reused).toBe(records(input()).length - 1);
  });

  it('checks a record again when a file it looked for appears beside it (a verification)', () => {
    const { warm, cold } = coldThenWarm((i) => {
      const files = new Map(i.results);
      const rec = records(i).find((p) => p.includes('/agent/') && p.endsWith('k1.json'))!;
      files.set(rec.replace(/\.json$/, '.verification.jsonl'), 'not a verification\n');
      return { ...i, results: files };
    });
    expect(cold.problems.length).toBeGreaterThan(0);
    expect(warm.problems.map(formatProblem)).toEqual(cold.problems.map(formatProblem));
  });

  it('checks every record of a scenario again when the scenario changed', () => {
    const { warm } = coldThenWarm((i) => ({
      ...i,
      scenarios: [scenarioFile({ ...fixtureScenario(), title: 'retitled' })],
    }));
    expect(warm.cache!.reused).toBe(0);
  });

  it('checks every record again under another fingerprint (code, schemas or calibration subjects changed)', () => {
    const { warm, cold } = coldThenWarm((i) => i, 'another');
    expect(warm.cache!.reused).toBe(0);
    expect(serializeDataset(warm.dataset!)).toBe(serializeDataset(cold.dataset!));
  });

  it('checks every record again when re-judging is switched off or on', () => {
    const { warm } = coldThenWarm((i) => ({ ...i, rejudge: false }));
    expect(warm.cache!.reused).toBe(0);
  });

  it('drops the stored result of a removed record from the next memo', () => {
    const { warm } = coldThenWarm((i) => {
      const files = new Map(i.results);
      const rec = records(i).find((p) => p.includes('/agent/') && p.endsWith('k2.json'))!;
      for (const p of [...files.keys()]) if (p.startsWith(rec.replace(/\.json$/, '.'))) files.delete(p);
      files.delete(rec);
      return { ...i, results: files };
    });
    expect(Object.keys(warm.cache!.next.records)).toHaveLength(records(input()).length - 1);
  });
});
