import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';
import { judgeTrial } from '../../../bench/judge/run.ts';
import { JUDGES } from '../../../bench/judge/registry.ts';
import type { Judge } from '../../../bench/judge/types.ts';
import type { Revision } from '../../../bench/schema/common.ts';
import type { Scenario } from '../../../bench/schema/scenario.ts';
import { scoreTrial } from '../../../bench/scoring/score.ts';
import { parseSentenceTsv } from '../../../bench/spec/tsv.ts';
import { specDir } from '../../io/paths.ts';
import type { ClientRoleDriver } from '../../roles/types.ts';
import { runClient } from '../common/run-client.ts';
import { inPool } from '../../../testing/in-pool.ts';

/** How many mutant clients a kill sweep runs side by side (each is a child process). */
const MUTANTS_AT_ONCE = 6;

/**
 * Test suites every client-role revision needs, shared so each revision's test file only names its parts:
 * scenario files vs reference scripts, citations vs the pinned spec, and the live calibration (oracle, null, kills).
 */

/** Scenario files, citations (byte-for-byte vs the TSV, near the cited line), judges and mutant lists. */
export function describeClientScenarios(
  revision: Revision,
  scenarios: readonly Scenario[],
  opts: { judges: Record<string, Judge>; scripts: readonly string[]; driver: ClientRoleDriver },
): void {
  const tsvPath = join(specDir(), revision, 'normative-sentences.tsv');
  const rows = new Map(parseSentenceTsv(tsvPath, readFileSync(tsvPath, 'utf8')).rows.map((r) => [r.id, r]));
  describe(`${revision} client scenarios`, () => {
    it('has a reference script for every scenario file and a file for every script', () => {
      const files = fg
        .sync(`scenarios/${revision}/client/*.json`)
        .map((p) =>
          p
            .split('/')
            .at(-1)!
            .replace(/\.json$/, ''),
        )
        .sort();
      expect(files).toEqual([...opts.scripts].sort());
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
          // The sentence is really in the spec text around that line (the extractor joins wrapped lines and drops
          // list markers, so compare a whitespace-normalised prefix).
          const lines = readFileSync(join(specDir(), revision, row!.file), 'utf8').split('\n');
          const near = lines
            .slice(Math.max(0, row!.line - 2), row!.line + 12)
            .join(' ')
            .replace(/\s+/g, ' ');
          expect(near.includes(row!.sentence.replace(/\s+/g, ' ').slice(0, 40)), `${row!.file}:${row!.line}`).toBe(
            true,
          );
        }
      });

      it(`has a judge for every checkpoint of ${s.id} and exactly one MUST task checkpoint`, () => {
        for (const c of s.checkpoints) expect(opts.judges[c.slug], c.slug).toBeDefined();
        expect(s.checkpoints.filter((c) => c.kind === 'task').map((c) => c.level)).toEqual(['MUST']);
      });
    }

    it('names only existing scenarios in mutant lists', () => {
      for (const m of opts.driver.mutants) for (const id of m.scenarios) expect(opts.scripts).toContain(id);
    });
  });
}

/** Live: the oracle scores 1.0 with no failing verdict, the null client 0, and every checkpoint is killed by a mutant. */
export function describeClientDriverLive(
  driver: ClientRoleDriver,
  scenarios: readonly Scenario[],
  timeoutMs = 45_000,
): void {
  for (const scenario of scenarios) {
    it(`scores the oracle 1.0 with no failing verdict on ${scenario.id}`, async () => {
      const run = await runClient(driver, scenario, driver.oracleCommand(scenario), { timeoutMs });
      const verdicts = judgeTrial(scenario, run.log, JUDGES);
      expect(verdicts.filter((v) => v.verdict === 'fail')).toEqual([]);
      expect(scoreTrial(verdicts).score).toBe(1);
    });

    it(`scores the null client 0 on ${scenario.id}`, async () => {
      const ref = await driver.startReference(scenario);
      const log = await ref.stop();
      const verdicts = judgeTrial(scenario, log, JUDGES);
      expect(scoreTrial(verdicts).score).toBe(0);
      const task = scenario.checkpoints.find((c) => c.kind === 'task')?.slug;
      expect(verdicts.find((v) => v.checkpoint === task)?.verdict).toBe('fail');
    });

    it(`kills every checkpoint of ${scenario.id} with at least one mutant`, async () => {
      const killed = new Map<string, string[]>(scenario.checkpoints.map((c) => [c.slug, []]));
      const mutants = driver.mutants.filter((mu) => mu.scenarios.includes(scenario.id));
      await inPool(mutants, MUTANTS_AT_ONCE, async (m) => {
        const run = await runClient(driver, scenario, driver.oracleCommand(scenario, m.id), { timeoutMs });
        for (const v of judgeTrial(scenario, run.log, JUDGES))
          if (v.verdict === 'fail') killed.get(v.checkpoint)!.push(m.id);
      });
      const survivors = [...killed].filter(([, ms]) => ms.length === 0).map(([slug]) => slug);
      expect(survivors).toEqual([]);
    });
  }
}
