import { describe, expect, it } from 'vitest';
import type { Verdict } from '../schema/verdict.ts';
import type { SchemaFinding, TrialSchemaReport } from '../wire-schema/types.ts';
import { skippedReport } from '../wire-schema/types.ts';
import { exchangeViews } from './exchanges.ts';
import { fixtureRow, hostileWireLog } from './fixtures.ts';
import {
  schemaExchangesByCheckpoint,
  schemaFindingsByExchange,
  schemaNotesByExchange,
  schemaSummary,
} from './schema.ts';
import { replayView } from './view.ts';

const HREF = '/base/trials/fixture-trial-1/';
const v = (checkpoint: string, evidence: number[]): Verdict => ({
  checkpoint,
  spec: '251125-transports-1',
  level: 'MUST',
  verdict: 'pass',
  evidence,
  message: 'm',
});
const finding: SchemaFinding = {
  x: 3,
  where: 'sse',
  sse: 1,
  sender: 'subject',
  method: 'tools/list',
  def: 'ListToolsResult',
  at: '/result',
  errors: [{ pointer: '/result', keyword: 'required', message: "must have required property 'ttlMs'" }],
  moreErrors: 2,
  checkpoints: ['a'],
};
const report: TrialSchemaReport = {
  status: 'checked',
  messages: 9,
  steps: [],
  findings: [
    finding,
    {
      ...finding,
      x: 0,
      where: 'request',
      sse: undefined,
      batch: 1,
      sender: 'harness',
      def: 'JSONRPCMessage',
      checkpoints: [],
      declared: 'a probe step that breaks the schema on purpose',
    },
  ],
  notes: [{ x: 3, where: 'response', sender: 'subject', text: 'answers no request seen with id 7: envelope only' }],
  moreFindings: 0,
  moreNotes: 0,
};

describe('replay: schema findings', () => {
  it('groups findings by exchange with place, sender, definition and errors', () => {
    const byX = schemaFindingsByExchange(report, 'prober');
    expect(byX.get(3)).toEqual([
      {
        place: 'SSE event 1',
        sender: 'subject (the server under test)',
        method: 'tools/list',
        def: 'ListToolsResult',
        errors: finding.errors,
        moreErrors: 2,
        checkpoints: ['a'],
      },
    ]);
    expect(byX.get(0)![0]).toMatchObject({
      place: 'request body [1]',
      sender: 'harness (prober)',
      def: 'JSONRPCMessage',
      checkpoints: [],
      declared: 'a probe step that breaks the schema on purpose',
    });
    expect(byX.get(3)![0]!.declared).toBeUndefined();
    expect(schemaFindingsByExchange(report, 'reference').get(3)![0]!.sender).toBe('subject (the client under test)');
    expect(schemaNotesByExchange(report).get(3)).toEqual([
      'response body: answers no request seen with id 7: envelope only',
    ]);
    expect(schemaFindingsByExchange(skippedReport('x')).size).toBe(0);
  });

  it('lists, per checkpoint, the evidence exchanges that carry findings', () => {
    expect([...schemaExchangesByCheckpoint(report)]).toEqual([['a', [3]]]);
  });

  it('summarises a checked and a skipped trial in one line', () => {
    expect(schemaSummary(report)).toEqual({
      status: 'checked',
      line: '9 JSON-RPC messages checked against the pinned schema: 2 findings (1 subject, 1 harness); 1 message only partly checked.',
      capped: false,
    });
    expect(schemaSummary({ ...report, findings: [], notes: [] }).line).toBe(
      '9 JSON-RPC messages checked against the pinned schema: no findings.',
    );
    expect(schemaSummary(skippedReport('pinned schema for 2025-11-25 not found (/x)'))).toEqual({
      status: 'skipped',
      line: 'Schema validation skipped: pinned schema for 2025-11-25 not found (/x).',
      capped: false,
    });
  });

  it('puts findings on their exchange (none elsewhere), even when no verdict names it', () => {
    const views = exchangeViews(hostileWireLog(), [], report);
    expect(views.filter((e) => e.schema.length > 0).map((e) => e.x)).toEqual([0, 3]);
    expect(views[3]!.verdicts).toEqual([]);
    expect(views[3]!.schemaNotes).toHaveLength(1);
    expect(exchangeViews(hostileWireLog(), []).every((e) => e.schema.length === 0)).toBe(true);
  });

  it('links a verdict to the schema findings on its evidence, leaving the verdict as it is', () => {
    const trial = fixtureRow([v('a', [3]), v('b', [1])], { schema: report });
    const r = replayView({ trial, log: hostileWireLog(), trialHref: HREF });
    expect(r.verdicts.map((x) => [x.checkpoint, x.verdict, x.schemaLinks])).toEqual([
      ['a', 'pass', [{ x: 3, href: `${HREF}#x-3` }]],
      ['b', 'pass', []],
    ]);
    expect(r.counts.schemaFindings).toBe(2);
    expect(r.schema.status).toBe('checked');
  });
});
