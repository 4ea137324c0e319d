import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadDeriveInput } from '../harness/derive-inputs.ts';
import { derive } from '../bench/derive/derive.ts';
import { syntheticFiles, writeSyntheticTree } from './synthetic.ts';
import { syntheticDataset } from './synthetic-dataset.ts';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('synthetic tree', () => {
  it('is byte-identical for the same seed and differs for another seed', () => {
    const a = syntheticFiles({ seed: 7 }).files;
    const b = syntheticFiles({ seed: 7 }).files;
    const c = syntheticFiles({ seed: 8 }).files;
    expect(a).toEqual(b);
    expect(a.map((f) => f.content).join('')).not.toBe(c.map((f) => f.content).join(''));
  });

  it('writes a tree that derive accepts from disk, calibration gate included, when re-judging is off', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpfs-synth-'));
    dirs.push(dir);
    const tree = writeSyntheticTree(dir, { seed: 3, subjects: 2, scenarios: 1, k: 2 });
    expect(existsSync(join(dir, tree.records[0]!))).toBe(true);
    // Synthetic calibration subjects (mutants of synthetic scenarios) are not the harness's: not checked against it.
    // Synthetic wire logs are not schema-valid messages: no pinned schemas, wherever MCP_SPEC_DIR points.
    const out = derive({
      ...loadDeriveInput(dir, { rejudge: false }),
      spec: undefined,
      schemas: undefined,
      calibrationSubjects: undefined,
    });
    expect(out.problems).toEqual([]);
    expect(out.dataset!.trials.length).toBe(tree.records.length);
    expect(out.dataset!.calibration.every((c) => c.ok)).toBe(true);
    const rec = JSON.parse(readFileSync(join(dir, tree.records[0]!), 'utf8'));
    expect(rec.format).toBe('mcpfs.trial/3');
  });

  it('refuses to write into a results/ folder', () => {
    expect(() => writeSyntheticTree(join(tmpdir(), 'x', 'results'))).toThrow(/refusing/);
  });

  it('gives agents pi-style transcripts and the last agent k = 1', () => {
    const d = syntheticDataset({ seed: 2, subjects: 3, k: 3, infraErrorRate: 0 });
    const agents = d.subjects.filter((s) => s.kind === 'agent');
    const last = agents.find((a) => d.trials.filter((t) => t.subject.id === a.id).every((t) => t.k === 1));
    expect(last).toBeDefined();
    expect(d.trials.filter((t) => t.subject.kind === 'agent').every((t) => t.files.transcript)).toBe(true);
    const { files } = syntheticFiles({ seed: 2 });
    const first = files.find((f) => f.path.endsWith('.transcript.jsonl'))!.content.split('\n')[0]!;
    expect(JSON.parse(first)).toMatchObject({ type: 'session', version: 3 });
  });
});
