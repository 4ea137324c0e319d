import { describe, expect, it } from 'vitest';
import { loadPinnedSchemas } from '../../harness/io/schema.ts';
import { formatProblem } from '../problems.ts';
import { schemaGate, withDeclarations, type SchemaExemptions, type SchemaGateTrial } from './gate.ts';
import { req2026, res, TestLog } from './test-log.ts';
import type { SchemaFinding, TrialSchemaReport } from './types.ts';
import { skippedReport } from './types.ts';
import { validateWireLog } from './validate.ts';

const WIRE = 'results/2026-07-28/server/stateless-tools/none/calibration/oracle/k1.wire.jsonl';
const finding = (over: Partial<SchemaFinding> = {}): SchemaFinding => ({
  x: 2,
  where: 'response',
  sender: 'subject',
  method: 'tools/list',
  def: 'ListToolsResult',
  at: '/result',
  errors: [{ pointer: '/result', keyword: 'required', message: "must have required property 'ttlMs'" }],
  moreErrors: 0,
  ...over,
});
const report = (findings: SchemaFinding[], steps: string[] = []): TrialSchemaReport => ({
  status: 'checked',
  messages: 10,
  steps,
  findings,
  notes: [],
  moreFindings: 0,
  moreNotes: 0,
});
const trial = (subject: string, schema: TrialSchemaReport, over: Partial<SchemaGateTrial> = {}): SchemaGateTrial => ({
  wire: WIRE.replace('calibration/oracle', subject),
  revision: '2026-07-28',
  role: 'server',
  subject,
  schema,
  ...over,
});
const RERUN =
  ' (fixed already? then the record is older than the fix: re-run it with `npm run calibrate`, or `npm run libraries` for library records)';
const NONE: SchemaExemptions = { steps: {}, mutants: {} };
const gate = (trials: SchemaGateTrial[], ex: SchemaExemptions = NONE) => schemaGate(trials, ex).map(formatProblem);

