import type { Usage } from '../schema/usage.ts';

interface PiUsage {
  input?: number;
  output?: number;
  cacheRead?: number;
  cacheWrite?: number;
  cost?: { total?: number };
}
interface PiEntry {
  type?: string;
  message?: { role?: string; usage?: PiUsage; content?: unknown };
}

/** The usage fields a pi transcript determines (all but wall time), in record order. */
export const PI_USAGE_FIELDS = [
  'inputTokens',
  'outputTokens',
  'cacheReadTokens',
  'cacheWriteTokens',
  'costUsd',
  'toolCalls',
  'turns',
] as const;

/**
 * Usage of a pi session (JSONL v3): tokens and cost summed over assistant messages, their tool calls and turns. The
 * runner stores this in the record; derive recomputes it from the stored transcript, so the two must agree.
 */
export function piSessionUsage(jsonl: string): Usage {
  const u = {
    inputTokens: 0,
    outputTokens: 0,
    cacheReadTokens: 0,
    cacheWriteTokens: 0,
    costUsd: 0,
    toolCalls: 0,
    turns: 0,
  };
  for (const line of jsonl.split('\n')) {
    if (!line.trim()) continue;
    let e: PiEntry | null;
    try {
      e = JSON.parse(line) as PiEntry | null; // a line may hold any JSON value
    } catch {
      continue; // a torn last line (pi killed mid-write) is skipped, not fatal
    }
    const m = e?.message;
    if (e?.type !== 'message' || m?.role !== 'assistant') continue;
    u.turns += 1;
    u.inputTokens += num(m.usage?.input);
    u.outputTokens += num(m.usage?.output);
    u.cacheReadTokens += num(m.usage?.cacheRead);
    u.cacheWriteTokens += num(m.usage?.cacheWrite);
    u.costUsd += num(m.usage?.cost?.total);
    if (Array.isArray(m.content))
      u.toolCalls += m.content.filter((c: { type?: string } | null) => c?.type === 'toolCall').length;
  }
  return { ...u, costUsd: Math.round(u.costUsd * 1e6) / 1e6 };
}

/** A count from the transcript: only finite non-negative numbers count (a hostile line cannot make the sum NaN). */
const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : 0);
