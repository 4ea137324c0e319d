import { describe, expect, it } from 'vitest';
import { loadPinnedSchemas } from '../../harness/io/schema.ts';
import { formatProblem } from '../problems.ts';
import type { SchemaExemptions } from '../wire-schema/gate.ts';
import type { SchemaSet } from '../wire-schema/types.ts';
import { derive } from './derive.ts';
import { calibrationFiles, fixtureRegistry, scenarioFile } from './test-fixtures.ts';

// The fixture's no-result mutant answers `{}`: not a JSON-RPC message, on purpose (declared like a real mutant).
const EXEMPT: SchemaExemptions = {
  steps: {},
  mutants: { '2025-11-25': { server: { 'no-result': { reason: 'answers {}', defs: ['JSONRPCMessage'] } } } },
};
const run = (schemas: SchemaSet | undefined, override: Parameters<typeof calibrationFiles>[0] = {}, gate = true) =>
  derive({
    scenarios: [scenarioFile()],
    results: calibrationFiles(override),
    judges: fixtureRegistry(),
    gate,
    schemaExemptions: EXEMPT,
    ...(schemas ? { schemas } : {}),
  });
const loaded = loadPinnedSchemas();
const RERUN =
  ' (fixed already? then the record is older than the fix: re-run it with `npm run calibrate`, or `npm run libraries` for library records)';
const ORACLE_WIRE = 'results/2025-11-25/server/fixture-echo/none/calibration/oracle/k1.wire.jsonl';
// The fixture oracle answers with a result whose id is null: the judges are satisfied, the schema is not.
const NULL_ID = { override: { oracle: { body: '{"jsonrpc":"2.0","id":null,"result":{}}' } } };

describe('derive: pinned-schema validation', () => {
  it('reports validation skipped, per revision and per trial, when no schema is given', () => {
    const d = run(undefined).dataset!;
    expect(d.schema).toEqual({
      revisions: [
        { revision: '2025-11-25', status: 'skipped', reason: 'no pinned schema was given to derive' },
        { revision: '2026-07-28', status: 'skipped', reason: 'no pinned schema was given to derive' },
      ],
      findings: { harness: 0, subject: 0 },
    });
    expect(new Set(d.trials.map((t) => t.schema.status))).toEqual(new Set(['skipped']));
  });

  it("names the missing file when a revision's schema is absent, and does not gate it", () => {
    const d = run(
      { schemas: {}, missing: [{ revision: '2025-11-25', path: '/spec/2025-11-25/schema/2025-11-25/schema.json' }] },
      NULL_ID,
    ).dataset!;
    expect(d.schema.revisions[0]).toEqual({
      revision: '2025-11-25',
      status: 'skipped',
      reason: 'pinned schema for 2025-11-25 not found (/spec/2025-11-25/schema/2025-11-25/schema.json)',
    });
  });

  describe.skipIf(!loaded.schemas['2025-11-25'])('with the pinned schema', () => {
    it('passes the fixture calibration, whose messages validate (unknown methods checked as envelopes only)', () => {
      const out = run(loaded);
      expect(out.problems).toEqual([]);
      expect(out.dataset!.schema.revisions[0]).toEqual({ revision: '2025-11-25', status: 'checked' });
      const oracle = out.dataset!.trials.find((t) => t.subject.id === 'calibration/oracle')!;
      expect(oracle.schema).toMatchObject({ status: 'checked', messages: 2, findings: [], steps: ['echo'] });
      expect(oracle.schema.notes.map((n) => n.text)).toEqual([
        'unknown request method "echo" in this revision\'s schema: envelope only',
        'result of unknown method "echo": envelope only',
      ]);
    });

    it('fails the calibration gate path-first on an oracle message that does not validate', () => {
      expect(run(loaded, NULL_ID).problems.map(formatProblem)).toEqual([
        `${ORACLE_WIRE}: x0 response body: JSONRPCResultResponse /id: must be string,integer (type)\n  hint: the oracle server sent it: fix src/harness/oracle/2025-11-25/server/${RERUN}`,
      ]);
    });

    it('keeps the finding in the data set with the checkpoints it touches, verdicts unchanged, when the gate is off', () => {
      const out = run(loaded, NULL_ID, false);
      const oracle = out.dataset!.trials.find((t) => t.subject.id === 'calibration/oracle')!;
      expect(oracle.schema.findings).toEqual([
        // id null answers no request: no method, and only the envelope is checked (said in a note).
        {
          x: 0,
          where: 'response',
          sender: 'subject',
          step: 'echo',
          def: 'JSONRPCResultResponse',
          at: '',
          errors: [{ pointer: '/id', keyword: 'type', message: 'must be string,integer' }],
          moreErrors: 0,
          checkpoints: ['task-echo-result', 'post-returns-200', 'response-has-extra'],
        },
      ]);
      expect(oracle.schema.notes.map((n) => n.text)).toContain('answers no request seen with id null: envelope only');
      expect(oracle.verdicts.map((v) => v.verdict)).toEqual(['pass', 'pass', 'pass', 'pass']);
      // The oracle's finding and the declared no-result mutant's, which carries the declaration's reason.
      expect(out.dataset!.schema.findings).toEqual({ harness: 0, subject: 2 });
      const mutant = out.dataset!.trials.find((t) => t.subject.id === 'calibration/mutant-no-result')!;
      expect(mutant.schema.findings.map((f) => [f.def, f.declared])).toEqual([['JSONRPCMessage', 'answers {}']]);
    });
  });
});
