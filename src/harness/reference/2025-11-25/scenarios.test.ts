import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { judges } from '../../../bench/judge/2025-11-25/client/index.ts';
import { parseSentenceTsv } from '../../../bench/spec/tsv.ts';
import fg from 'fast-glob';
import { specDir } from '../../io/paths.ts';
import { MUTANTS } from '../../oracle/2025-11-25/client/mutants.ts';
import { clientScenarios2025 } from './load-scenarios.ts';
import { SCRIPTS } from './scripts.ts';

const tsvPath = join(specDir(), '2025-11-25', 'normative-sentences.tsv');
const rows = new Map(parseSentenceTsv(tsvPath, readFileSync(tsvPath, 'utf8')).rows.map((r) => [r.id, r]));
const scenarios = clientScenarios2025();

describe('2025-11-25 client scenarios', () => {
  it('has a reference script for every scenario file and a file for every script', () => {
    const files = fg.sync('scenarios/2025-11-25/client/*.json').map((p) => p.split('/').at(-1)!.replace(/\.json$/, '')).sort();
    expect(files).toEqual(Object.keys(SCRIPTS).sort());
  });

  for (const s of scenarios) {
    it(`cites each sentence of ${s.id} byte-for-byte as in the pinned TSV, at a client or both sentence`, () => {
      for (const c of s.checkpoints) {
        if (c.kind === 'task') {
          expect(c.spec).toBeNull();
          continue;
        }
        const row = rows.get(c.spec!.id);
        expect(row, c.spec!.id).toBeDefined();
        expect(c.spec).toEqual({ id: row!.id, file: row!.file, line: row!.line, quote: row!.sentence });
        expect(c.level).toBe(row!.level);
        expect(['client', 'both']).toContain(row!.appliesTo);
        // The sentence is really there, around that line (the extractor joins wrapped lines; a sentence may begin on
        // the line before its keyword line or mid-line).
        const lines = readFileSync(join(specDir(), '2025-11-25', row!.file), 'utf8').split('\n');
        const near = lines.slice(Math.max(0, row!.line - 2), row!.line + 12).join(' ').replace(/\s+/g, ' ');
        expect(near.includes(row!.sentence.replace(/\s+/g, ' ').slice(0, 40)), `${row!.file}:${row!.line}`).toBe(true);
      }
    });

    it(`has a judge for every checkpoint of ${s.id} and exactly one task checkpoint`, () => {
      for (const c of s.checkpoints) expect(judges[c.slug], c.slug).toBeDefined();
      expect(s.checkpoints.filter((c) => c.kind === 'task')).toHaveLength(1);
    });
  }

  it('names only existing scenarios in mutant lists', () => {
    for (const m of MUTANTS) for (const id of m.scenarios) expect(Object.keys(SCRIPTS)).toContain(id);
  });
});
