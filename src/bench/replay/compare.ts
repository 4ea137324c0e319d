import type { Verdict } from '../schema/verdict.ts';
import type { ExchangeView } from './exchanges.ts';

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

export interface Comparison<E extends ExchangeView = ExchangeView> {
  verdicts: VerdictPair[];
  /** Checkpoints whose outcome differs. */
  differing: number;
  /** First exchange whose signature differs, if any. */
  firstDivergence?: Divergence<E>;
  /** Exchanges compared before the first divergence (all of them when none). */
  sameCount: number;
}

/** Signature of an exchange: request line + JSON-RPC methods; status, media type, body shape, SSE count, outcome. */
export function signature(e: ExchangeView): ExchangeSignature {
  const path = e.path.split('?')[0];
  return {
    request: `${e.method} ${path} ${e.rpc.join(',')}`,
    response: e.error
      ? `error ${e.error.code}`
      : `${e.status ?? 'none'} ${e.responseBody?.mediaType ?? (e.sse.length ? 'text/event-stream' : '')} ${e.sse.length ? `sse×${e.sse.length}` : e.responseShape}`,
  };
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
  return {
    verdicts,
    differing: verdicts.filter((v) => !v.same).length,
    ...(firstDivergence ? { firstDivergence } : {}),
    sameCount: i,
  };
}
