import { existsSync, readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { JUDGES } from '../../../bench/judge/registry.ts';
import { judgeTrial } from '../../../bench/judge/run.ts';
import type { Revision } from '../../../bench/schema/common.ts';
import type { Scenario } from '../../../bench/schema/scenario.ts';
import type { WireLog } from '../../../bench/schema/wire-event.ts';
import { scoreTrial } from '../../../bench/scoring/score.ts';
import { parseSentenceTsv } from '../../../bench/spec/tsv.ts';
import { specDir } from '../../io/paths.ts';
import { freePort } from '../../os/ports.ts';
import type { ProbeLimits } from '../common/budget.ts';
import { inPool } from '../../../testing/in-pool.ts';

/**
 * Test suites every server-role revision needs, shared so each revision's test file only names its parts:
 * scenario files vs plans, judges and mutants, citations vs the pinned spec, and the live calibration of the prober
 * (oracle passes everything, nothing-listening scores 0, every checkpoint killed by a mutant).
 */

/** The parts of one revision's server role the suites exercise. */
export interface ServerRoleParts {
  revision: Revision;
  scenarios: readonly Scenario[];
  /** Probe plans by scenario id. */
  plans: Readonly<Record<string, unknown>>;
  /** Mutant switches of the oracle and the scenarios each is run on. */
  mutants: readonly { id: string; scenarios: readonly string[] }[];
  probe: (scenario: Scenario, url: string, limits: Partial<ProbeLimits>) => Promise<WireLog>;
  createOracleServer: (mutant?: string) => Server;
}

/** Short caps: everything is on localhost. */
const LIMITS = { requestMs: 3000, totalMs: 15_000, graceMs: 500 };

/** How many mutant probes the kill sweep runs side by side. */
const MUTANTS_AT_ONCE = 16;

/** Run `fn` against an in-process oracle (or mutant) on an ephemeral port; always closes it. */
async function withOracle<T>(
  create: (mutant?: string) => Server,
  mutant: string | undefined,
  fn: (url: string) => Promise<T>,
): Promise<T> {
  const server = create(mutant);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  try {
    return await fn(`http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`);
  } finally {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  }
}

/** The prober against the live oracle, nothing listening, and every mutant. `killTimeoutMs` bounds the mutant sweep. */
export function describeServerProber(parts: ServerRoleParts, killTimeoutMs?: number): void {
  const { scenarios, probe, createOracleServer } = parts;
  describe(`${parts.revision} server prober`, () => {
    it('has three or more scenarios, each with a probe plan', () => {
      expect(scenarios.length).toBeGreaterThanOrEqual(3);
    });

    // One oracle run per scenario, shared by the tests that read its log (the same run judged and inspected).
    const oracleLogs = new Map<string, Promise<WireLog>>();
    const oracleLog = (s: Scenario) => {
      if (!oracleLogs.has(s.id))
        oracleLogs.set(
          s.id,
          withOracle(createOracleServer, undefined, (url) => probe(s, url, LIMITS)),
        );
      return oracleLogs.get(s.id)!;
    };

    for (const s of scenarios) {
      it(`passes every checkpoint of ${s.id} against the oracle (no not-applicable)`, async () => {
        const verdicts = judgeTrial(s, await oracleLog(s), JUDGES);
        expect(
          verdicts.filter((v) => v.verdict !== 'pass').map((v) => `${v.checkpoint}: ${v.verdict}: ${v.message}`),
        ).toEqual([]);
        expect(scoreTrial(verdicts).score).toBe(1);
      });

      it(`scores 0 on ${s.id} when nothing listens`, async () => {
        const log = await probe(s, `http://127.0.0.1:${await freePort()}/mcp`, LIMITS);
        const verdicts = judgeTrial(s, log, JUDGES);
        expect(scoreTrial(verdicts).score).toBe(0);
        expect(verdicts.filter((v) => v.verdict === 'pass')).toEqual([]);
        expect(log.events.some((e) => e.type === 'error' && e.code === 'ECONNREFUSED')).toBe(true);
      });

      it(`labels every request of ${s.id} with a step`, async () => {
        const requests = (await oracleLog(s)).events.filter((e) => e.type === 'request');
        expect(requests.length).toBeGreaterThan(0);
        expect(requests.filter((e) => !e.step)).toEqual([]);
      });
    }

    it(
      'kills every checkpoint of every scenario with at least one mutant run on it',
      async () => {
        const killed = new Map<string, Set<string>>();
        const runs = parts.mutants.flatMap((m) => m.scenarios.map((id) => ({ m, id })));
        for (const { m, id } of runs)
          expect(
            scenarios.find((x) => x.id === id),
            `mutant ${m.id} names unknown scenario ${id}`,
          ).toBeDefined();
        await inPool(runs, MUTANTS_AT_ONCE, async ({ m, id }) => {
          const s = scenarios.find((x) => x.id === id)!;
          const verdicts = await withOracle(createOracleServer, m.id, async (url) =>
            judgeTrial(s, await probe(s, url, LIMITS), JUDGES),
          );
          const fails = verdicts.filter((v) => v.verdict === 'fail').map((v) => v.checkpoint);
          expect(fails.length, `mutant ${m.id} fails nothing on ${id}`).toBeGreaterThan(0);
          for (const f of fails) killed.set(`${id}/${f}`, (killed.get(`${id}/${f}`) ?? new Set()).add(m.id));
        });
        const survivors = scenarios
          .flatMap((s) => s.checkpoints.map((c) => `${s.id}/${c.slug}`))
          .filter((k) => !killed.has(k));
        expect(survivors).toEqual([]);
      },
      killTimeoutMs,
    );
  });
}

/** Scenario files vs judges, plans and mutants; every citation byte for byte vs the TSV and near its cited line. */
export function describeServerScenarios(parts: Omit<ServerRoleParts, 'probe' | 'createOracleServer'>): void {
  const { revision, scenarios } = parts;
  const revDir = join(specDir(), revision);
  const rows = new Map(
    parseSentenceTsv('tsv', readFileSync(join(revDir, 'normative-sentences.tsv'), 'utf8')).rows.map((r) => [r.id, r]),
  );

  /**
   * Markdown source from `line` on, joined the way the TSV extractor joins it: line breaks become spaces, numbered
   * list markers go, bullet markers stay as " - " (a lead-in sentence absorbs its bullet items as "… - item - item"),
   * table pipes are kept.
   */
  function sourceFrom(file: string, line: number): { first: string; text: string } {
    const lines = readFileSync(join(revDir, file), 'utf8')
      .split('\n')
      .slice(line - 1, line + 24);
    const norm = lines.map((l) =>
      l
        .replace(/^\s*\d+\.\s+/, '')
        .replace(/^\s*[-*]\s+/, '- ')
        .trim(),
    );
    const squash = (s: string) => s.replace(/\s+/g, ' ').trim();
    return { first: squash(norm[0] ?? ''), text: squash(norm.join(' ')) };
  }

  /**
   * Where the quote starts in `text`, or -1. Verbatim first; else piece by piece, in order: a lead-in absorbs only the
   * plain sentences of its bullet items, and an item's own keyword sentence (a TSV row of its own) is left out of the
   * quote, so the quote's items and sentences follow each other in the source with such a sentence between them.
   */
  function quoteAt(text: string, quote: string): number {
    const exact = text.indexOf(quote);
    if (exact >= 0) return exact;
    const pieces = quote.split(/ - |(?<=\.) /).filter((p) => p !== '');
    const start = text.indexOf(pieces[0] ?? '\u0000');
    let from = start;
    for (const piece of pieces) {
      const at = from < 0 ? -1 : text.indexOf(piece, from);
      if (at < 0) return -1;
      from = at + piece.length;
    }
    return start;
  }

  describe(`${revision} server scenarios`, () => {
    const judges = JUDGES[revision]?.server ?? {};

    it('gives every checkpoint a judge and every judge a checkpoint', () => {
      const slugs = new Set(scenarios.flatMap((s) => s.checkpoints.map((c) => c.slug)));
      expect([...slugs].filter((s) => !judges[s])).toEqual([]);
      expect(Object.keys(judges).filter((s) => !slugs.has(s))).toEqual([]);
    });

    it('has a probe plan for every scenario and a scenario for every plan and mutant', () => {
      const ids = scenarios.map((s) => s.id).sort();
      expect(Object.keys(parts.plans).sort()).toEqual(ids);
      expect(parts.mutants.flatMap((m) => m.scenarios).filter((id) => !ids.includes(id))).toEqual([]);
    });

    for (const s of scenarios) {
      for (const c of s.checkpoints) {
        if (!c.spec) continue;
        const spec = c.spec;
        it(`${s.id}/${c.slug} quotes ${spec.id} byte for byte with its TSV file, line and folded level`, () => {
          const row = rows.get(spec.id);
          expect(row, `unknown sentence ${spec.id}`).toBeDefined();
          expect({ file: spec.file, line: spec.line, quote: spec.quote, level: c.level }).toEqual({
            file: row!.file,
            line: row!.line,
            quote: row!.sentence,
            level: row!.level,
          });
        });
        it(`${s.id}/${c.slug}: the quote of ${spec.id} starts at ${spec.file}:${spec.line}`, () => {
          expect(existsSync(join(revDir, spec.file))).toBe(true);
          const { first, text } = sourceFrom(spec.file, spec.line);
          const quote = spec.quote.replace(/\s+/g, ' ').trim();
          const at = quoteAt(text, quote);
          expect(at, `"${quote}" not found from line ${spec.line}`).toBeGreaterThanOrEqual(0);
          expect(at).toBeLessThan(first.length);
        });
      }
    }
  });
}
