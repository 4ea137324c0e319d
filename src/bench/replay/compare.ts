import type { Verdict } from '../schema/verdict.ts';
import { messageShape, type ExchangeView, type SseEventView } from './exchanges.ts';

/** What two exchanges at the same position are compared on: the shape of the conversation, not ids or timings. */
export interface ExchangeSignature {
  request: string;
  response: string;
}

/** One checkpoint, both trials' verdicts. */
export interface VerdictPair {
  checkpoint: string;
  level: Verdict['level'];
  spec: string | null;
  a?: Verdict;
  b?: Verdict;
  same: boolean;
}

export interface Divergence<E extends ExchangeView = ExchangeView> {
  /** Position in both exchange lists (exchange indexes `a.x` and `b.x` may differ only if a log skipped numbers). */
  index: number;
  a?: E;
  b?: E;
  /** Which parts differ, e.g. "status 404 vs 400". */
  differences: string[];
}

/**
 * Where the verdicts part: the differing checkpoint whose cited exchanges come first, and on each side the first
 * exchange its verdict cites (or, when that side's verdict cites none, the exchange at the other side's position).
 */
export interface VerdictAnchor<E extends ExchangeView = ExchangeView> {
  pair: VerdictPair;
  a?: E;
  b?: E;
}

export interface Comparison<E extends ExchangeView = ExchangeView> {
  verdicts: VerdictPair[];
  /** Checkpoints whose outcome differs. */
  differing: number;
  /** The first exchange a differing verdict cites; undefined when no verdict differs or none cites an exchange. */
  anchor?: VerdictAnchor<E>;
  /** First exchange whose signature differs, if any. */
  firstDivergence?: Divergence<E>;
  /** Exchanges compared before the first divergence (all of them when none). */
  sameCount: number;
}

/** An SSE event's JSON-RPC shape; `null` for an event without data (a priming event, a keep-alive). */
function eventShape(e: SseEventView): string | null {
  if (e.data.kind === 'empty' || e.data.text.trim() === '') return null;
  if (e.data.kind !== 'json' || e.data.displayCut || e.data.truncated) return e.data.kind;
  try {
    return messageShape(JSON.parse(e.data.text));
  } catch {
    return 'json';
  }
}

/**
 * The JSON-RPC messages a response carried, whatever its framing: a JSON body's shape, or the shapes of an SSE
 * stream's events with data. The spec lets a server answer a POST either way, so `result` as JSON and `result` as
 * one SSE event are the same answer.
 */
function answer(e: ExchangeView): string {
  if (e.sse.length === 0) return e.responseShape;
  const shapes = e.sse.map(eventShape).filter((x): x is string => x !== null);
  return shapes.length ? shapes.join(',') : 'no message';
}

/** Signature of an exchange: request line + JSON-RPC methods; status and the JSON-RPC messages answered (framing aside). */
export function signature(e: ExchangeView): ExchangeSignature {
  const path = e.path.split('?')[0];
  return {
    request: `${e.method} ${path} ${e.rpc.join(',')}`,
    response: e.error ? `error ${e.error.code}` : `${e.status ?? 'none'} ${answer(e)}`,
  };
}

/** The differing verdict whose first cited exchange (either side) comes first; ties go to the verdict order. */
function verdictAnchor<E extends ExchangeView>(
  pairs: readonly VerdictPair[],
  a: readonly E[],
  b: readonly E[],
): VerdictAnchor<E> | undefined {
  let best: { pair: VerdictPair; at: number } | undefined;
  for (const p of pairs) {
    if (p.same) continue;
    const cited = [...(p.a?.evidence ?? []), ...(p.b?.evidence ?? [])];
    if (cited.length === 0) continue;
    const at = Math.min(...cited);
    if (!best || at < best.at) best = { pair: p, at };
  }
  if (!best) return undefined;
  const at = (list: readonly E[], x: number | undefined) => (x === undefined ? undefined : list.find((e) => e.x === x));
  const xa = best.pair.a?.evidence[0];
  const xb = best.pair.b?.evidence[0];
  const ea = at(a, xa ?? xb);
  const eb = at(b, xb ?? xa);
  return { pair: best.pair, ...(ea ? { a: ea } : {}), ...(eb ? { b: eb } : {}) };
}

function differences(a: ExchangeView | undefined, b: ExchangeView | undefined): string[] {
  if (!a || !b) return [a ? 'only in the first trial' : 'only in the second trial'];
  const sa = signature(a);
  const sb = signature(b);
  const out: string[] = [];
  if (sa.request !== sb.request) out.push(`request "${sa.request}" vs "${sb.request}"`);
  if (sa.response !== sb.response) out.push(`response "${sa.response}" vs "${sb.response}"`);
  return out;
}

/** Verdicts side by side (first trial's order, then checkpoints only the second has) and the first diverging exchange. */
export function compareTrials<E extends ExchangeView>(
  a: { verdicts: readonly Verdict[]; exchanges: readonly E[] },
  b: { verdicts: readonly Verdict[]; exchanges: readonly E[] },
): Comparison<E> {
  const bBy = new Map(b.verdicts.map((v) => [v.checkpoint, v]));
  const slugs = [
    ...a.verdicts.map((v) => v.checkpoint),
    ...b.verdicts.map((v) => v.checkpoint).filter((s) => !a.verdicts.some((v) => v.checkpoint === s)),
  ];
  const aBy = new Map(a.verdicts.map((v) => [v.checkpoint, v]));
  const verdicts = slugs.map((slug): VerdictPair => {
    const va = aBy.get(slug);
    const vb = bBy.get(slug);
    const any = (va ?? vb)!;
    return {
      checkpoint: slug,
      level: any.level,
      spec: any.spec,
      ...(va ? { a: va } : {}),
      ...(vb ? { b: vb } : {}),
      same: va?.verdict === vb?.verdict,
    };
  });
  const n = Math.max(a.exchanges.length, b.exchanges.length);
  let firstDivergence: Divergence<E> | undefined;
  let i = 0;
  for (; i < n; i++) {
    const d = differences(a.exchanges[i], b.exchanges[i]);
    if (d.length) {
      firstDivergence = {
        index: i,
        ...(a.exchanges[i] ? { a: a.exchanges[i] } : {}),
        ...(b.exchanges[i] ? { b: b.exchanges[i] } : {}),
        differences: d,
      };
      break;
    }
  }
  const anchor = verdictAnchor(verdicts, a.exchanges, b.exchanges);
  return {
    verdicts,
    differing: verdicts.filter((v) => !v.same).length,
    ...(anchor ? { anchor } : {}),
    ...(firstDivergence ? { firstDivergence } : {}),
    sameCount: i,
  };
}
