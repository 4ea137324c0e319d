import { parseJsonBounded } from '../../../bench/judge/bounded-json.ts';
import type { WireResult } from '../../wire/client.ts';

/**
 * The JSON values a response carried (its JSON body, then each SSE event's data), skipping what does not parse.
 * Plans use it to adapt the flow to what the server said (a taskId, a negotiated version); judges never see it.
 */
export function replies(r: WireResult | undefined): unknown[] {
  const out: unknown[] = [];
  for (const text of [r?.body.toString('utf8') ?? '', ...(r?.sse.map((e) => e.data) ?? [])]) {
    // Not JSON (empty body, priming event, garbage) or too deep to walk safely: nothing to adapt to.
    const v = parseJsonBounded(text);
    if (v !== undefined) out.push(v);
  }
  return out;
}

/** The first `result` object among the replies (of the response with `id`, when given). */
export function resultIn(r: WireResult | undefined, id?: number | string): Record<string, unknown> | undefined {
  for (const m of replies(r)) {
    if (typeof m !== 'object' || m === null) continue;
    const msg = m as { id?: unknown; result?: unknown };
    if (id !== undefined && msg.id !== id) continue;
    if (typeof msg.result === 'object' && msg.result !== null && !Array.isArray(msg.result))
      return msg.result as Record<string, unknown>;
  }
  return undefined;
}
