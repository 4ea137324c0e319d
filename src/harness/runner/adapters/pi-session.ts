interface PiEntry {
  type?: string;
  message?: { role?: string; content?: unknown };
}

/** Usage of a pi session: computed in the pure core, where derive recomputes it from the stored transcript. */
export { piSessionUsage } from '../../../bench/derive/pi-usage.ts';

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
  const why =
    replies.at(-1)?.message?.errorMessage ??
    log
      .split('\n')
      .find((l) => l.trim())
      ?.trim() ??
    'pi exited without output';
  return `agent never got a model reply: ${why.slice(0, 300)}`;
}

/** Values that must never reach a committed transcript: credential-looking env values and auth.json strings. */
export function secretValues(env: NodeJS.ProcessEnv, authJson?: string): string[] {
  const out = new Set<string>();
  for (const [k, v] of Object.entries(env))
    if (v && v.length >= 8 && /KEY|TOKEN|SECRET|PASSWORD|CREDENTIAL|AUTH/i.test(k)) out.add(v);
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
