import { describe, expect, it } from 'vitest';
import { WireEventSchema, WireHeaderSchema } from '../schema/wire-event.ts';
import type { Verdict } from '../schema/verdict.ts';
import { evidenceByExchange, exchangeViews, wireMarks } from './exchanges.ts';
import { hostileWireLog } from './fixtures.ts';

const verdict = (checkpoint: string, v: Verdict['verdict'], evidence: number[]): Verdict => ({
  checkpoint,
  spec: null,
  level: 'MUST',
  verdict: v,
  evidence,
  message: `${checkpoint} ${v}`,
});

describe('the hostile fixture', () => {
  it('is a valid wire log', () => {
    const log = hostileWireLog();
    expect(WireHeaderSchema.safeParse(log.header).success).toBe(true);
    for (const e of log.events) expect(WireEventSchema.safeParse(e).success, JSON.stringify(e)).toBe(true);
  });
});

describe('exchangeViews', () => {
  const views = exchangeViews(hostileWireLog(), [
    verdict('a', 'fail', [3, 5]),
    verdict('b', 'pass', [3]),
    verdict('c', 'not-applicable', []),
  ]);

  it('reassembles every exchange in order with request line, status and JSON-RPC methods', () => {
    expect(views.map((v) => v.x)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(views[0]).toMatchObject({
      anchor: 'x-0',
      method: 'POST',
      path: '/mcp',
      status: 200,
      rpc: ['initialize'],
      step: 'initialize',
    });
    expect(views[0]!.responseBody?.kind).toBe('json');
  });

  it('keeps SSE events with id, event name and retry, and the stream end reason', () => {
    expect(views[1]!.sse.map((s) => s.id)).toEqual(['e1', '<img src=x onerror="alert(\'xss-onerror\')">', 'e3']);
    expect(views[1]!.sse[2]!.data.kind).toBe('json');
    expect(views[2]!.sse[0]).toMatchObject({ retry: 3000, data: { kind: 'text' } });
    expect(views[2]!.end?.reason).toBe('timeout');
    expect(views[2]!.tEnd).toBe(95);
  });

  it('gives how long after its request the status line came (page text: "status after …"), none without a response', () => {
    expect(views[1]).toMatchObject({ t: 10, tResponse: 12, statusAfterMs: 2 });
    expect(views[5]!.statusAfterMs).toBeUndefined();
  });

  it('marks an exchange with a transport error and no response', () => {
    expect(views[5]!.status).toBeUndefined();
    expect(views[5]!.error?.code).toBe('ECONNRESET');
  });

  it('lists on each exchange the verdicts it evidences, and flags failing ones', () => {
    expect(views[3]!.verdicts.map((r) => `${r.checkpoint}:${r.verdict}`)).toEqual(['a:fail', 'b:pass']);
    expect(views[3]!.failing).toBe(true);
    expect(views[5]!.failing).toBe(true);
    expect(views[0]!.verdicts).toEqual([]);
    expect(views[0]!.failing).toBe(false);
  });
});

describe('evidenceByExchange', () => {
  it('counts a verdict once per exchange even if its evidence repeats an index', () => {
    const m = evidenceByExchange([verdict('a', 'fail', [1, 1])]);
    expect(m.get(1)).toHaveLength(1);
  });
});

describe('wireMarks', () => {
  it('keeps connection events and exchange-less errors and notes', () => {
    const kinds = wireMarks(hostileWireLog()).map((m) => m.kind);
    expect(kinds.filter((k) => k === 'conn-open')).toHaveLength(2);
    expect(kinds).toContain('error');
    expect(kinds).toContain('note');
  });
});

describe('truncations in the replay', () => {
  it('shows a cut exchange and a cut trial as notes naming the cap', () => {
    const log = hostileWireLog();
    const x = log.events.find((e) => e.type === 'request')!.x;
    log.events.push({
      type: 'truncated',
      t: 200,
      x,
      cap: 'response-events',
      limit: 1000,
      text: 'cap of 1000 SSE events per response reached: the rest was not recorded',
    });
    log.events.push({ type: 'truncated', t: 201, cap: 'trial-bytes', limit: 8, text: 'cap reached' });
    const view = exchangeViews(log, []).find((v) => v.x === x)!;
    expect(view.notes.at(-1)?.text).toBe(
      'truncated (response-events, limit 1000): cap of 1000 SSE events per response reached: the rest was not recorded',
    );
    expect(wireMarks(log).at(-1)).toMatchObject({
      kind: 'note',
      text: 'truncated (trial-bytes, limit 8): cap reached',
    });
  });
});
