// `npm run libraries -- --check`: fresh library trials against the committed repetitions of their cells. A library
// verdict may differ between repetitions (the site shows it as flaky), so a fresh verdict agrees when any committed
// repetition of the same cell has it: a check with k = 1 then passes on a cell whose k = 3 records disagree among
// themselves, and still fails on a verdict no committed repetition showed.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import fg from 'fast-glob';
import { expectedRecordPath } from '../../bench/derive/records.ts';
import type { TrialRecord } from '../../bench/schema/trial.ts';
import type { Ran } from '../runner/calibrate.ts';

/** Per checkpoint (and `status`), the verdicts the committed repetitions of one cell show. */
type Seen = Map<string, Set<string>>;

function seenIn(root: string, files: readonly string[]): Seen {
  const seen: Seen = new Map();
  const add = (key: string, value: string) => seen.set(key, (seen.get(key) ?? new Set()).add(value));
  for (const f of files) {
    const r = JSON.parse(readFileSync(join(root, f), 'utf8')) as TrialRecord;
    add('status', r.status);
    for (const v of r.verdicts) add(v.checkpoint, v.verdict);
  }
  return seen;
}

const shown = (s: Set<string> | undefined) => (s ? [...s].sort().join(' or ') : 'nothing');

/**
 * Differences, path-first: a cell with no committed record; a fresh verdict (or status) no committed repetition of
 * its cell shows, or a checkpoint one side lacks; a committed cell under `dirOf` that the run no longer produces.
 */
export function compareWithRepetitions(
  root: string,
  ran: readonly Ran[],
  dirOf: (r: Ran) => string,
  who = 'npm run libraries',
): string[] {
  const diffs: string[] = [];
  const cells = new Map<string, Seen>();
  for (const { result } of ran) {
    const path = expectedRecordPath(result.record);
    const cell = dirname(path);
    if (!cells.has(cell)) cells.set(cell, seenIn(root, fg.sync(`${cell}/k*.json`, { cwd: root })));
    const seen = cells.get(cell)!;
    if (seen.size === 0) {
      diffs.push(`${path}: not committed (no repetition of ${cell})`);
      continue;
    }
    const fresh = new Map([
      ['status', result.record.status],
      ...result.record.verdicts.map((v) => [v.checkpoint, v.verdict] as const),
    ]);
    for (const [key, value] of fresh)
      if (!seen.get(key)?.has(value))
        diffs.push(`${path}: ${key}: fresh ${value}, committed ${shown(seen.get(key))} (in ${cell}/k*.json)`);
    for (const key of seen.keys())
      if (!fresh.has(key)) diffs.push(`${path}: ${key}: committed ${shown(seen.get(key))}, fresh nothing`);
  }
  const dirs = [...new Set(ran.map(dirOf))];
  for (const p of fg
    .sync(
      dirs.map((d) => `${d}/**/k*.json`),
      { cwd: root },
    )
    .sort())
    if (!cells.has(dirname(p))) diffs.push(`${p}: committed, but ${who} no longer produces its cell`);
  return [...new Set(diffs)];
}
