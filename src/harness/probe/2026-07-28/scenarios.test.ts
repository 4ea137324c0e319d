import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { JUDGES } from '../../../bench/judge/registry.ts';
import { parseSentenceTsv } from '../../../bench/spec/tsv.ts';
import { specDir } from '../../io/paths.ts';
import { MUTANTS } from '../../oracle/2026-07-28/server/mutants.ts';
import { PLANS } from './plans.ts';
import { loadServerScenarios2026 } from './load-scenarios.ts';

const scenarios = loadServerScenarios2026();
const revDir = join(specDir(), '2026-07-28');
const rows = new Map(parseSentenceTsv('tsv', readFileSync(join(revDir, 'normative-sentences.tsv'), 'utf8')).rows.map((r) => [r.id, r]));

/** Source from `line` on, joined the way the TSV extractor joins lines (list markers normalised, table pipes kept). */
function sourceFrom(file: string, line: number): { first: string; text: string } {
  const lines = readFileSync(join(revDir, file), 'utf8').split('\n').slice(line - 1, line + 24);
  const norm = lines.map((l) => l.replace(/^\s*\d+\.\s+/, '').replace(/^\s*[-*]\s+/, '- ').trim());
  const squash = (s: string) => s.replace(/\s+/g, ' ').trim();
  return { first: squash(norm[0] ?? ''), text: squash(norm.join(' ')) };
}

describe('2026-07-28 server scenarios', () => {
  const judges = JUDGES['2026-07-28']?.server ?? {};

  it('gives every checkpoint a judge and every judge a checkpoint', () => {
    const slugs = new Set(scenarios.flatMap((s) => s.checkpoints.map((c) => c.slug)));
    expect([...slugs].filter((s) => !judges[s])).toEqual([]);
    expect(Object.keys(judges).filter((s) => !slugs.has(s))).toEqual([]);
  });

  it('has a probe plan for every scenario and a scenario for every plan and mutant', () => {
    const ids = scenarios.map((s) => s.id).sort();
    expect(Object.keys(PLANS).sort()).toEqual(ids);
    expect(MUTANTS.flatMap((m) => m.scenarios).filter((id) => !ids.includes(id))).toEqual([]);
  });

  for (const s of scenarios) {
    for (const c of s.checkpoints) {
      if (!c.spec) continue;
      const spec = c.spec;
      it(`${s.id}/${c.slug} quotes ${spec.id} byte for byte with its TSV file, line and folded level`, () => {
        const row = rows.get(spec.id);
        expect(row, `unknown sentence ${spec.id}`).toBeDefined();
        expect({ file: spec.file, line: spec.line, quote: spec.quote, level: c.level }).toEqual({ file: row!.file, line: row!.line, quote: row!.sentence, level: row!.level });
      });
      it(`${s.id}/${c.slug}: the quote of ${spec.id} starts at ${spec.file}:${spec.line}`, () => {
        expect(existsSync(join(revDir, spec.file))).toBe(true);
        const { first, text } = sourceFrom(spec.file, spec.line);
        const quote = spec.quote.replace(/\s+/g, ' ').trim();
        const at = text.indexOf(quote);
        expect(at, `"${quote}" not found from line ${spec.line}`).toBeGreaterThanOrEqual(0);
        expect(at).toBeLessThan(first.length);
      });
    }
  }
});
