import { describe, expect, it } from 'vitest';
import type { Verdict } from '../schema/verdict.ts';
import type { WireEvent, WireLog } from '../schema/wire-event.ts';
import { compareTrials, signature } from './compare.ts';
import { exchangeViews } from './exchanges.ts';
import { bigWireLog } from './fixtures.ts';

const v = (checkpoint: string, verdict: Verdict['verdict']): Verdict => ({
  checkpoint,
  spec: null,
  level: 'MUST',
  verdict,
  evidence: [],
  message: verdict,
});

function withStatus(log: WireLog, x: number, status: number): WireLog {
  return { ...log, events: log.events.map((e) => (e.type === 'response' && e.x === x ? { ...e, status } : e)) };
}

describe('compareTrials', () => {
  const base = exchangeViews(bigWireLog(10), []);

  it('finds no divergence between two identical conversations, ignoring timings', () => {
    const later = exchangeViews({ ...bigWireLog(10, '2026-11-02T00:00:00.000Z') }, []);
    const c = compareTrials(
      { verdicts: [v('a', 'pass')], exchanges: base },
      { verdicts: [v('a', 'pass')], exchanges: later },
    );
    expect(c.firstDivergence).toBeUndefined();
    expect(c.sameCount).toBe(10);
    expect(c.differing).toBe(0);
  });

  it('names the first exchange whose status differs', () => {
    const other = exchangeViews(withStatus(bigWireLog(10), 3, 500), []);
    const c = compareTrials({ verdicts: [], exchanges: base }, { verdicts: [], exchanges: other });
    expect(c.firstDivergence?.index).toBe(3);
    expect(c.firstDivergence?.differences[0]).toContain('"200 result" vs "500 result"');
  });

  it('treats one answer framed as JSON and as an SSE stream (after a priming event) as the same exchange', () => {
    const json = bigWireLog(1);
    const result = json.events.flatMap((e) => (e.type === 'body' ? [e.body.data] : []))[0]!;
    const sse: WireLog = {
      ...json,
      events: json.events.flatMap((e): WireEvent[] =>
        e.type === 'response'
          ? [{ ...e, headers: [['Content-Type', 'text/event-stream']] as [string, string][] }]
          : e.type === 'body'
            ? [
                { type: 'sse' as const, t: e.t, x: e.x, id: 'p', data: '' },
                { type: 'sse' as const, t: e.t, x: e.x, id: 'r', data: result },
              ]
            : [e],
      ),
    };
    const [a] = exchangeViews(json, []);
    const [b] = exchangeViews(sse, []);
    expect(signature(b!).response).toBe('200 result');
    expect(compareTrials({ verdicts: [], exchanges: [a!] }, { verdicts: [], exchanges: [b!] }).firstDivergence).toBe(
      undefined,
    );
  });

  it('anchors on the first exchange a differing verdict cites, not on the first exchange of another shape', () => {
    const other = exchangeViews(withStatus(bigWireLog(10), 0, 500), []);
    const cite = (verdict: Verdict, evidence: number[]): Verdict => ({ ...verdict, evidence });
    const c = compareTrials(
      {
        verdicts: [cite(v('same', 'pass'), [1]), cite(v('late', 'fail'), [8]), cite(v('early', 'fail'), [6])],
        exchanges: base,
      },
      {
        verdicts: [cite(v('same', 'pass'), [1]), cite(v('late', 'pass'), [9]), cite(v('early', 'pass'), [])],
        exchanges: other,
      },
    );
    expect(c.firstDivergence?.index).toBe(0);
    expect(c.anchor?.pair.checkpoint).toBe('early');
    expect([c.anchor?.a?.x, c.anchor?.b?.x]).toEqual([6, 6]);
    expect(
      compareTrials({ verdicts: [v('x', 'pass')], exchanges: base }, { verdicts: [v('x', 'fail')], exchanges: base })
        .anchor,
    ).toBeUndefined();
  });

  it('reads the JSON-RPC shape of a body too long to display in full, instead of calling it unparsable', () => {
    // A result larger than the display cap: its shape must still be "result", from the body parsed once.
    const long = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      result: { content: [{ type: 'text', text: 'x'.repeat(40_000) }] },
    });
    const log: WireLog = {
      ...bigWireLog(1),
      events: bigWireLog(1).events.map((e) =>
        e.type === 'body' ? { ...e, body: { encoding: 'utf8', data: long, bytes: long.length, truncated: false } } : e,
      ),
    };
    expect(signature(exchangeViews(log, [])[0]!).response).toBe('200 result');
  });

  it('reports an exchange only one trial has', () => {
    const c = compareTrials({ verdicts: [], exchanges: base }, { verdicts: [], exchanges: base.slice(0, 4) });
    expect(c.firstDivergence).toMatchObject({ index: 4, differences: ['only in the first trial'] });
  });

  it('puts verdicts side by side, including checkpoints only one trial has', () => {
    const c = compareTrials(
      { verdicts: [v('a', 'pass'), v('b', 'fail')], exchanges: [] },
      { verdicts: [v('b', 'pass'), v('c', 'fail')], exchanges: [] },
    );
    expect(c.verdicts.map((p) => [p.checkpoint, p.a?.verdict, p.b?.verdict, p.same])).toEqual([
      ['a', 'pass', undefined, false],
      ['b', 'fail', 'pass', false],
      ['c', undefined, 'fail', false],
    ]);
    expect(c.differing).toBe(3);
  });
});

describe('signature', () => {
  it('ignores the query string but not the method or JSON-RPC method', () => {
    const [a] = exchangeViews(bigWireLog(1), []);
    expect(signature({ ...a!, path: '/mcp?x=1' }).request).toBe(signature(a!).request);
    expect(signature({ ...a!, method: 'GET' }).request).not.toBe(signature(a!).request);
    expect(signature({ ...a!, rpc: ['ping'] }).request).not.toBe(signature(a!).request);
  });
});
