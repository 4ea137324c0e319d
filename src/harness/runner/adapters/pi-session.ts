import type { Usage } from '../../../bench/schema/usage.ts';

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

/** Usage of a pi session (JSONL v3): tokens and cost summed over assistant messages, their tool calls and turns. */
export function piSessionUsage(jsonl: string): Usage {
  const u = { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0, costUsd: 0, toolCalls: 0, turns: 0 };
  for (const line of jsonl.split('\n')) {
    if (!line.trim()) continue;
    let e: PiEntry;
    try {
      e = JSON.parse(line) as PiEntry;
    } catch {
      continue; // a torn last line (pi killed mid-write) is skipped, not fatal
    }
    const m = e.message;
    if (e.type !== 'message' || m?.role !== 'assistant') continue;
    u.turns += 1;
    u.inputTokens += m.usage?.input ?? 0;
    u.outputTokens += m.usage?.output ?? 0;
    u.cacheReadTokens += m.usage?.cacheRead ?? 0;
    u.cacheWriteTokens += m.usage?.cacheWrite ?? 0;
    u.costUsd += m.usage?.cost?.total ?? 0;
    if (Array.isArray(m.content)) u.toolCalls += m.content.filter((c: { type?: string }) => c?.type === 'toolCall').length;
  }
  return { ...u, costUsd: Math.round(u.costUsd * 1e6) / 1e6 };
}

/**
 * Why a pi session never started working, or undefined when at least one model reply succeeded. A session without
 * any successful reply (no credentials, unknown model, provider down) says nothing about the model: infra-error.
 */
export function piNoReplyReason(jsonl: string | undefined, log: string): string | undefined {
  const entries = (jsonl ?? '').split('\n').flatMap((l) => {
    try {
      return [JSON.parse(l) as PiEntry & { message?: { stopReason?: string; errorMessage?: string } }];
    } catch {
      return [];
    }
  });
  const replies = entries.filter((e) => e.type === 'message' && e.message?.role === 'assistant');
  if (replies.some((e) => e.message?.stopReason !== 'error')) return undefined;
  const why = replies.at(-1)?.message?.errorMessage ?? log.split('\n').find((l) => l.trim())?.trim() ?? 'pi exited without output';
  return `agent never got a model reply: ${why.slice(0, 300)}`;
}

/** Values that must never reach a committed transcript: credential-looking env values and auth.json strings. */
export function secretValues(env: NodeJS.ProcessEnv, authJson?: string): string[] {
  const out = new Set<string>();
  for (const [k, v] of Object.entries(env)) if (v && v.length >= 8 && /KEY|TOKEN|SECRET|PASSWORD|CREDENTIAL|AUTH/i.test(k)) out.add(v);
  if (authJson) {
    const walk = (x: unknown): void => {
      if (typeof x === 'string' && x.length >= 8) out.add(x);
      else if (x && typeof x === 'object') Object.values(x).forEach(walk);
    };
    try {
      walk(JSON.parse(authJson));
    } catch {
      // unreadable auth.json: nothing to collect
    }
  }
  // Canaries are not secrets but tripwires: redacting one would hide the very leak it exists to show.
  return [...out].filter((v) => !v.startsWith('mcpfs-canary-')).sort((a, b) => b.length - a.length);
}

/** Replace every occurrence of a secret (also JSON-escaped) with `[redacted]`. */
export function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const s of secrets) {
    for (const form of new Set([s, JSON.stringify(s).slice(1, -1)])) out = out.split(form).join('[redacted]');
  }
  return out;
}
