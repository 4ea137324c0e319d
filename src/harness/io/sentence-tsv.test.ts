import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { namedParty, overrideFor } from '../../bench/spec/applies-to.ts';
import { APPLIES_TO_REVIEW } from '../../bench/spec/applies-to-review.ts';
import { diffSentenceTsv, formatSentenceDiff, type SentenceDiff } from '../../bench/spec/diff-sentences.ts';
import { formatSentenceTsv } from '../../bench/spec/format-sentences.ts';
import { SENTENCE_SCOPE } from '../../bench/spec/sentence-scope.ts';
import { BenchError, formatProblem } from '../../bench/problems.ts';
import { REVISIONS, type Revision } from '../../bench/schema/common.ts';
import { specDir } from './paths.ts';
import { extractFromSpecDir, sentenceTsvPath, writeSentenceTsvs } from './sentence-tsv.ts';

/**
 * Differences between the extractor and the committed TSV that are understood and accepted, each with its reason
 * (mirrored one line each in CONTEXT.md, "Sentence extractor"). Empty: the extractor reproduces both TSVs byte for byte.
 */
const EXPLAINED: readonly { id: string; field?: SentenceDiff['field']; why: string }[] = [];

const real = specDir(process.cwd());
const hasText = (rev: Revision) => SENTENCE_SCOPE[rev].every((f) => existsSync(join(real, rev, f.file)));

let tmp: string | undefined;
afterEach(() => {
  if (tmp) rmSync(tmp, { recursive: true, force: true });
  tmp = undefined;
});
const temp = () => (tmp = mkdtempSync(join(tmpdir(), 'mcpfs-sentences-')));

/** A spec folder whose every scoped page is one hand-made sentence (`only` limits it to some revisions). */
function syntheticSpec(dir: string, only: readonly Revision[] = REVISIONS): void {
  for (const rev of only) {
    for (const f of SENTENCE_SCOPE[rev]) {
      const path = join(dir, rev, f.file);
      mkdirSync(dirname(path), { recursive: true });
      const line = f.lines?.[0]?.[0] ?? 1;
      writeFileSync(path, `${'\n'.repeat(line - 1)}Servers **MUST** answer on ${f.short}.\n`);
    }
  }
}

describe.each(REVISIONS)('%s: the extractor against the pinned spec', (rev) => {
  const tsv = sentenceTsvPath(real, rev);
  const reason = hasText(rev)
    ? ''
    : ` (skipped: spec text not found under ${join(real, rev)}; run \`npm run fetch-spec\` and set MCP_SPEC_DIR)`;

  it.skipIf(!hasText(rev))(
    `reproduces ${rev}/normative-sentences.tsv, or without one extracts every scoped page${reason}`,
    () => {
      const { rows, problems } = extractFromSpecDir(real, rev);
      expect(problems.map(formatProblem)).toEqual([]);
      if (!existsSync(tsv)) {
        // No committed list to compare with (a fresh fetch-spec before the TSV is written): the extraction must still
        // find sentences on every scoped page.
        const empty = SENTENCE_SCOPE[rev].filter((f) => !rows.some((r) => r.file === f.file)).map((f) => f.file);
        expect(empty, 'scoped pages without a single sentence').toEqual([]);
        return;
      }
      const committed = readFileSync(tsv, 'utf8');
      const made = formatSentenceTsv(rows);
      const diffs = diffSentenceTsv(committed, made);
      for (const d of diffs) console.log(`${rev}: ${formatSentenceDiff(d)}`);
      const explained = (d: SentenceDiff) =>
        EXPLAINED.some((e) => e.id === d.id && (e.field === undefined || e.field === d.field));
      expect(diffs.filter((d) => !explained(d)).map(formatSentenceDiff), 'unexplained differences').toEqual([]);
      expect(
        EXPLAINED.filter((e) => !diffs.some((d) => d.id === e.id)).map((e) => e.id),
        'explained differences that no longer occur',
      ).toEqual([]);
      // Same rows, same order, same bytes.
      if (diffs.length === 0) expect(made === committed, 'row order or line ends differ').toBe(true);
    },
  );

  it.skipIf(!hasText(rev))(
    `uses every applies_to override, and each one changes what the rule would say${reason}`,
    () => {
      const rows = new Map(extractFromSpecDir(real, rev).rows.map((r) => [r.id, r]));
      const review = APPLIES_TO_REVIEW[rev];
      const ids = review.overrides.flatMap((g) => g.ids);
      expect(
        ids.filter((id) => !rows.has(id)),
        'override ids that are no sentence',
      ).toEqual([]);
      const redundant = ids.filter((id) => {
        const r = rows.get(id);
        if (!r || r.sentence.startsWith('|')) return false;
        const short = SENTENCE_SCOPE[rev].find((f) => f.file === r.file)!.short;
        return (namedParty(r.sentence) ?? review.defaults[short]) === overrideFor(review, id)!.appliesTo;
      });
      expect(redundant, 'overrides that agree with the rule anyway').toEqual([]);
    },
  );
});

describe('writeSentenceTsvs', () => {
  it("writes each revision's TSV into its folder, returns the row counts and leaves no temporary file", () => {
    const dir = temp();
    syntheticSpec(dir);
    expect(writeSentenceTsvs(dir)).toEqual(
      REVISIONS.map((revision) => ({ revision, rows: SENTENCE_SCOPE[revision].length })),
    );
    for (const rev of REVISIONS) {
      expect(readFileSync(sentenceTsvPath(dir, rev), 'utf8')).toBe(
        formatSentenceTsv(extractFromSpecDir(dir, rev).rows),
      );
      expect(readdirSync(join(dir, rev)).filter((f) => f.includes('.tmp'))).toEqual([]);
    }
    expect(readFileSync(sentenceTsvPath(dir, '2026-07-28'), 'utf8').split('\n')[1]).toBe(
      '260728-transports-27\tdocs/specification/2026-07-28/basic/transports/index.mdx\t27\tMUST\tserver\tServers **MUST** answer on transports.\tMUST',
    );
  });

  it('throws path-first on a missing page and writes nothing, keeping the old TSV of the complete revision', () => {
    const dir = temp();
    syntheticSpec(dir, ['2025-11-25']);
    mkdirSync(join(dir, '2026-07-28'));
    writeFileSync(sentenceTsvPath(dir, '2025-11-25'), 'old\n');
    let error: unknown;
    try {
      writeSentenceTsvs(dir);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(BenchError);
    const first = (error as BenchError).problems.map(formatProblem)[0];
    expect(first).toBe(
      `${join(dir, '2026-07-28', 'docs/specification/2026-07-28/basic/transports/index.mdx')}: spec page in the extractor scope is missing\n  hint: run \`npm run fetch-spec\`, or fix SENTENCE_SCOPE in src/bench/spec/sentence-scope.ts`,
    );
    expect(readFileSync(sentenceTsvPath(dir, '2025-11-25'), 'utf8')).toBe('old\n');
    expect(existsSync(sentenceTsvPath(dir, '2026-07-28'))).toBe(false);
    expect(readdirSync(join(dir, '2025-11-25')).filter((f) => f.includes('.tmp'))).toEqual([]);
  });
});
