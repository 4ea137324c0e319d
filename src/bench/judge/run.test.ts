import { describe, expect, it } from 'vitest';
import type { Scenario } from '../schema/scenario.ts';
import { VerdictSchema } from '../schema/verdict.ts';
import type { WireEvent, WireLog } from '../schema/wire-event.ts';
import * as F25 from './2025-11-25/server/test-logs.ts';
import { wireLog } from './2025-11-25/server/test-logs.ts';
import * as F26 from './2026-07-28/server/test-logs.ts';
import { stateless } from './2026-07-28/server/test-logs.ts';
import { JUDGES } from './registry.ts';
import { judgeTrial, JudgeError, MESSAGE_MAX } from './run.ts';
import type { JudgeRegistry } from './types.ts';

const DEEP = 30_000;
const deepArray = '['.repeat(DEEP) + ']'.repeat(DEEP);
const deepObject = '{"a":'.repeat(DEEP) + '1' + '}'.repeat(DEEP);

/** Every judge of a revision and role as one scenario (judgeTrial reads only revision, role and the checkpoints). */
function allJudges(revision: '2025-11-25' | '2026-07-28', role: 'server' | 'client'): Scenario {
  const slugs = Object.keys(JUDGES[revision]?.[role] ?? {});
  return {
    id: 'all',
    revision,
    role,
    tools: [],
    checkpoints: slugs.map((slug) => ({ slug, level: 'MUST', spec: null })),
  } as unknown as Scenario;
}

const body = (s: string) => ({ encoding: 'utf8' as const, data: s, bytes: Buffer.byteLength(s), truncated: false });

/**
 * Well-formed logs whose bodies and SSE events carry JSON nested 30,000 deep: (1) each response answers its own
 * request's id with a deep result, and SSE adds a deep error; (2) every body, requests included (client-role judges
 * read those), is one of several deep messages (deep id, deep error data, a deep batch, deep params).
 */
function hostile(revision: '2025-11-25' | '2026-07-28', perspective: 'prober' | 'reference'): WireLog[] {
  // Each revision's conformant server-role logs, so every probe step is there to be answered with deep JSON.
  const exs =
    revision === '2025-11-25'
      ? [...F25.basics(), ...F25.sessions(), ...F25.streaming(), ...F25.tasks()]
      : [...F26.stateless(), ...F26.paramHeaders(), ...F26.multiRoundTrip(), ...F26.tasks()];
  const base = wireLog(exs);
  const idOf = new Map<number, string>();
  for (const e of base.events)
    if (e.type === 'request')
      idOf.set(e.x, JSON.stringify((JSON.parse(e.body.data || '{}') as { id?: unknown }).id ?? null));
  const answering: WireEvent[] = base.events.flatMap((e): WireEvent[] =>
    e.type === 'body'
      ? [
          { ...e, body: body(`{"jsonrpc":"2.0","id":${idOf.get(e.x)},"result":${deepArray}}`) },
          {
            type: 'sse',
            t: e.t,
            x: e.x,
            data: `{"jsonrpc":"2.0","id":${idOf.get(e.x)},"error":{"code":1,"message":"m","data":${deepObject}}}`,
          },
        ]
      : [e],
  );
  const variants = [
    `{"jsonrpc":"2.0","id":1,"result":${deepArray}}`,
    `{"jsonrpc":"2.0","id":${deepArray},"result":{}}`,
    `{"jsonrpc":"2.0","id":2,"error":{"code":-32600,"message":"m","data":${deepObject}}}`,
    `[${deepObject}]`,
    `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"add","arguments":${deepObject},"_meta":${deepArray}}}`,
  ];
  let i = 0;
  const everywhere: WireEvent[] = base.events.flatMap((e): WireEvent[] => {
    if (e.type === 'request') return [{ ...e, body: body(variants[i++ % variants.length]!) }];
    if (e.type === 'body')
      return [
        { ...e, body: body(variants[i++ % variants.length]!) },
        { type: 'sse', t: e.t, x: e.x, data: variants[i++ % variants.length]! },
      ];
    return [e];
  });
  return [answering, everywhere].map((events) => ({ header: { ...base.header, perspective }, events }));
}

describe('judgeTrial on hostile traces', () => {
  for (const revision of ['2025-11-25', '2026-07-28'] as const) {
    for (const role of ['server', 'client'] as const) {
      it(`judges JSON nested ${DEEP} deep with every ${revision} ${role} judge, one valid verdict each, none crashed`, () => {
        const scenario = allJudges(revision, role);
        expect(scenario.checkpoints.length).toBeGreaterThan(0);
        for (const log of hostile(revision, role === 'server' ? 'prober' : 'reference')) {
          const verdicts = judgeTrial(scenario, log, JUDGES);
          expect(verdicts.map((v) => v.checkpoint)).toEqual(scenario.checkpoints.map((c) => c.slug));
          for (const v of verdicts) expect(VerdictSchema.safeParse(v).success, v.checkpoint).toBe(true);
          // Bounded parsing means no judge even gets to throw on this.
          expect(verdicts.filter((v) => v.message.includes('could not judge'))).toEqual([]);
        }
      });
    }
  }

  it('turns a judge that throws into a failed verdict naming the error, and judges the rest', () => {
    const registry: JudgeRegistry = {
      '2026-07-28': {
        server: {
          boom: () => {
            throw new RangeError('Maximum call stack size exceeded');
          },
          fine: () => ({ verdict: 'pass', evidence: [0], message: 'ok' }),
        },
      },
    };
    const scenario = {
      id: 's',
      revision: '2026-07-28',
      role: 'server',
      checkpoints: [
        { slug: 'boom', level: 'MUST', spec: null },
        { slug: 'fine', level: 'MUST', spec: null },
      ],
    } as unknown as Scenario;
    const [boom, fine] = judgeTrial(scenario, wireLog(stateless()), registry);
    expect(boom).toMatchObject({ checkpoint: 'boom', verdict: 'fail', evidence: [] });
    expect(boom!.message).toContain('RangeError: Maximum call stack size exceeded');
    expect(fine).toMatchObject({ checkpoint: 'fine', verdict: 'pass' });
  });

  it('still throws JudgeError when a checkpoint has no judge (a defect of the benchmark, not of the subject)', () => {
    const scenario = {
      id: 's',
      revision: '2026-07-28',
      role: 'server',
      checkpoints: [{ slug: 'nobody', level: 'MUST', spec: null }],
    } as unknown as Scenario;
    expect(() => judgeTrial(scenario, wireLog(stateless()), {})).toThrow(JudgeError);
  });

  it(`cuts a verdict message to ${MESSAGE_MAX} characters`, () => {
    const registry: JudgeRegistry = {
      '2026-07-28': { server: { long: () => ({ verdict: 'fail', evidence: [], message: 'x'.repeat(100_000) }) } },
    };
    const scenario = {
      id: 's',
      revision: '2026-07-28',
      role: 'server',
      checkpoints: [{ slug: 'long', level: 'MUST', spec: null }],
    } as unknown as Scenario;
    const [v] = judgeTrial(scenario, wireLog([]), registry);
    expect(v!.message.length).toBe(MESSAGE_MAX);
    expect(v!.message.endsWith('…')).toBe(true);
  });
});
