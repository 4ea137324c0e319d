import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Ran } from '../runner/calibrate.ts';
import { compareWithRepetitions } from './check.ts';

// The libraries' --check compares a fresh trial with every committed repetition of its cell (files on disk).
const CELL = 'results/2025-11-25/server/tools-basics/none/library/@acme/mcp@1.0.0';
const rec = (k: number, verdicts: Record<string, string>, status = 'completed') => ({
  status,
  trial: { revision: '2025-11-25', role: 'server', scenario: 'tools-basics', docs: 'none', k },
  subject: { id: 'library/@acme/mcp@1.0.0' },
  verdicts: Object.entries(verdicts).map(([checkpoint, verdict]) => ({ checkpoint, verdict })),
});
const ran = (r: ReturnType<typeof rec>) => ({ job: {}, result: { record: r } }) as unknown as Ran;
const dirOf = () => 'results/2025-11-25/server/*/*/library/@acme/mcp@1.0.0';

let root = '';
function commit(...records: ReturnType<typeof rec>[]) {
  root = mkdtempSync(join(tmpdir(), 'mcpfs-check-'));
  mkdirSync(join(root, CELL), { recursive: true });
  for (const r of records) writeFileSync(join(root, CELL, `k${r.trial.k}.json`), JSON.stringify(r));
}
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('checking library trials against committed repetitions', () => {
  it('accepts a fresh verdict that any committed repetition of the cell shows (a flaky verdict is data)', () => {
    commit(rec(1, { a: 'pass', b: 'pass' }), rec(2, { a: 'fail', b: 'pass' }), rec(3, { a: 'pass', b: 'pass' }));
    expect(compareWithRepetitions(root, [ran(rec(1, { a: 'fail', b: 'pass' }))], dirOf)).toEqual([]);
  });

  it('names a verdict no repetition showed, a missing checkpoint and a status change, path first', () => {
    commit(rec(1, { a: 'pass', b: 'pass' }), rec(2, { a: 'pass', b: 'pass' }));
    expect(compareWithRepetitions(root, [ran(rec(1, { a: 'fail' }, 'infra-error'))], dirOf)).toEqual([
      `${CELL}/k1.json: status: fresh infra-error, committed completed (in ${CELL}/k*.json)`,
      `${CELL}/k1.json: a: fresh fail, committed pass (in ${CELL}/k*.json)`,
      `${CELL}/k1.json: b: committed pass, fresh nothing`,
    ]);
  });

  it('reports a cell with nothing committed, and a committed cell the run no longer produces', () => {
    commit(rec(1, { a: 'pass' }));
    const other = { ...rec(1, { a: 'pass' }), trial: { ...rec(1, {}).trial, scenario: 'sessions' } };
    expect(compareWithRepetitions(root, [ran(other)], dirOf)).toEqual([
      `${CELL.replace('tools-basics', 'sessions')}/k1.json: not committed (no repetition of ${CELL.replace('tools-basics', 'sessions')})`,
      `${CELL}/k1.json: committed, but npm run libraries no longer produces its cell`,
    ]);
  });
});