describe('schemaGate', () => {
  it("passes trials of our side without findings, and ignores other subjects' findings", () => {
    expect(
      gate([
        trial('calibration/oracle', report([])),
        trial('library/x@1', report([finding()])),
        trial('calibration/null', report([])),
      ]),
    ).toEqual([]);
  });

  it('fails an oracle finding path-first, naming the file to fix', () => {
    expect(gate([trial('calibration/oracle', report([finding()]))])).toEqual([
      `${WIRE}: x2 response body: ListToolsResult /result: must have required property 'ttlMs' (required)\n  hint: the oracle server sent it: fix src/harness/oracle/2026-07-28/server/${RERUN}`,
    ]);
  });

  it('fails a harness finding unless its probe step is declared deliberately invalid', () => {
    const h = finding({
      x: 11,
      where: 'request',
      sender: 'harness',
      method: 'tools/list',
      def: 'ListToolsRequest',
      step: 'capabilities-missing',
    });
    const ex: SchemaExemptions = { steps: { '2026-07-28': { 'capabilities-missing': 'on purpose' } }, mutants: {} };
    expect(gate([trial('calibration/null', report([h], ['capabilities-missing']))], ex)).toEqual([]);
    expect(gate([trial('calibration/null', report([h], ['capabilities-missing']))])[0]).toMatch(
      /^results\/.*\/null\/k1\.wire\.jsonl: x11 request body: ListToolsRequest .*\n {2}hint: the prober sent it: fix src\/harness\/probe\/2026-07-28\/ \(step "capabilities-missing"\), or, if the step breaks the schema on purpose, declare it/,
    );
    // The reference server (client role) has no exempt steps.
    expect(
      gate([trial('calibration/oracle', report([{ ...h, where: 'response' }]), { role: 'client' })], ex)[0],
    ).toMatch(/hint: the reference server sent it: fix src\/harness\/reference\/2026-07-28\/ \(fixed already\?/);
  });

  it('fails a declared step whose requests validate (stale), but only where the step ran', () => {
    const ex: SchemaExemptions = { steps: { '2026-07-28': { 'capabilities-missing': 'on purpose' } }, mutants: {} };
    expect(gate([trial('calibration/oracle', report([], ['capabilities-missing']))], ex)).toEqual([
      'src/harness/probe/2026-07-28/schema-invalid-steps.ts: capabilities-missing: stale declaration: step "capabilities-missing" is declared schema-invalid, but its requests validate\n  hint: remove the entry (the step no longer breaks the schema)',
    ]);
    expect(gate([trial('calibration/oracle', report([], ['tools-list']))], ex)).toEqual([]);
  });

  it("exempts the reference server's answers on a declared label (client role), and fails the label when stale", () => {
    const h = finding({
      sender: 'harness',
      method: 'tools/call',
      def: 'CallToolResult',
      step: 'token without resultType',
    });
    const ex: SchemaExemptions = {
      steps: {},
      labels: { '2026-07-28': { 'token without resultType': 'on purpose' } },
      mutants: {},
    };
    const client = { role: 'client' as const };
    expect(gate([trial('calibration/oracle', report([h], ['token without resultType']), client)], ex)).toEqual([]);
    expect(gate([trial('calibration/oracle', report([h], ['token without resultType']), client)])[0]).toMatch(
      /hint: the reference server sent it/,
    );
    // A server-role probe step of the same name is not exempt by the label.
    expect(gate([trial('calibration/oracle', report([h], ['token without resultType']))], ex)).toHaveLength(1);
    expect(gate([trial('calibration/oracle', report([], ['token without resultType']), client)], ex)).toEqual([
      'src/harness/reference/2026-07-28/scripts.ts: token without resultType: stale declaration: reference label "token without resultType" is declared schema-invalid, but its answers validate\n  hint: remove the entry from SCHEMA_INVALID_LABELS (the reference no longer breaks the schema there)',
    ]);
  });

  it('holds a mutant to its declaration: undeclared findings fail, declared definitions pass, others fail', () => {
    const m = 'calibration/mutant-no-result-type';
    const decl: SchemaExemptions = {
      steps: {},
      mutants: { '2026-07-28': { server: { 'no-result-type': { reason: 'r', defs: ['ListToolsResult'] } } } },
    };
    expect(gate([trial(m, report([finding()]))])[0]).toMatch(
      /hint: mutant "no-result-type" is not declared schema-invalid: if its switch breaks the schema on purpose, set schemaInvalid: \{ reason, defs: \["ListToolsResult"\] \} on it in src\/harness\/oracle\/2026-07-28\/server\/mutants\.ts/,
    );
    expect(gate([trial(m, report([finding()]))], decl)).toEqual([]);
    expect(gate([trial(m, report([finding(), finding({ def: 'CallToolResult' })]))], decl)[0]).toMatch(
      /CallToolResult .*\n {2}hint: mutant "no-result-type" declares schemaInvalid only for ListToolsResult/,
    );
  });

  it('fails a mutant declaration no trial of the mutant needs (stale), and says nothing when the mutant did not run', () => {
    const decl: SchemaExemptions = {
      steps: {},
      mutants: {
        '2026-07-28': { server: { 'no-result-type': { reason: 'r', defs: ['ListToolsResult', 'DiscoverResult'] } } },
      },
    };
    expect(gate([trial('calibration/mutant-no-result-type', report([finding()]))], decl)).toEqual([
      'src/harness/oracle/2026-07-28/server/mutants.ts: no-result-type: stale declaration: mutant "no-result-type" declares schemaInvalid for DiscoverResult, but none of its trials has such a finding\n  hint: remove those definitions from schemaInvalid.defs (or the whole schemaInvalid), or recalibrate if the records are old',
    ]);
    expect(gate([trial('calibration/oracle', report([]))], decl)).toEqual([]);
  });

  it('marks deliberate findings with their declared reason, and no others', () => {
    const ex: SchemaExemptions = {
      steps: { '2026-07-28': { 'capabilities-missing': 'on purpose' } },
      mutants: {
        '2026-07-28': { server: { 'no-result-type': { reason: 'no resultType', defs: ['ListToolsResult'] } } },
      },
    };
    const step = finding({
      sender: 'harness',
      where: 'request',
      def: 'ListToolsRequest',
      step: 'capabilities-missing',
    });
    const t = trial('calibration/mutant-no-result-type', report([step, finding(), finding({ def: 'CallToolResult' })]));
    expect(withDeclarations(t, ex).findings.map((f) => f.declared)).toEqual(['on purpose', 'no resultType', undefined]);
    expect(
      withDeclarations(trial('calibration/oracle', report([finding()])), ex).findings[0]!.declared,
    ).toBeUndefined();
  });

  it('does not gate a trial whose schema check was skipped', () => {
    expect(gate([trial('calibration/oracle', skippedReport('pinned schema for 2026-07-28 not found'))])).toEqual([]);
  });
});

const S26 = loadPinnedSchemas().schemas['2026-07-28'];
describe.skipIf(!S26)('schemaGate on a validated wire log', () => {
  const listLog = (result: Record<string, unknown>) => {
    const b = new TestLog('prober');
    b.exchange(req2026(2, 'tools/list'), {
      json: res(2, { resultType: 'complete', tools: [{ name: 'add', inputSchema: { type: 'object' } }], ...result }),
    });
    return b.log();
  };
  const run = (result: Record<string, unknown>) =>
    gate([trial('calibration/oracle', validateWireLog(S26!, listLog(result)))]);

  it("fails on the oracle's old tools/list (no ttlMs, no cacheScope) and passes on the fixed one", () => {
    expect(run({})).toEqual([
      `${WIRE}: x0 response body: ListToolsResult /result: must have required property 'cacheScope' (required); /result: must have required property 'ttlMs' (required)\n  hint: the oracle server sent it: fix src/harness/oracle/2026-07-28/server/${RERUN}`,
    ]);
    expect(run({ ttlMs: 60000, cacheScope: 'public' })).toEqual([]);
  });
});
