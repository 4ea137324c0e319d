import type { ModelApi } from '../../../bench/schema/model-traffic.ts';

/** The proxy's base URL for one API, as a harness configures it (each SDK appends its own `/v1/...`). */
export function proxyBase(origin: string, api: ModelApi): string {
  if (api === 'anthropic-messages') return `${origin}/anthropic`;
  if (api === 'gemini-generate') return `${origin}/gemini`;
  return `${origin}/openai/v1`;
}
