import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { derive, serializeDataset, type DeriveInput } from '../../bench/derive/derive.ts';
import { writeSyntheticTree } from '../../testing/synthetic.ts';
import { loadDeriveInput } from '../derive-inputs.ts';
import { deriveFingerprint } from '../io/derive-cache.ts';
import { checkOnThreads, MIN_RECORDS_FOR_THREADS, shardRecords } from './threads.ts';

/** Records in the test tree: enough for two shards; the default minimum is for real trees (see threads.ts). */
const MIN = 100;

let dir: string;
let input: DeriveInput;
let fingerprint: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'mcpfs-derive-threads-'));
  // Enough records to start threads; some fail their checks (synthetic calibration subjects are not the harness's,
  // synthetic wire logs not schema-valid), so the problems a thread leaves to derive are compared too.
  writeSyntheticTree(dir, { seed: 5, subjects: 6, scenarios: 2, k: 3 });
  input = loadDeriveInput(dir, { rejudge: false });
  fingerprint = deriveFingerprint(input);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('derive on worker threads', () => {
  it('gives the data set and the problems of a derive on one thread, byte for byte', async () => {
    const records = [...input.results.keys()].filter((p) => p.endsWith('.json')).length;
    expect(records).toBeGreaterThanOrEqual(MIN);
    const one = derive({ ...input, cache: { fingerprint } });
    const t = await checkOnThreads(dir, input, fingerprint, undefined, 2, MIN);
    expect(t).toMatchObject({ checked: records, threads: 2 });
    expect(t.made).toBeGreaterThan(records / 2);
    const two = derive({ ...input, cache: { fingerprint, previous: t.cache } });
    expect(two.cache!.reused).toBe(t.made);
    expect(two.problems).toEqual(one.problems);
    expect(two.dataset && serializeDataset(two.dataset)).toBe(one.dataset && serializeDataset(one.dataset));
    expect(two.cache!.next).toEqual(one.cache!.next);
  });

  it('leaves every record to derive when the memo already holds it, or one thread is asked for', async () => {
    const first = derive({ ...input, cache: { fingerprint } });
    const warm = await checkOnThreads(dir, input, fingerprint, first.cache!.next, 2, MIN);
    expect(warm).toMatchObject({ checked: 0, made: 0, threads: 1, cache: first.cache!.next });
    expect(await checkOnThreads(dir, input, fingerprint, undefined, 1, MIN)).toMatchObject({ checked: 0, threads: 1 });
    // By default, a tree this small is checked by derive alone: threads would cost more than they save.
    expect(MIN_RECORDS_FOR_THREADS).toBeGreaterThan(MIN);
    expect(await checkOnThreads(dir, input, fingerprint, undefined, 2)).toMatchObject({ checked: 0, threads: 1 });
  });

  it('refuses when the thread reads another configuration than the derive that started it', async () => {
    await expect(checkOnThreads(dir, input, 'another fingerprint', undefined, 2, MIN)).rejects.toThrow(
      /another configuration/,
    );
  });

  it('splits records into shards of about equal bytes, each path once', () => {
    const size: Record<string, number> = { a: 9, b: 5, c: 4, d: 3, e: 1 };
    const shards = shardRecords(Object.keys(size), (p) => size[p]!, 2);
    expect(shards).toEqual([
      ['a', 'd'],
      ['b', 'c', 'e'],
    ]);
    expect(shardRecords(['x'], () => 1, 4)).toEqual([['x']]);
  });
});
