import { describe, expect, it } from 'vitest';
import { WireRecorder } from './recorder.ts';
import { WIRE_LIMITS, WireEventSchema } from '../../bench/schema/wire-event.ts';

describe('WireRecorder field limits', () => {
  it('cuts a peer-sent SSE event name past the record limit, notes the cut, and the log still parses', () => {
    const r = new WireRecorder('prober');
    r.push({ type: 'sse', x: 1, event: 'e'.repeat(WIRE_LIMITS.label + 900), id: 'a', data: '{}' } as never);
    const log = r.log();
    const sse = log.events.find((e) => e.type === 'sse') as { event: string; id: string };
    expect(sse.event).toHaveLength(WIRE_LIMITS.label);
    expect(sse.id).toBe('a');
    expect(log.events.find((e) => e.type === 'note')).toMatchObject({
      x: 1,
      text: expect.stringContaining('the SSE event name'),
    });
    for (const e of log.events) expect(WireEventSchema.safeParse(e).success).toBe(true);
  });

  it('keeps an event within the limits as sent, with no note', () => {
    const r = new WireRecorder('prober');
    r.push({ type: 'sse', x: 1, event: 'message', data: '{}' } as never);
    expect(r.log().events.map((e) => e.type)).toEqual(['sse']);
  });

  it('drops headers past the header-count limit and cuts long values', () => {
    const r = new WireRecorder('prober');
    const headers = Array.from(
      { length: WIRE_LIMITS.headers + 5 },
      (_, i) => [`h${i}`, 'v'.repeat(i === 0 ? WIRE_LIMITS.headerValue + 1 : 1)] as [string, string],
    );
    r.push({ type: 'response', x: 1, status: 200, headers } as never);
    const res = r.log().events[0] as { headers: [string, string][] };
    expect(res.headers).toHaveLength(WIRE_LIMITS.headers);
    expect(res.headers[0]![1]).toHaveLength(WIRE_LIMITS.headerValue);
  });
});
